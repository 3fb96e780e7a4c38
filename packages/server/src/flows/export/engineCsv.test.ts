import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../drivers/driver.ts';
import { postgresqlDriver } from '../../drivers/postgresql.ts';
import { serviceAvailable, serviceSpec } from '../../testing/services.ts';
import { type CsvOptions, engineCsvOptions, prepareEngineCsv, writeCsv, writeEngineCsv } from './csv.ts';
import { ExportError } from './errors.ts';
import { prepareExport } from './source.ts';
import { collector, memoryDuckDb, trickyQuery } from './testing.ts';

/**
 * The engine's own CSV (DatabaseConnection.streamCsv) against the JavaScript writer, byte for byte,
 * on a table of tricky values, for every option the engine path honours: DuckDB (lines built in SQL)
 * and PostgreSQL (COPY of cells built in SQL).
 */

const OPTION_SETS: Array<[string, CsvOptions]> = [
  ['defaults', {}],
  ['semicolon and decimal comma', { delimiter: ';', decimalSeparator: ',' }],
  ['no BOM, LF', { bom: false, newline: '\n' }],
  ['no formula guard', { formulaGuard: false }],
  ['tab delimiter', { delimiter: '\t' }],
  ['dot delimiter', { delimiter: '.' }],
];

async function jsBytes(
  connection: DatabaseConnection,
  engine: EngineName,
  sql: string,
  options: CsvOptions,
  params?: unknown[],
): Promise<Buffer> {
  const out = collector();
  const source = await connection.stream(sql, params ? { params } : undefined);
  await writeCsv(await prepareExport(source, getDialect(engine).columnKind), out.sink, options);
  return out.bytes();
}

async function engineBytes(
  connection: DatabaseConnection,
  sql: string,
  options: CsvOptions,
  params?: unknown[],
): Promise<Buffer> {
  const rules = engineCsvOptions(options);
  if (!rules) throw new Error('no engine rules');
  const stream = await connection.streamCsv?.(sql, { ...rules, ...(params && { params }) });
  if (!stream) throw new Error('the engine declined');
  const out = collector();
  await writeEngineCsv(await prepareEngineCsv(stream), out.sink, options);
  return out.bytes();
}

interface EngineCase {
  engine: 'duckdb' | 'postgresql';
  open: () => Promise<DatabaseConnection | null>;
  query: string;
  /** A query with bound parameters: the same bytes, or null where the engine path declines them. */
  paramQuery: { sql: string; params: unknown[]; declined: boolean };
  /** A result with a column the path has no CSV form for. */
  declined: string;
  /** Option sets (by label) the path declines, leaving them to the JavaScript writer. */
  declinedOptions: string[];
  /** Three hundred thousand rows of an integer, a double and a decimal (id, f, d), in order. */
  manyRows: string;
  /** Millions of rows of an integer and a text (n, t). */
  huge: string;
  /** A query that runs for a long time. */
  slow: string;
  /** More results to compare byte for byte, by name (the engine's own edge values). */
  more: Record<string, string>;
}

