import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normalizeQueryObject } from '@vitrina/common/query/normalize';
import { joinTimeOffset, offsetQuery, xAxisOf } from '@vitrina/common/query/timeOffsets';
import {
  CASES_NOW,
  SALES_CASES,
  SALES_COLUMNS,
  SALES_ROWS,
  type SalesColumnKind,
  salesDataset,
  virtualSalesDataset,
} from '@vitrina/common/sql/compiler/__fixtures__/salesCases';
import { compileQuery } from '@vitrina/common/sql/compiler/compileQuery';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
import { dialects } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionSpec, DatabaseConnection } from '../../drivers/driver.ts';
import { getDriver } from '../../drivers/index.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';

/**
 * The golden cases of common/sql/compiler, compiled and executed on real engines over the same
 * small table: every engine must answer the same rows (numbers and timestamps normalised), and the
 * filter cases must answer the ids worked out by hand (NULL semantics included).
 */

/** Native column types per engine for the fixture's column kinds (test data only). */
const NATIVE_TYPES: Partial<Record<EngineName, Record<SalesColumnKind, string>>> = {
  duckdb: {
    INTEGER: 'INTEGER',
    STRING: 'VARCHAR',
    DOUBLE: 'DOUBLE',
    TIMESTAMP: 'TIMESTAMP',
    BOOLEAN: 'BOOLEAN',
  },
  sqlite: { INTEGER: 'INTEGER', STRING: 'TEXT', DOUBLE: 'REAL', TIMESTAMP: 'TIMESTAMP', BOOLEAN: 'BOOLEAN' },
  postgresql: {
    INTEGER: 'INTEGER',
    STRING: 'VARCHAR(100)',
    DOUBLE: 'DOUBLE PRECISION',
    TIMESTAMP: 'TIMESTAMP',
    BOOLEAN: 'BOOLEAN',
  },
  mysql: {
    INTEGER: 'INT',
    STRING: 'VARCHAR(100)',
    DOUBLE: 'DOUBLE',
    TIMESTAMP: 'DATETIME',
    BOOLEAN: 'BOOLEAN',
  },
};

const ALL_IDS = SALES_ROWS.map((row) => Number(row[0]));

/** The ids each single-filter case must answer, worked out by hand from SALES_ROWS. */
const EXPECTED_IDS: Record<string, number[]> = {
  'filter ==': [1, 2, 10],
  'filter == null': [9],
  'filter !=': [3, 4, 5, 6, 7, 8, 11, 12],
  'filter <': [4, 9, 10, 12],
  'filter <=': [4, 8, 9, 10, 12],
  'filter >': [3, 5, 6, 10, 12],
  'filter >=': [3, 5, 6, 10, 12],
  'filter IN': [1, 2, 3, 4, 10, 12],
  'filter IN with null': [9, 11],
  'filter IN empty': [],
  'filter NOT IN': [5, 6, 7, 8, 11],
  'filter NOT IN with null': [3, 4, 5, 6, 7, 8, 11, 12],
  'filter NOT IN empty': ALL_IDS,
  'filter LIKE': [2, 7, 8, 11],
  'filter LIKE with underscore': [11],
  'filter NOT LIKE': [1, 2, 5, 6, 7, 8, 10, 12],
  'filter ILIKE': [1, 10],
  'filter IS NULL': [7],
  'filter IS NOT NULL': ALL_IDS.filter((id) => id !== 9),
  'filter IS TRUE': [2, 6, 11],
  'filter IS FALSE': [1, 3, 5, 7, 8, 10, 12],
  'filter TEMPORAL_RANGE relative': [7, 8, 9, 10, 11, 12],
  'filter with a Cyrillic value': [5],
  'row offset': [3, 4, 5],
  'where clause': [3, 5, 6, 7, 11, 12],
};

interface LoadedEngine {
  engine: EngineName;
  dialect: SqlDialect;
  connection: DatabaseConnection;
  schema: string | null;
  /** The table as the virtual dataset's SQL names it. */
  tableSql: string;
  cleanup(): Promise<void>;
}

const POOL = { maxConnections: 2, queryTimeoutMs: 30_000, readOnly: false };
const TABLE = 'sales';

function fileSpec(engine: EngineName, file: string): ConnectionSpec {
  return {
    engine,
    username: null,
    password: null,
    host: null,
    port: null,
    database: file,
    query: { create: 'true' },
  };
}

function serverSpec(engine: EngineName, url: string, database: string | null): ConnectionSpec {
  const parsed = new URL(url);
  return {
    engine,
    username: decodeURIComponent(parsed.username) || null,
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
    host: parsed.hostname,
    port: Number(parsed.port),
    database: database ?? (parsed.pathname.slice(1) || null),
    query: {},
  };
}

