import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDuckDbFileAtomically } from '../drivers/exampleData/duckdbFile.ts';
import { resolveSecretKey } from '../security/secretKey.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { prepareDataDir } from './privateFiles.ts';
import { createStagingDir, STAGING_ROOT } from './stagingDir.ts';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('files the server writes are readable by its own user only', () => {
  let harness: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    harness = await createTestApp();
    dataDir = harness.ctx.config.dataDir;
    // A write, so SQLite's write-ahead log and shared-memory files exist.
    await harness.createUser({ username: 'someone' });
  });
  afterAll(() => harness?.close());

  it('keeps the data dir, its files folder and the metastore with its journals private after start', () => {
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(harness.ctx.config.filesDir)).toBe(0o700);
    for (const name of ['vitrina.db', 'vitrina.db-wal', 'vitrina.db-shm']) {
      expect(mode(path.join(dataDir, name)), name).toBe(0o600);
    }
  });

  it('writes the generated secret key 0600', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-key-'));
    try {
      resolveSecretKey(null, path.join(dir, 'data'));
      expect(mode(path.join(dir, 'data'))).toBe(0o700);
      expect(mode(path.join(dir, 'data', 'secret_key'))).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tightens what an older version left readable, without following links', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-old-'));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-shared-'));
    try {
      const filesDir = path.join(dir, 'files');
      fs.mkdirSync(filesDir, { mode: 0o755 });
      fs.chmodSync(dir, 0o755);
      fs.writeFileSync(path.join(dir, 'secret_key'), 'old key', { mode: 0o644 });
      fs.writeFileSync(path.join(dir, 'vitrina.db'), '', { mode: 0o644 });
      fs.writeFileSync(path.join(filesDir, 'sales.duckdb'), '', { mode: 0o664 });
      const shared = path.join(outside, 'shared.parquet');
      fs.writeFileSync(shared, '', { mode: 0o644 });
      fs.symlinkSync(shared, path.join(filesDir, 'shared.parquet'));
      prepareDataDir({ dataDir: dir, filesDir });
      expect(mode(dir)).toBe(0o700);
      expect(mode(filesDir)).toBe(0o700);
      expect(mode(path.join(dir, 'secret_key'))).toBe(0o600);
      expect(mode(path.join(dir, 'vitrina.db'))).toBe(0o600);
      expect(mode(path.join(filesDir, 'sales.duckdb'))).toBe(0o600);
      expect(mode(shared)).toBe(0o644);
      expect(resolveSecretKey(null, dir)).toBe('old key');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('builds DuckDB files (the examples) 0600 and stages uploads in 0700 folders', async () => {
    const target = path.join(harness.ctx.config.filesDir, 'built.duckdb');
    await buildDuckDbFileAtomically(target, async (con) => {
      await con.run('CREATE TABLE t AS SELECT 1 AS x');
    });
    expect(mode(target)).toBe(0o600);
    const staged = createStagingDir();
    try {
      expect(mode(STAGING_ROOT)).toBe(0o700);
      expect(mode(staged)).toBe(0o700);
    } finally {
      fs.rmSync(staged, { recursive: true, force: true });
    }
  });
});
