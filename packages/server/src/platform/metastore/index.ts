import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { createPrivateFile, ensurePrivateDir, makeFilePrivate } from '../privateFiles.ts';
import { changesPlugin, MetastoreChanges } from './changes.ts';
import { markMetastoreError } from './connectionLoss.ts';
import type { MigrationDialect } from './migrationDialect.ts';
import { allMigrations } from './migrations/index.ts';
import type { MetastoreSchema } from './schema.ts';

export type MetastoreKind = 'sqlite' | 'postgres';

export interface Metastore {
  db: Kysely<MetastoreSchema>;
  kind: MetastoreKind;
  /** Writes to the tables the in-process caches read (changes.ts), here and, once shared, elsewhere. */
  changes: MetastoreChanges;
  /** Runs pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface MetastoreOptions {
  /** postgres://… for PostgreSQL; null for the SQLite file in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** Told when PostgreSQL drops an idle connection (logged by the caller). */
  onIdleError?: (error: Error) => void;
}

export const SQLITE_FILE_NAME = 'vitrina.db';

/** How long a new PostgreSQL connection may take before the request fails as the store unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;

export function openMetastore(options: MetastoreOptions): Metastore {
  if (options.databaseUrl) {
    // A server that accepts and never answers must not hold requests forever.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection lost while a statement runs on it (checked out, so the pool's idle listener is off)
    // emits 'error' too: without a listener that would end the process. The statement itself fails with
    // the same error, so the request answers 503 (markMetastoreError); the pool drops the connection.
    pool.on('connect', (client) => {
      client.on('error', markMetastoreError);
    });
    // pg returns COUNT(*) and BIGINT as strings; ids and counts here fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number(value));
    // Lost connections are marked as the metastore being unavailable (503, platform/unavailable.ts):
    // failures to connect here, failures of a running statement through Kysely's log hook.
    const markingPool = {
      connect: () =>
        pool.connect().catch((error: unknown) => {
          markMetastoreError(error);
          throw error;
        }),
      end: () => pool.end(),
    };
    return buildMetastore(
      new Kysely<MetastoreSchema>({
        dialect: new PostgresDialect({ pool: markingPool }),
        log: (event) => {
          if (event.level === 'error') markMetastoreError(event.error);
        },
      }),
      'postgres',
    );
  }
  ensurePrivateDir(options.dataDir);
  const filePath = path.join(options.dataDir, SQLITE_FILE_NAME);
  // SQLite gives its -wal and -shm files the mode of the database file: 0600 for all three.
  createPrivateFile(filePath);
  for (const suffix of ['-wal', '-shm', '-journal']) makeFilePrivate(`${filePath}${suffix}`);
  const file = new SQLite(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // SQLite's lower() folds ASCII only; case-insensitive search must work for Cyrillic names too.
  file.function('lower', { deterministic: true }, (value: unknown) =>
    value == null ? null : String(value).toLowerCase(),
  );
  return buildMetastore(
    new Kysely<MetastoreSchema>({ dialect: new SqliteDialect({ database: file }) }),
    'sqlite',
  );
}

function buildMetastore(bare: Kysely<MetastoreSchema>, kind: MetastoreKind): Metastore {
  const changes = new MetastoreChanges();
  const db = bare.withPlugin(changesPlugin(changes));
  const dialect: MigrationDialect = { serial: kind === 'postgres' ? 'serial' : 'integer' };
  const provider: MigrationProvider = {
    getMigrations: async (): Promise<Record<string, Migration>> => allMigrations(dialect),
  };
  const migrator = new Migrator({ db, provider, migrationTableName: 'schema_migrations' });
  return {
    db,
    kind,
    changes,
    async migrate() {
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    },
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/** Current time as stored in the metadata: ISO-8601 UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}