async function load(
  engine: EngineName,
  connection: DatabaseConnection,
  schema: string | null,
): Promise<string> {
  const dialect = dialects[engine];
  const types = NATIVE_TYPES[engine];
  if (!types) throw new Error(`No native types for ${engine}`);
  const table = dialect.qualifiedTable({ schema, table: TABLE });
  const columns = SALES_COLUMNS.map(([name, kind]) => `${dialect.quoteIdentifier(name)} ${types[kind]}`);
  await connection.execute(`CREATE TABLE ${table} (${columns.join(', ')})`);
  const rows = SALES_ROWS.map((row) => `(${row.map((value) => dialect.literal(value)).join(', ')})`);
  await connection.execute(`INSERT INTO ${table} VALUES ${rows.join(', ')}`);
  return table;
}

async function embedded(engine: 'duckdb' | 'sqlite', dir: string): Promise<LoadedEngine> {
  const connection = getDriver(engine).connect(fileSpec(engine, path.join(dir, `${engine}.db`)), POOL);
  const tableSql = await load(engine, connection, null);
  return {
    engine,
    dialect: dialects[engine],
    connection,
    schema: null,
    tableSql,
    cleanup: () => connection.close(),
  };
}

async function postgres(): Promise<LoadedEngine> {
  const connection = getDriver('postgresql').connect(
    serverSpec('postgresql', SERVICES.postgres.url, null),
    POOL,
  );
  const schema = `vitrina_cc_${process.pid}_${Date.now()}`;
  await connection.execute(`CREATE SCHEMA ${dialects.postgresql.quoteIdentifier(schema)}`);
  const tableSql = await load('postgresql', connection, schema);
  return {
    engine: 'postgresql',
    dialect: dialects.postgresql,
    connection,
    schema,
    tableSql,
    async cleanup() {
      await connection.execute(`DROP SCHEMA ${dialects.postgresql.quoteIdentifier(schema)} CASCADE`);
      await connection.close();
    },
  };
}

async function mariadb(): Promise<LoadedEngine> {
  const admin = getDriver('mysql').connect(serverSpec('mysql', SERVICES.mariadb.url, null), POOL);
  const database = `vitrina_cc_${process.pid}_${Date.now()}`;
  await admin.execute(`CREATE DATABASE ${dialects.mysql.quoteIdentifier(database)} CHARACTER SET utf8mb4`);
  const connection = getDriver('mysql').connect(serverSpec('mysql', SERVICES.mariadb.url, database), POOL);
  const tableSql = await load('mysql', connection, null);
  return {
    engine: 'mysql',
    dialect: dialects.mysql,
    connection,
    schema: null,
    tableSql,
    async cleanup() {
      await connection.close();
      await admin.execute(`DROP DATABASE ${dialects.mysql.quoteIdentifier(database)}`);
      await admin.close();
    },
  };
}

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;
const TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** One spelling per value: numbers rounded (decimals arrive as text), timestamps as `YYYY-MM-DDTHH:MM:SS`. */
function normalizeValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Math.round(value * 1e6) / 1e6;
  if (value instanceof Date) return value.toISOString().slice(0, 19);
  if (typeof value === 'string') {
    if (NUMERIC_TEXT.test(value)) return Math.round(Number(value) * 1e6) / 1e6;
    const timestamp = TIMESTAMP_TEXT.exec(value);
    if (timestamp) return `${timestamp[1]}T${timestamp[2] ?? '00:00:00'}`;
  }
  return value;
}

interface Answer {
  columns: string[];
  rows: unknown[][];
}

