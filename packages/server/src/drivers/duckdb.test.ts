import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStagingDir } from '../platform/stagingDir.ts';
import { MEMORY_DUCKDB } from '../testing/services.ts';
import { type ContractFixture, describeConnectionContract } from './connection.contract.ts';
import type { ConnectionSpec } from './driver.ts';
import { duckdbDriver } from './duckdb.ts';
import { describeReadOnlyContract } from './readOnly.contract.ts';

function fileSpec(file: string, query: Record<string, string> = {}): ConnectionSpec {
  return { engine: 'duckdb', username: null, password: null, host: null, port: null, database: file, query };
}

async function duckdbFixture(): Promise<ContractFixture | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-'));
  const spec = fileSpec(path.join(dir, 'contract.duckdb'), { create: 'true' });
  return {
    engine: 'duckdb',
    connect: (options) =>
      duckdbDriver.connect(spec, { maxConnections: 3, queryTimeoutMs: 20_000, readOnly: false, ...options }),
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
    decimalValue: 1234.5,
    plainWeekStartsOn: 'monday',
    slowSql:
      'SELECT sum(a.range * b.range) AS vitrina_slow_marker FROM range(100000000) a, range(100000000) b',
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

describeConnectionContract('DuckDB', duckdbFixture);
describeReadOnlyContract('DuckDB', duckdbFixture);

describe('DuckDB files', () => {
  it('does not create a missing file on a connection test', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-'));
    const file = path.join(dir, 'missing.duckdb');
    const connection = duckdbDriver.connect(fileSpec(file), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: false,
    });
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
    const a = duckdbDriver.connect(spec, { maxConnections: 2, queryTimeoutMs: 5000, readOnly: false });
    const b = duckdbDriver.connect(spec, { maxConnections: 2, queryTimeoutMs: 5000, readOnly: false });
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
      readOnly: false,
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
    const connection = duckdbDriver.connect(MEMORY_DUCKDB, {
      maxConnections: 2,
      queryTimeoutMs: 5000,
      readOnly: false,
    });
    try {
      await connection.execute('CREATE SCHEMA sales');
      await connection.execute('CREATE TABLE sales.orders AS SELECT 42 AS amount');
      const rows = await connection.session({ schema: 'sales' }, async (session) => {
        // Settings are locked (the sandbox); a variable is what a session may still set.
        await session.execute('SET VARIABLE marker = 1');
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

  it("keeps SQL away from the server's files, staged uploads included, on readers and writers", async () => {
    const staged = createStagingDir();
    const file = path.join(staged, 'rows.csv');
    writeFileSync(file, 'a,b\n1,2\n3,4\n');
    const reader = duckdbDriver.connect(memory(), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: true,
      serverWrites: true,
    });
    try {
      for (const connection of [reader, reader.writer()]) {
        for (const sql of [
          "SELECT * FROM read_csv('/etc/passwd')",
          `SELECT count(*) AS n FROM read_csv('${file}')`,
          `SELECT * FROM read_text('${file}')`,
          `SELECT * FROM glob('${staged}/*')`,
        ]) {
          await expect(connection.execute(sql), sql).rejects.toMatchObject({
            message: expect.stringContaining('file system operations are disabled'),
          });
        }
        await expect(connection.execute("COPY (SELECT 1) TO '/tmp/vitrina-escape.csv'")).rejects.toThrow();
        expect(existsSync('/tmp/vitrina-escape.csv')).toBe(false);
      }
    } finally {
      await reader.close();
      rmSync(staged, { recursive: true, force: true });
    }
  });

  it('keeps the sandbox closed whatever connect_args or SQL try, for file and memory databases', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrina-sandbox-'));
    const secret = path.join(dataDir, 'secret_key');
    writeFileSync(secret, 'signing-key');
    const specs = [
      memory({ allow_external_access: true, config: { enable_external_access: 'true' } }),
      {
        ...fileSpec(path.join(dataDir, 'user.duckdb'), { create: 'true' }),
        connectArgs: { allow_external_access: true },
      },
    ];
    const modes = [{ readOnly: false }, { readOnly: true }, { readOnly: true, serverWrites: true }];
    for (const spec of specs) {
      for (const mode of modes) {
        const connection = duckdbDriver.connect(spec, { maxConnections: 1, queryTimeoutMs: 5000, ...mode });
        try {
          for (const sql of [
            `SELECT * FROM read_text('${secret}')`,
            `SELECT * FROM read_csv('${secret}', header = false)`,
            `SELECT * FROM glob('${dataDir}/*')`,
            `ATTACH '${path.join(dataDir, 'other.duckdb')}' AS other`,
            'SET enable_external_access = true',
            'SET GLOBAL enable_external_access = true',
            'RESET enable_external_access',
            "SET allowed_directories = ['/']",
            'SET lock_configuration = false',
            'SET autoload_known_extensions = true',
            'LOAD httpfs',
            'INSTALL httpfs',
          ]) {
            await expect(connection.execute(sql), `${spec.database} ${sql}`).rejects.toThrow();
          }
          // The sandbox is still closed after all that, on the same pooled connection.
          await expect(connection.execute(`SELECT * FROM read_text('${secret}')`)).rejects.toMatchObject({
            message: expect.stringContaining('file system operations are disabled'),
          });
          const settings = await connection.execute(
            "SELECT current_setting('enable_external_access'), current_setting('lock_configuration'), current_setting('autoload_known_extensions'), current_setting('autoinstall_known_extensions')",
          );
          expect(settings.rows).toEqual([[false, true, false, false]]);
        } finally {
          await connection.close();
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('DuckDB :memory: in read-only mode', () => {
  it('is an empty database named memory whose writes the engine refuses', async () => {
    const memory = fileSpec(':memory:');
    const db = duckdbDriver.connect(memory, { maxConnections: 1, queryTimeoutMs: 5000, readOnly: true });
    const writable = duckdbDriver.connect(memory, {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: false,
    });
    try {
      expect((await db.execute('SELECT current_database() AS d')).rows).toEqual([['memory']]);
      expect(await db.listTables(null, null)).toEqual([]);
      await expect(db.execute('CREATE TABLE t (n INTEGER)')).rejects.toMatchObject({
        errorType: 'DML_NOT_ALLOWED_ERROR',
      });
      await expect(db.execute('SELECT 1; CREATE TABLE t (n INTEGER)')).rejects.toMatchObject({
        errorType: expect.any(String),
      });
      await writable.execute('CREATE TABLE t (n INTEGER)');
      await expect(writable.execute('SELECT 1; DROP TABLE t')).rejects.toMatchObject({
        errorType: expect.any(String),
      });
      expect(await writable.listTables(null, null)).toEqual([{ name: 't', type: 'table' }]);
    } finally {
      await db.close();
      await writable.close();
    }
  });
});

describe('DuckDB with a writer', () => {
  it(':memory: is one database for the read-only pool and its writer, which alone writes', async () => {
    const db = duckdbDriver.connect(fileSpec(':memory:'), {
      maxConnections: 2,
      queryTimeoutMs: 5000,
      readOnly: true,
      serverWrites: true,
    });
    const refused = { errorType: 'DML_NOT_ALLOWED_ERROR' };
    try {
      const writer = db.writer();
      await writer.execute('CREATE TABLE t AS SELECT range AS n FROM range(3)');
      expect((await db.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[3]]);
      await writer.execute('CREATE SEQUENCE s');
      for (const sql of ['DELETE FROM t', 'CREATE TABLE u (n INTEGER)', "SELECT nextval('s')"]) {
        await expect(db.execute(sql), sql).rejects.toMatchObject(refused);
      }
      // A statement that ends the read-only transaction is refused and its connection dropped.
      await expect(db.execute('COMMIT')).rejects.toMatchObject(refused);
      await expect(db.execute('ABORT')).rejects.toMatchObject(refused);
      await expect(
        db.stream('DELETE FROM t').then((s) => s.batches[Symbol.asyncIterator]().next()),
      ).rejects.toMatchObject(refused);
      expect((await db.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[3]]);
    } finally {
      await db.close();
    }
  });

  it('a file opens one writable instance for both: the reader sees each write at once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-'));
    const spec = fileSpec(path.join(dir, 'shared.duckdb'), { create: 'true' });
    const db = duckdbDriver.connect(spec, {
      maxConnections: 2,
      queryTimeoutMs: 5000,
      readOnly: true,
      serverWrites: true,
    });
    try {
      // The reader's connection is open (and its instance) before the writer writes.
      expect((await db.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
      const writer = db.writer();
      for (let n = 1; n <= 3; n++) {
        await writer.execute(`CREATE OR REPLACE TABLE t AS SELECT range AS n FROM range(${n})`);
        expect((await db.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[n]]);
      }
      await expect(db.execute('DROP TABLE t')).rejects.toMatchObject({ errorType: 'DML_NOT_ALLOWED_ERROR' });
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('DuckDB files shared with other processes (scaled out)', () => {
  it('opens a database taking uploads READ_ONLY, so another process reads it too; writer() says why not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-duckdb-'));
    const file = path.join(dir, 'examples.duckdb');
    const seed = duckdbDriver.connect(fileSpec(file, { create: 'true' }), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: false,
    });
    await seed.execute('CREATE TABLE t AS SELECT range AS n FROM range(3)');
    await seed.close();
    const db = duckdbDriver.connect(fileSpec(file), {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: true,
      serverWrites: true,
      sharedFiles: true,
    });
    try {
      expect((await db.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[3]]);
      // Another process opens the file while this one holds it: only a READ_ONLY holder allows that.
      const other = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { DuckDBInstance } from '@duckdb/node-api';
           const instance = await DuckDBInstance.create(${JSON.stringify(file)}, { access_mode: 'READ_ONLY' });
           const reader = await instance.connect();
           console.log(Number((await reader.runAndReadAll('SELECT count(*) AS n FROM t')).getRows()[0][0]));`,
        ],
        { cwd: import.meta.dirname, encoding: 'utf8' },
      );
      expect(other.stderr).toBe('');
      expect(other.stdout.trim()).toBe('3');
      expect(() => db.writer()).toThrow(/read-only while Vitrina runs as separate processes/);
      await expect(db.execute('DROP TABLE t')).rejects.toMatchObject({ errorType: 'DML_NOT_ALLOWED_ERROR' });
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
