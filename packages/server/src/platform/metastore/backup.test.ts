import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError, backupMetastore, restoreMetastore } from './backup.ts';
import { openMetastore, SQLITE_FILE_NAME } from './index.ts';

describe('metastore backup and restore (SQLite)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-backup-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a running metastore and restores it into an empty data dir with its data intact', async () => {
    const dataDir = tempDir();
    const metastore = openMetastore({ databaseUrl: null, dataDir });
    await metastore.migrate();
    await metastore.db
      .insertInto('key_value')
      .values({
        key: 'backup-probe',
        resource: 'test',
        value: 'финансы',
        created_on: '2024-01-01T00:00:00',
        created_by_fk: null,
        expires_on: null,
      })
      .execute();
    const backup = path.join(tempDir(), 'metastore.backup');
    try {
      // While the metastore is open, as a running server holds it (the write-ahead log not yet merged).
      expect(await backupMetastore({ databaseUrl: null, dataDir }, backup)).toContain(backup);
    } finally {
      await metastore.close();
    }
    expect(fs.statSync(backup).mode & 0o777).toBe(0o600);

    const restoredDir = path.join(tempDir(), 'data');
    await restoreMetastore({ databaseUrl: null, dataDir: restoredDir }, backup);
    const restored = openMetastore({ databaseUrl: null, dataDir: restoredDir });
    try {
      expect(await restored.migrate()).toEqual([]);
      const row = await restored.db
        .selectFrom('key_value')
        .select('value')
        .where('key', '=', 'backup-probe')
        .executeTakeFirst();
      expect(row?.value).toBe('финансы');
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over a metastore that has tables, and leaves it as it was', async () => {
    const dataDir = tempDir();
    const metastore = openMetastore({ databaseUrl: null, dataDir });
    await metastore.migrate();
    const backup = path.join(tempDir(), 'metastore.backup');
    await backupMetastore({ databaseUrl: null, dataDir }, backup);
    await metastore.close();
    const before = fs.readFileSync(path.join(dataDir, SQLITE_FILE_NAME));
    await expect(restoreMetastore({ databaseUrl: null, dataDir }, backup)).rejects.toThrow(/already holds/);
    expect(fs.readFileSync(path.join(dataDir, SQLITE_FILE_NAME)).equals(before)).toBe(true);
  });

  it('refuses a file that is not a Vitrina metastore, and a backup over an existing file', async () => {
    const dir = tempDir();
    const notBackup = path.join(dir, 'notes.txt');
    fs.writeFileSync(notBackup, 'hello');
    await expect(
      restoreMetastore({ databaseUrl: null, dataDir: path.join(dir, 'data') }, notBackup),
    ).rejects.toThrow(BackupError);
    await expect(
      restoreMetastore({ databaseUrl: null, dataDir: dir }, path.join(dir, 'missing')),
    ).rejects.toThrow(/No backup/);
    await expect(backupMetastore({ databaseUrl: null, dataDir: dir }, notBackup)).rejects.toThrow(/exists/);
  });
});