function describeEngine({
  engine,
  open,
  query,
  paramQuery,
  declined,
  declinedOptions,
  manyRows,
  huge,
  slow,
  more,
}: EngineCase) {
  describe(`${engine}: the engine's CSV`, () => {
    let connection: DatabaseConnection | null = null;
    beforeAll(async () => {
      connection = await open();
    });
    afterAll(async () => {
      await connection?.close();
    });

    for (const [label, options] of OPTION_SETS) {
      if (declinedOptions.includes(label)) {
        it(`declines what it would write differently (${label})`, async (ctx) => {
          if (!connection) return ctx.skip();
          expect(await connection.streamCsv?.(query, engineCsvOptions(options)!)).toBeNull();
        });
        continue;
      }
      it(`writes the same bytes as the JavaScript writer (${label})`, async (ctx) => {
        if (!connection) return ctx.skip();
        const expected = await jsBytes(connection, engine, query, options);
        const actual = await engineBytes(connection, query, options);
        expect(actual.toString('utf8')).toBe(expected.toString('utf8'));
        expect(actual.equals(expected)).toBe(true);
      });
    }

    for (const [name, sql] of Object.entries(more)) {
      it(`writes the same bytes as the JavaScript writer (${name})`, async (ctx) => {
        if (!connection) return ctx.skip();
        for (const options of [{}, { delimiter: ';', decimalSeparator: ',' } as const]) {
          const expected = await jsBytes(connection, engine, sql, options);
          const actual = await engineBytes(connection, sql, options);
          expect(actual.toString('utf8')).toBe(expected.toString('utf8'));
        }
      });
    }

    it("keeps the rows' order on a result of several row groups", async (ctx) => {
      if (!connection) return ctx.skip();
      const expected = await jsBytes(connection, engine, manyRows, {});
      const actual = await engineBytes(connection, manyRows, {});
      expect(actual.length).toBe(expected.length);
      expect(actual.equals(expected)).toBe(true);
    });

    it('keeps the BOM, the guard and quoting where they belong', async (ctx) => {
      if (!connection) return ctx.skip();
      const text = (await engineBytes(connection, query, {})).toString('utf8');
      expect(text.startsWith('\ufeffid,"name, with comma",ratio,amount,ts,day,flag,big\r\n')).toBe(true);
      expect(text).toContain(`'=SUM(A1)`);
      expect(text).toContain(`'\\|pipe\\|`);
      expect(text).toContain(',-12.5,');
      expect(text).toContain('"say ""hi"""');
      expect(text).toContain('"line\nbreak"');
      expect(text).toContain('1000000000000000000000');
      expect(text).toContain('0.00000015');
      expect(text).toContain('2024-03-13 10:37:42.5');
    });

    it(
      paramQuery.declined ? 'declines bound parameters' : 'binds parameters as stream() does',
      async (ctx) => {
        if (!connection) return ctx.skip();
        if (paramQuery.declined) {
          const options = { ...engineCsvOptions({})!, params: paramQuery.params };
          expect(await connection.streamCsv?.(paramQuery.sql, options)).toBeNull();
          return;
        }
        const expected = await jsBytes(connection, engine, paramQuery.sql, {}, paramQuery.params);
        const actual = await engineBytes(connection, paramQuery.sql, {}, paramQuery.params);
        expect(actual.toString('utf8')).toBe(expected.toString('utf8'));
      },
    );

    it('answers NO_DATA for an empty result before writing anything', async (ctx) => {
      if (!connection) return ctx.skip();
      const stream = await connection.streamCsv?.(`SELECT * FROM (${query}) AS q WHERE id < 0`, {
        ...engineCsvOptions({})!,
      });
      if (!stream) throw new Error('declined');
      await expect(prepareEngineCsv(stream)).rejects.toMatchObject({ code: 'NO_DATA' });
    });

    it('declines a result with a column it cannot write as the JavaScript writer does', async (ctx) => {
      if (!connection) return ctx.skip();
      expect(await connection.streamCsv?.(declined, engineCsvOptions({})!)).toBeNull();
      expect(await connection.streamCsv?.('DELETE FROM no_such_table', engineCsvOptions({})!)).toBeNull();
    });

    it('stops the query when the reader gives up early, and the pool serves the next query', async (ctx) => {
      if (!connection) return ctx.skip();
      const stream = await connection.streamCsv?.(huge, engineCsvOptions({})!);
      if (!stream) throw new Error('declined');
      for await (const chunk of stream.chunks) {
        expect(chunk.length).toBeGreaterThan(0);
        break;
      }
      const after = await connection.execute('SELECT 1 AS one');
      expect(after.rows).toEqual([[1]]);
    });

    it('times out as stream() does', async (ctx) => {
      if (!connection) return ctx.skip();
      const run = async () => {
        const stream = await connection!.streamCsv?.(slow, { ...engineCsvOptions({})!, timeoutMs: 200 });
        if (!stream) throw new Error('declined');
        await prepareEngineCsv(stream);
      };
      await expect(run()).rejects.toSatisfy((error: unknown) =>
        error instanceof ExportError
          ? (error.cause as { errorType?: string }).errorType === 'SQLLAB_TIMEOUT_ERROR'
          : (error as { errorType?: string }).errorType === 'SQLLAB_TIMEOUT_ERROR',
      );
      const after = await connection.execute('SELECT 1 AS one');
      expect(after.rows).toEqual([[1]]);
    });
  });
}

