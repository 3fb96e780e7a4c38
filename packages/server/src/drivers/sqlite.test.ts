import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ContractFixture, describeConnectionContract } from './connection.contract.ts';
import type { ConnectionSpec } from './driver.ts';
import { describeReadOnlyContract } from './readOnly.contract.ts';
import { sqliteDriver } from './sqlite.ts';

function fileSpec(file: string, query: Record<string, string> = {}): ConnectionSpec {
  return { engine: 'sqlite', username: null, password: null, host: null, port: null, database: file, query };
}

async function sqliteFixture(): Promise<ContractFixture | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-sqlite-'));
  const spec = fileSpec(path.join(dir, 'contract.sqlite'), { create: 'true' });
  return {
    engine: 'sqlite',
    connect: (options) =>
      sqliteDriver.connect(spec, { maxConnections: 3, queryTimeoutMs: 20_000, readOnly: false, ...options }),
    schema: null,
    listedSchema: 'main',
    types: {
      int: 'INTEGER',
      bigint: 'BIGINT',
      decimal: 'DECIMAL(12,2)',
      text: 'TEXT',
      timestamp: 'TIMESTAMP',
      date: 'DATE',
      boolean: 'BOOLEAN',
    },
    // SQLite keeps DECIMAL as a floating-point number (NUMERIC affinity).
    decimalValue: 1234.5,
    plainWeekStartsOn: 'sunday',
    slowSql:
      'WITH RECURSIVE vitrina_slow_marker(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM vitrina_slow_marker WHERE n < 100000000000) SELECT count(*) FROM vitrina_slow_marker',
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

describeConnectionContract('SQLite', sqliteFixture);
describeReadOnlyContract('SQLite', sqliteFixture);

describe('SQLite files', () => {
  it('does not create a missing file on a connection test', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-sqlite-'));
    const file = path.join(dir, 'missing.sqlite');
    const connection = sqliteDriver.connect(fileSpec(file), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: false,
    });
    try {
      await expect(connection.testConnection()).rejects.toMatchObject({
        errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
        extra: { engine_name: 'SQLite', invalid: ['database'] },
      });
      expect(existsSync(file)).toBe(false);
    } finally {
      await connection.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists attached databases as schemas', async () => {
    const connection = sqliteDriver.connect(fileSpec(':memory:'), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: false,
    });
    try {
      await connection.execute("ATTACH DATABASE ':memory:' AS extra");
      expect(await connection.listSchemas(null)).toEqual(['main', 'extra']);
      await connection.execute('CREATE TABLE extra.t (x INTEGER)');
      expect(await connection.listTables(null, 'extra')).toEqual([{ name: 't', type: 'table' }]);
    } finally {
      await connection.close();
    }
  });
});

describe('SQLite :memory: in read-only mode', () => {
  it('refuses writes through query_only, set again after any statement that is not a read', async () => {
    const db = sqliteDriver.connect(fileSpec(':memory:'), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: true,
    });
    const refused = { errorType: 'DML_NOT_ALLOWED_ERROR' };
    try {
      expect((await db.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
      await expect(db.execute('CREATE TABLE t (n INTEGER)')).rejects.toMatchObject(refused);
      await db.execute('PRAGMA query_only = OFF');
      await expect(db.execute('CREATE TABLE t (n INTEGER)')).rejects.toMatchObject(refused);
      const script = db.session({}, async (session) => {
        await session.execute('PRAGMA query_only = OFF');
        await session.execute('CREATE TABLE t (n INTEGER)');
      });
      await expect(script).rejects.toMatchObject(refused);
      await expect(db.execute('SELECT 1; CREATE TABLE t (n INTEGER)')).rejects.toMatchObject({
        errorType: expect.any(String),
      });
    } finally {
      await db.close();
    }
  });
});

describe('SQLite :memory: with a writer', () => {
  it('shares the one database between the read-only pool and its writer, which alone writes', async () => {
    const db = sqliteDriver.connect(fileSpec(':memory:'), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: true,
      serverWrites: true,
    });
    const refused = { errorType: 'DML_NOT_ALLOWED_ERROR' };
    try {
      const writer = db.writer();
      await writer.execute('CREATE TABLE t (n INTEGER)');
      await writer.execute('INSERT INTO t VALUES (1), (2)');
      expect((await db.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[2]]);
      await expect(db.execute('DELETE FROM t')).rejects.toMatchObject(refused);
      // The writer's last request left query_only off: the reader's next request sets it again.
      await writer.execute('INSERT INTO t VALUES (3)');
      await expect(db.execute('INSERT INTO t VALUES (4)')).rejects.toMatchObject(refused);
      await db.execute('PRAGMA query_only = OFF');
      await expect(db.execute('DELETE FROM t')).rejects.toMatchObject(refused);
      await writer.close();
      // Closing the writer leaves the database to the read-only pool that owns it.
      expect((await db.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[3]]);
    } finally {
      await db.close();
    }
  });
});
