import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ensurePrivateDir, makeFilePrivate } from '../privateFiles.ts';
import { SQLITE_FILE_NAME } from './index.ts';

/** What backup and restore need of the configuration. */
export interface BackupConfig {
  databaseUrl: string | null;
  dataDir: string;
}

/** A backup or restore that cannot be done; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The migrations table every Vitrina metastore has: a file without it is not one of our backups. */
const MIGRATIONS_TABLE = 'schema_migrations';

const SECRET_KEY_NOTE =
  'Keep the secret key with it (VITRINA_SECRET_KEY, or the secret_key file of the data dir): stored database passwords need it.';

/**
 * Writes a consistent copy of the metastore to `file` while the processes keep running: SQLite's
 * online backup API, or pg_dump's custom format for PostgreSQL. Returns what it did, for the console.
 */
export async function backupMetastore(config: BackupConfig, file: string): Promise<string> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists; choose a new file name`);
  if (config.databaseUrl) {
    await runPostgresTool(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${target}`],
      config.databaseUrl,
    );
    makeFilePrivate(target);
    return `Backed up the PostgreSQL metadata store to ${target}. ${SECRET_KEY_NOTE}`;
  }
  const source = path.join(config.dataDir, SQLITE_FILE_NAME);
  if (!fs.existsSync(source)) throw new BackupError(`No metadata store at ${source}`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  makeFilePrivate(target);
  return `Backed up ${source} to ${target}. ${SECRET_KEY_NOTE}`;
}

/**
 * Puts a backup in place of the metastore. Every process must be stopped first; a SQLite data dir
 * must not hold a metastore with tables yet (restore into a new data dir, or move the old file away),
 * and the backup is checked to be a sound Vitrina metastore before anything is written.
 */
export async function restoreMetastore(config: BackupConfig, file: string): Promise<string> {
  const backup = path.resolve(file);
  if (!fs.existsSync(backup)) throw new BackupError(`No backup at ${backup}`);
  if (config.databaseUrl) {
    // --clean --if-exists: the backup's tables replace the ones of the same name, nothing else is touched.
    await runPostgresTool('pg_restore', ['--clean', '--if-exists', '--no-owner', backup], config.databaseUrl);
    return `Restored ${backup} into the PostgreSQL metadata store`;
  }
  checkSqliteBackup(backup);
  ensurePrivateDir(config.dataDir);
  const target = path.join(config.dataDir, SQLITE_FILE_NAME);
  if (hasTables(target)) {
    throw new BackupError(
      `${target} already holds a metadata store; restore into an empty data dir or move it away`,
    );
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true });
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  makeFilePrivate(target);
  return `Restored ${backup} to ${target}`;
}

function checkSqliteBackup(file: string): void {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} is not a SQLite file: ${(error as Error).message}`);
  }
  try {
    const integrity = db.pragma('quick_check', { simple: true });
    const migrations = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(MIGRATIONS_TABLE) as { n: number };
    if (integrity !== 'ok' || migrations.n === 0) {
      throw new BackupError(`${file} is not a sound Vitrina metadata store backup`);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a SQLite file: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

function hasTables(file: string): boolean {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return false;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as {
      n: number;
    };
    return row.n > 0;
  } finally {
    db.close();
  }
}

/**
 * Runs pg_dump or pg_restore against the metastore. The connection goes in PG* variables, not in the
 * arguments, so the password never shows in the process list.
 */
function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...(url.username && { PGUSER: decodeURIComponent(url.username) }),
    ...(url.password && { PGPASSWORD: decodeURIComponent(url.password) }),
    ...(url.searchParams.get('sslmode') && { PGSSLMODE: url.searchParams.get('sslmode') as string }),
  };
  const dbArgs = tool === 'pg_restore' ? [`--dbname=${env.PGDATABASE}`] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, ...dbArgs], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} is not installed; install the PostgreSQL client tools of the server's version`
            : `${tool} failed to start: ${error.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} exited with code ${String(code)}`)),
    );
  });
}