describeEngine({
  engine: 'duckdb',
  open: async () => memoryDuckDb(),
  query: trickyQuery({
    text: 'VARCHAR',
    float: 'DOUBLE',
    decimal: 'DECIMAL(18,2)',
    timestamp: 'TIMESTAMP',
    date: 'DATE',
    bigint: 'BIGINT',
  }),
  paramQuery: {
    sql: 'SELECT range AS n, CAST(range * 0.5 AS DOUBLE) AS half, $1 || CAST(range AS VARCHAR) AS label FROM range(5000) WHERE range >= $2',
    params: ['=x', 10],
    declined: false,
  },
  declined: 'SELECT [1, 2] AS list',
  declinedOptions: [],
  manyRows:
    'SELECT range AS id, range * 0.25 AS f, CAST(range * 0.25 AS DECIMAL(18,2)) AS d FROM range(300000)',
  huge: 'SELECT range AS n, CAST(range AS VARCHAR) AS t FROM range(3000000)',
  slow: 'SELECT count(*) AS n FROM range(100000000000) AS a',
  more: {
    'decimal edges': `SELECT * FROM (VALUES (1, CAST('12345678901234567' AS DECIMAL(38,10))),
      (2, CAST('-0.5' AS DECIMAL(38,10))), (3, CAST('123456789012345.6789' AS DECIMAL(38,10))),
      (4, CAST('0.0000000001' AS DECIMAL(38,10))), (5, NULL)) AS v(id, n) ORDER BY id`,
  },
});

describeEngine({
  engine: 'postgresql',
  open: async () =>
    (await serviceAvailable('postgres'))
      ? postgresqlDriver.connect(serviceSpec('postgresql'), {
          maxConnections: 2,
          queryTimeoutMs: 20_000,
          readOnly: true,
        })
      : null,
  query: trickyQuery({
    text: 'TEXT',
    float: 'DOUBLE PRECISION',
    decimal: 'NUMERIC(18,2)',
    timestamp: 'TIMESTAMP',
    date: 'DATE',
    bigint: 'BIGINT',
  }),
  // COPY takes no parameters: the server quotes them into the text (a quote, a backslash, a formula).
  paramQuery: {
    sql: "SELECT n, CAST(n * 0.5 AS double precision) AS half, $1 || CAST(n AS text) AS label, '$1 stays' AS note FROM generate_series(0, 4999) AS n WHERE n >= $2 /* $2 */ ORDER BY n",
    params: ["=x'\\y", 10],
    declined: false,
  },
  declined: 'SELECT ARRAY[1, 2] AS list',
  // A timestamp's `.` is bare in the writer's line, and COPY would quote it.
  declinedOptions: ['dot delimiter'],
  manyRows:
    'SELECT n AS id, n * 0.25::float8 AS f, CAST(n * 0.25 AS NUMERIC(18,2)) AS d FROM generate_series(0, 299999) AS n ORDER BY n',
  huge: 'SELECT n, CAST(n AS text) AS t FROM generate_series(1, 3000000) AS n',
  slow: 'SELECT count(*) AS n FROM generate_series(1, 2000000000) AS a',
  more: {
    // Unconstrained numeric: NaN and the infinities (PostgreSQL 14), long whole values and fractions.
    'numeric edges': `SELECT * FROM (VALUES (1, 'NaN'::numeric), (2, 'Infinity'), (3, '-Infinity'),
      (4, 12345678901234567), (5, -0.5), (6, 123456789012345.6789), (7, 0.00000000000000000001),
      (8, 100.000), (9, NULL)) AS v(id, n) ORDER BY id`,
  },
});

describe('postgresql: a stopped CSV export', () => {
  it('leaves nothing running in the database, whichever statement the stop met', async (ctx) => {
    if (!(await serviceAvailable('postgres'))) return ctx.skip();
    const spec = serviceSpec('postgresql');
    const connection = postgresqlDriver.connect(spec, {
      maxConnections: 2,
      queryTimeoutMs: 20_000,
      readOnly: true,
    });
    const marker = `vitrina_stopped_export_${process.pid}`;
    const slow = `SELECT count(*) AS ${marker} FROM generate_series(1, 2000000000) AS a`;
    const running = () =>
      connection.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND strpos(query, $1) > 0",
        { params: [marker] },
      );
    try {
      // Stops landing in turn on the parameters' quoting, the probe, the COPY's start and the COPY.
      for (const timeoutMs of [1, 2, 4, 8, 15, 30, 60, 120, 250]) {
        await connection
          .streamCsv?.(slow, { ...engineCsvOptions({})!, timeoutMs })
          .then((stream) => stream && prepareEngineCsv(stream))
          .catch(() => undefined);
      }
      let left = -1;
      for (let wait = 0; wait < 50 && left !== 0; wait++) {
        left = Number((await running()).rows[0]?.[0]);
        if (left !== 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(left).toBe(0);
    } finally {
      await connection.close();
    }
  });
});
