import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStagingDir } from '../platform/stagingDir.ts';
import { describeConnectionContract } from './connection.contract.ts';
import type { ConnectionSpec } from './driver.ts';
import { duckdbDriver } from './duckdb.ts';

function fileSpec(file: string, query: Record<string, string> = {}): ConnectionSpec {
  return { engine: 'duckdb', username: null, password: null, host: null, port: null, database: file, query };
}

describeConnectionContract('DuckDB', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-'));
  const spec = fileSpec(path.join(dir, 'contract.duckdb'), { create: 'true' });
  return {
    engine: 'duckdb',
    connect: (options) =>
      duckdbDriver.connect(spec, { maxConnections: 3, queryTimeoutMs: 20_000, ...options }),
    schema: null,
    listedSchema: 'main',
    types: {
      int: 'INTEGER',
      bigint: 'BIGINT',
      decimal: 'DECIMAL(12,2)',
      text: 'VARCHAR',
      timestamp: 'TIMESTAMP',
      date: 'DATE',
      boolean: 'BOOLEAN',
    },
    decimalValue: '1234.50',
    plainWeekStartsOn: 'monday',
    slowSql:
      'SELECT sum(a.range * b.range) AS vitrina_slow_marker FROM range(100000000) a, range(100000000) b',
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('DuckDB files', () => {
  it('does not create a missing file on a connection test', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-'));
    const file = path.join(dir, 'missing.duckdb');
    const connection = duckdbDriver.connect(fileSpec(file), { maxConnections: 1, queryTimeoutMs: 5000 });
    try {
      await expect(connection.testConnection()).rejects.toMatchObject({
        errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
        extra: { engine_name: 'DuckDB', invalid: ['database'] },
      });
      expect(existsSync(file)).toBe(false);
    } finally {
      await connection.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shares one instance per file between pools', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-'));
    const spec = fileSpec(path.join(dir, 'shared.duckdb'), { create: 'true' });
    const a = duckdbDriver.connect(spec, { maxConnections: 2, queryTimeoutMs: 5000 });
    const b = duckdbDriver.connect(spec, { maxConnections: 2, queryTimeoutMs: 5000 });
    try {
      await a.execute('CREATE TABLE t AS SELECT 1 AS x');
      expect((await b.execute('SELECT x FROM t')).rows).toEqual([[1]]);
      await a.close();
      expect((await b.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[1]]);
    } finally {
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('returns nested and exotic values in JSON-friendly forms', async () => {
    const connection = duckdbDriver.connect(fileSpec(':memory:'), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
    });
    try {
      const result = await connection.execute(
        `SELECT 170141183460469231731687303715884105727::HUGEINT AS h, [1, 2] AS l, {'a': DATE '2024-01-02'} AS s,
                TIMESTAMPTZ '2024-03-13 10:37:42.5+03' AS tz, '\\x01\\x02'::BLOB AS bin, TIME '10:11:12' AS t, 'NaN'::DOUBLE AS nan`,
      );
      expect(result.rows).toEqual([
        [
          '170141183460469231731687303715884105727',
          [1, 2],
          { a: '2024-01-02' },
          '2024-03-13T07:37:42.5Z',
          'AQI=',
          '10:11:12',
          null,
        ],
      ]);
    } finally {
      await connection.close();
    }
  });
});

describe('DuckDB sessions', () => {
  it("resolves unqualified names in the session's schema, on that session only", async () => {
    const connection = duckdbDriver.connect(
      {
        engine: 'duckdb',
        username: null,
        password: null,
        host: null,
        port: null,
        database: ':memory:',
        query: {},
      },
      { maxConnections: 2, queryTimeoutMs: 5000 },
    );
    try {
      await connection.execute('CREATE SCHEMA sales');
      await connection.execute('CREATE TABLE sales.orders AS SELECT 42 AS amount');
      const rows = await connection.session({ schema: 'sales' }, async (session) => {
        await session.execute('SET threads = 1');
        return (await session.execute('SELECT amount FROM orders')).rows;
      });
      expect(rows).toEqual([[42]]);
      await expect(connection.execute('SELECT amount FROM orders')).rejects.toMatchObject({
        errorType: 'TABLE_DOES_NOT_EXIST_ERROR',
      });
      await expect(
        connection.session({ schema: 'no_such_schema' }, (session) => session.execute('SELECT 1')),
      ).rejects.toThrow(/no_such_schema/);
    } finally {
      await connection.close();
    }
  });
});

describe('DuckDB file-system sandbox', () => {
  const memory = (connectArgs?: Record<string, unknown>): ConnectionSpec => ({
    ...fileSpec(':memory:'),
    ...(connectArgs && { connectArgs }),
  });

  it("keeps SQL away from the server's files but lets it read staged uploads", async () => {
    const staged = createStagingDir();
    const file = path.join(staged, 'rows.csv');
    writeFileSync(file, 'a,b\n1,2\n3,4\n');
    const connection = duckdbDriver.connect(memory(), { maxConnections: 1, queryTimeoutMs: 5000 });
    try {
      await expect(connection.execute("SELECT * FROM read_csv('/etc/passwd')")).rejects.toMatchObject({
        message: expect.stringContaining('file system operations are disabled'),
      });
      await expect(connection.execute("COPY (SELECT 1) TO '/tmp/vitrina-escape.csv'")).rejects.toThrow();
      expect(existsSync('/tmp/vitrina-escape.csv')).toBe(false);
      const rows = await connection.execute(`SELECT count(*) AS n FROM read_csv('${file}')`);
      expect(rows.rows).toEqual([[2]]);
    } finally {
      await connection.close();
      rmSync(staged, { recursive: true, force: true });
    }
  });

  it('opens the file system when the database allows external access', async () => {
    const connection = duckdbDriver.connect(memory({ allow_external_access: true }), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
    });
    try {
      const rows = await connection.execute(
        "SELECT count(*) > 0 AS ok FROM read_csv('/etc/passwd', header = false)",
      );
      expect(rows.rows).toEqual([[true]]);
    } finally {
      await connection.close();
    }
  });
});
