import { DuckDBInstance } from '@duckdb/node-api';
import type { GenericType, SqlDialect, SqlValue } from '@vitrina/common/sql/dialect';
import { dialects } from '@vitrina/common/sql/dialects/index';
import { TIME_GRAINS, type TimeGrain } from '@vitrina/common/sql/timeGrains';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Runs the SQL the dialects write against the embedded engines themselves, so a golden string that
 * looks right but does not run (or computes the wrong bucket) fails here. The server engines need a
 * running server, so the same checks for them belong with their driver tests.
 */

type Run = (sql: string, params?: string[]) => Promise<unknown[][]>;

interface EmbeddedEngine {
  dialect: SqlDialect;
  /** Superset's plain week grain starts on Sunday in SQLite and on Monday elsewhere. */
  plainWeekStartsOnSunday: boolean;
  /** Column type for the grain samples. */
  timestampType: string;
  /** Casts a timestamp expression to text in `YYYY-MM-DD HH:MM:SS[.fff]` form. */
  asText(expression: string): string;
  /** Native types to create columns with, and the generic type each should map to. */
  nativeTypes: Array<[string, GenericType | null]>;
  /** Opens an in-memory database; `reportedTypes` gives the type names the engine reports for a table's columns. */
  open(): Promise<{ run: Run; reportedTypes(table: string): Promise<string[]>; close(): void }>;
}

const duckdb: EmbeddedEngine = {
  dialect: dialects.duckdb,
  plainWeekStartsOnSunday: false,
  timestampType: 'TIMESTAMP',
  asText: (expression) => `CAST(CAST(${expression} AS TIMESTAMP) AS VARCHAR)`,
  nativeTypes: [
    ['INTEGER', 'NUMERIC'],
    ['DECIMAL(18,3)', 'NUMERIC'],
    ['DOUBLE', 'NUMERIC'],
    ['HUGEINT', 'NUMERIC'],
    ['VARCHAR', 'STRING'],
    ['UUID', 'STRING'],
    ['DATE', 'TEMPORAL'],
    ['TIMESTAMP', 'TEMPORAL'],
    ['TIMESTAMPTZ', 'TEMPORAL'],
    ['BOOLEAN', 'BOOLEAN'],
    ['INTEGER[]', null],
    ['STRUCT(a INTEGER)', null],
    ['MAP(VARCHAR, INTEGER)', null],
    ['BLOB', null],
  ],
  async open() {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    // Timestamps are compared in UTC; TIMESTAMPTZ arithmetic follows the session zone.
    await connection.run(`SET TimeZone = 'UTC'`);
    const run: Run = async (sql, params) => (await connection.runAndReadAll(sql, params)).getRowsJS();
    return {
      run,
      async reportedTypes(table) {
        const reader = await connection.runAndReadAll(
          `SELECT * FROM ${duckdb.dialect.quoteIdentifier(table)} LIMIT 0`,
        );
        return reader.columnTypes().map(String);
      },
      close: () => instance.closeSync(),
    };
  },
};

const sqlite: EmbeddedEngine = {
  dialect: dialects.sqlite,
  plainWeekStartsOnSunday: true,
  timestampType: 'TEXT',
  asText: (expression) => expression,
  nativeTypes: [
    ['INTEGER', 'NUMERIC'],
    ['BIGINT', 'NUMERIC'],
    ['REAL', 'NUMERIC'],
    ['NUMERIC(10, 2)', 'NUMERIC'],
    ['VARCHAR(255)', 'STRING'],
    ['TEXT', 'STRING'],
    ['DATE', 'TEMPORAL'],
    ['DATETIME', 'TEMPORAL'],
    ['BOOLEAN', 'BOOLEAN'],
    ['BLOB', null],
  ],
  async open() {
    const db = new SQLite(':memory:');
    const run: Run = async (sql, params = []) => {
      const statement = db.prepare(sql);
      if (!statement.reader) {
        statement.run(...params);
        return [];
      }
      return statement.raw().all(...params) as unknown[][];
    };
    return {
      run,
      async reportedTypes(table) {
        const rows = await run(`SELECT type FROM pragma_table_info(${sqlite.dialect.literal(table)})`);
        return rows.map((row) => String(row[0]));
      },
      close: () => db.close(),
    };
  },
};