function sortedRows(rows: unknown[][]): unknown[][] {
  return [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('compiled queries agree across engines', () => {
  const engines: LoadedEngine[] = [];
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrina-conformance-'));
    engines.push(await embedded('duckdb', dir), await embedded('sqlite', dir));
    if (await serviceAvailable('postgres')) engines.push(await postgres());
    if (await serviceAvailable('mariadb')) engines.push(await mariadb());
  });

  afterAll(async () => {
    for (const engine of engines) await engine.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function run(engine: LoadedEngine, testCase: (typeof SALES_CASES)[number]): Promise<Answer> {
    const dataset = testCase.virtual
      ? virtualSalesDataset(engine.tableSql)
      : salesDataset(TABLE, engine.schema);
    const { sql, params } = compileQuery(normalizeQueryObject(testCase.query), dataset, engine.dialect, {
      now: CASES_NOW,
      rlsClauses: testCase.rlsClauses ?? [],
    });
    try {
      const result = await engine.connection.execute(sql, { params });
      return {
        columns: result.columns.map((column) => column.name),
        rows: result.rows.map((row) => row.map(normalizeValue)),
      };
    } catch (error) {
      throw new Error(`${engine.engine} failed on:\n${sql}\n${JSON.stringify(params)}\n${String(error)}`);
    }
  }

  it.each(SALES_CASES)('$name', async (testCase) => {
    const answers = await Promise.all(
      engines.map(async (engine) => [engine.engine, await run(engine, testCase)] as const),
    );
    const [reference, ...others] = answers;
    if (!reference) throw new Error('No engine loaded');
    const [, expected] = reference;
    for (const [engine, answer] of others) {
      expect({ engine, columns: answer.columns }).toEqual({ engine, columns: expected.columns });
      // As sets: engines collate Cyrillic, quotes and NULLs differently, and ties have no order.
      expect({ engine, rows: sortedRows(answer.rows) }).toEqual({ engine, rows: sortedRows(expected.rows) });
    }
    const ids = EXPECTED_IDS[testCase.name];
    if (ids) expect(expected.rows.map((row) => row[0])).toEqual(ids);
    else if (testCase.name !== 'filter IN empty') expect(expected.rows.length).toBeGreaterThan(0);
  });

  /** Rows as the chart data flow holds them: timestamps as epoch ms, numbers as numbers. */
  function asRecords(answer: Answer): { colnames: string[]; records: Record<string, unknown>[] } {
    const records = answer.rows.map((row) => {
      const record: Record<string, unknown> = {};
      answer.columns.forEach((name, i) => {
        const value = row[i];
        record[name] =
          typeof value === 'string' && TIMESTAMP_TEXT.test(value) ? Date.parse(`${value}Z`) : value;
      });
      return record;
    });
    return { colnames: answer.columns, records };
  }

  async function execute(engine: LoadedEngine, query: ReturnType<typeof normalizeQueryObject>) {
    const { sql, params } = compileQuery(query, salesDataset(TABLE, engine.schema), engine.dialect, {
      now: CASES_NOW,
    });
    const result = await engine.connection.execute(sql, { params });
    return asRecords({
      columns: result.columns.map((column) => column.name),
      rows: result.rows.map((row) => row.map(normalizeValue)),
    });
  }

  it.each([
    { name: 'by month', columns: [] as string[] },
    { name: 'by month and country', columns: ['country'] },
  ])('time offsets join the shifted query the same way on every engine ($name)', async ({ columns }) => {
    const query = normalizeQueryObject({
      columns: [
        { label: 'month', sqlExpression: 'order_date', columnType: 'BASE_AXIS', expressionType: 'SQL' },
        ...columns,
      ],
      metrics: [
        { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
      ],
      filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: '2024-02-01 : 2024-07-01' }],
      extras: { time_grain_sqla: 'P1M' },
      orderby: [],
      time_offsets: ['1 month ago'],
    });
    const answers = await Promise.all(
      engines.map(async (engine) => {
        const main = await execute(engine, query);
        const shifted = await execute(engine, offsetQuery(query, '1 month ago', { now: CASES_NOW }));
        const joined = joinTimeOffset(main, shifted, {
          offset: '1 month ago',
          metrics: ['total'],
          xAxis: xAxisOf(query),
        });
        const rows = joined.records.map((record) => joined.colnames.map((name) => record[name] ?? null));
        return [engine.engine, { colnames: joined.colnames, rows: sortedRows(rows) }] as const;
      }),
    );
    const [reference, ...others] = answers;
    if (!reference) throw new Error('No engine loaded');
    for (const [engine, answer] of others) expect({ engine, ...answer }).toEqual({ engine, ...reference[1] });
    const expected = reference[1];
    expect(expected.colnames).toEqual(['month', ...columns, 'total', 'total__1 month ago']);
    if (columns.length === 0) {
      // Monthly totals Jan 200.5, Feb 250.25, Mar 375, Apr 25, May 70, Jun 545.75: each month meets the one before.
      expect(expected.rows).toEqual(
        sortedRows([
          [Date.UTC(2024, 1, 1), 250.25, 200.5],
          [Date.UTC(2024, 2, 1), 375, 250.25],
          [Date.UTC(2024, 3, 1), 25, 375],
          [Date.UTC(2024, 4, 1), 70, 25],
          [Date.UTC(2024, 5, 1), 545.75, 70],
        ]),
      );
    } else {
      // France had sales in January (200.5) and June (45.75) only: June's month before is empty.
      const france = expected.rows.filter((row) => row[1] === 'FR');
      expect(france).toEqual([[Date.UTC(2024, 5, 1), 'FR', 45.75, null]]);
      // Germany: February 250.25 and April 25, neither with sales the month before; Paris's January
      // sales must not leak into Germany's February.
      expect(expected.rows.filter((row) => row[1] === 'DE')).toEqual([
        [Date.UTC(2024, 1, 1), 'DE', 250.25, null],
        [Date.UTC(2024, 3, 1), 'DE', 25, null],
      ]);
    }
  });

  it('loaded the embedded engines at least', () => {
    expect(engines.map((engine) => engine.engine)).toEqual(expect.arrayContaining(['duckdb', 'sqlite']));
  });
});