/** Mondays, Saturdays and Sundays, midnights and the last millisecond, leap day and year ends. */
const SAMPLES = [
  '2024-05-05 23:59:59.999',
  '2024-05-04 00:00:00',
  '2024-05-06 07:08:47.5',
  '2024-02-29 13:37:31',
  '2023-12-31 18:45:00',
  '2024-01-01 00:00:00',
  '2024-11-13 05:59:59',
  '2024-05-09 06:00:00',
  '2024-05-10 11:29:29.7',
];

const DAY_MS = 86_400_000;
const SUB_DAY_SECONDS: Partial<Record<TimeGrain, number>> = {
  PT1S: 1,
  PT5S: 5,
  PT30S: 30,
  PT1M: 60,
  PT5M: 300,
  PT10M: 600,
  PT15M: 900,
  PT30M: 1800,
  PT1H: 3600,
  PT6H: 21_600,
  P1D: 86_400,
};

const text = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The bucket start a grain should give, computed in UTC without SQL. */
function expectedBucket(grain: TimeGrain, sample: string, plainWeekStartsOnSunday: boolean): string {
  const ms = Date.parse(`${sample.replace(' ', 'T')}Z`);
  const date = new Date(ms);
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS;
  const sunday = midnight - date.getUTCDay() * DAY_MS;
  const monday = midnight - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  const seconds = SUB_DAY_SECONDS[grain];
  if (seconds) return text(Math.floor(ms / 1000 / seconds) * seconds * 1000);
  const year = date.getUTCFullYear();
  switch (grain) {
    case 'P7D':
      return text(Math.floor(midnight / (7 * DAY_MS)) * 7 * DAY_MS);
    case 'P1W':
      return text(plainWeekStartsOnSunday ? sunday : monday);
    case 'P1M':
      return text(Date.UTC(year, date.getUTCMonth(), 1));
    case 'P3M':
      return text(Date.UTC(year, Math.floor(date.getUTCMonth() / 3) * 3, 1));
    case 'P1Y':
      return text(Date.UTC(year, 0, 1));
    case '1969-12-28T00:00:00Z/P1W':
      return text(sunday);
    case '1969-12-29T00:00:00Z/P1W':
      return text(monday);
    case 'P1W/1970-01-03T00:00:00Z':
      return text(sunday + 6 * DAY_MS);
    case 'P1W/1970-01-04T00:00:00Z':
      return text(monday + 6 * DAY_MS);
    default:
      throw new Error(`No expectation for ${grain}`);
  }
}

/** Drops a zero fraction and adds midnight to a bare date, so engines' text forms compare equal. */
function normalizeTimestampText(value: unknown): string {
  const written = String(value).replace(/\.0*$/, '');
  return written.length === 10 ? `${written} 00:00:00` : written;
}

const ODD_NAMES = ['with space', 'quote"d', "apo'strophe", 'back`tick', 'Цена, ₽', 'dot.ted', 'back\\slash'];
const ODD_STRINGS = [
  "it's",
  'back\\slash',
  "\\'",
  '"double"',
  'Кириллица',
  'line\nbreak',
  "''",
  '\\',
  '`',
  '%_',
];

describe.each([duckdb, sqlite])('$dialect.displayName runs what its dialect writes', (engine) => {
  const { dialect } = engine;
  const q = dialect.quoteIdentifier;
  let database: Awaited<ReturnType<EmbeddedEngine['open']>>;
  const run: Run = (sql, params) => database.run(sql, params);

  beforeAll(async () => {
    database = await engine.open();
    await run(
      `CREATE TABLE ${q('grain samples')} (${q('as text')} TEXT, ${q('ts')} ${engine.timestampType})`,
    );
    for (const sample of SAMPLES) {
      await run(
        `INSERT INTO ${q('grain samples')} VALUES (${dialect.literal(sample)}, ${dialect.literal(sample)})`,
      );
    }
  });
  afterAll(() => database.close());

  it.each(TIME_GRAINS)('buckets every sample to grain %s', async (grain) => {
    const expression = dialect.timeGrainExpression(grain, q('ts'));
    expect(expression).not.toBeNull();
    const rows = await run(
      `SELECT ${q('as text')}, ${engine.asText(expression!)} FROM ${q('grain samples')} ORDER BY 1`,
    );
    const got = rows.map((row) => [row[0], normalizeTimestampText(row[1])]);
    const want = SAMPLES.toSorted().map((sample) => [
      sample,
      expectedBucket(grain, sample, engine.plainWeekStartsOnSunday),
    ]);
    expect(got).toEqual(want);
  });

  it('creates and reads a table whose names need quoting', async () => {
    const table = 'odd "table`.name';
    const columns = ODD_NAMES.map((name) => `${q(name)} INTEGER`).join(', ');
    await run(`CREATE TABLE ${dialect.qualifiedTable({ table })} (${columns})`);
    await run(`INSERT INTO ${q(table)} VALUES (${ODD_NAMES.map((_, i) => i).join(', ')})`);
    expect(await run(dialect.selectStar({ table }, ODD_NAMES, 10))).toEqual([[0, 1, 2, 3, 4, 5, 6]]);
  });

  it.each(ODD_STRINGS)('reads back the string literal %j', async (value) => {
    expect(await run(`SELECT ${dialect.literal(value)}`)).toEqual([[value]]);
  });

  it.each<[SqlValue, unknown]>([
    [42, 42],
    [-3.5, -3.5],
    [null, null],
  ])('reads back the literal %s', async (value, expected) => {
    expect(await run(`SELECT ${dialect.literal(value)}`)).toEqual([[expected]]);
  });

  it('writes booleans the engine reads as true and false', async () => {
    const rows = await run(
      `SELECT CASE WHEN ${dialect.literal(true)} AND NOT ${dialect.literal(false)} THEN 1 END`,
    );
    expect(rows).toEqual([[1]]);
  });

  it('writes a Date as its UTC timestamp', async () => {
    const literal = dialect.literal(new Date('2024-05-06T10:08:09.123+03:00'));
    const [row] = await run(`SELECT ${engine.asText(literal)}`);
    expect(normalizeTimestampText(row?.[0])).toBe('2024-05-06 07:08:09.123');
  });

  it.each([
    [1_714_979_289, 'seconds'],
    [1_714_979_289_000, 'milliseconds'],
  ] as const)('converts the epoch %d %s', async (epoch, unit) => {
    const [row] = await run(
      `SELECT ${engine.asText(dialect.epochToTimestamp(dialect.literal(epoch), unit))}`,
    );
    expect(normalizeTimestampText(row?.[0])).toBe('2024-05-06 07:08:09');
  });

  it('pages with its LIMIT/OFFSET clause', async () => {
    const rows = await run(
      `SELECT ${q('as text')} FROM ${q('grain samples')} ORDER BY 1 ${dialect.limitClause(2, 3)}`,
    );
    expect(rows.map((row) => row[0])).toEqual(SAMPLES.toSorted().slice(3, 5));
  });

  it('binds parameters at its placeholders', async () => {
    const sql = `SELECT ${dialect.parameterPlaceholder(1)} || ${dialect.parameterPlaceholder(2)}`;
    expect(await run(sql, ['a', 'b'])).toEqual([['ab']]);
  });

  it('explains a query when it offers cost estimates', async () => {
    const statement = dialect.explainStatement(`SELECT * FROM ${q('grain samples')}`);
    expect(statement !== null).toBe(dialect.capabilities.costEstimate);
    if (statement) expect((await run(statement)).length).toBeGreaterThan(0);
  });

  it('maps the types the engine reports', async () => {
    const columns = engine.nativeTypes.map(([type], i) => `${q(`c${i}`)} ${type}`).join(', ');
    await run(`CREATE TABLE ${q('typed')} (${columns})`);
    const reported = await database.reportedTypes('typed');
    expect(reported.map((type) => dialect.genericType(type))).toEqual(
      engine.nativeTypes.map(([, generic]) => generic),
    );
  });
});
