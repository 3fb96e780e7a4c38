import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRecords } from '../flows/chartData/jsonRecords.ts';
import { toEpochMs } from '../flows/chartData/materialize.ts';
import { rowRecordMaker } from '../platform/rowRecords.ts';
import { MEMORY_DUCKDB } from '../testing/services.ts';
import type { DatabaseConnection, QueryOptions } from './driver.ts';
import { duckdbDriver, mayHoldRenamedDuplicates } from './duckdb.ts';

/** As the chart data flow frames DuckDB's columns (its dialect: dates and timestamps are temporal). */
const temporal = (type: string) => /^(DATE|TIMESTAMP)/.test(type);

let connection: DatabaseConnection;

beforeAll(() => {
  connection = duckdbDriver.connect(MEMORY_DUCKDB, {
    maxConnections: 2,
    queryTimeoutMs: 20_000,
    readOnly: true,
  });
});

afterAll(async () => {
  await connection.close();
});

/** The answer's records the JavaScript way: execute()'s rows framed, then as a client parses them. */
async function framedRecords(sql: string, options: QueryOptions = {}): Promise<unknown> {
  const result = await connection.execute(sql, options);
  const make = rowRecordMaker(
    result.columns.map((column) => column.name),
    {
      convert: result.columns.map((column) => (temporal(column.type ?? '') ? toEpochMs : null)),
      undefinedAsNull: true,
    },
  );
  return JSON.parse(JSON.stringify(jsonRecords(result.rows.map((row) => make(row)))));
}

async function engineRecords(sql: string, options: QueryOptions = {}) {
  const records = await connection.executeJsonRecords?.(sql, { ...options, temporal });
  return records ? { ...records, parsed: JSON.parse(records.json.toString('utf8')) as unknown } : null;
}

/** The engine's records parse to what the JavaScript path answers, row for row. */
async function expectSameRecords(sql: string, options: QueryOptions = {}): Promise<void> {
  const expected = await framedRecords(sql, options);
  const engine = await engineRecords(sql, options);
  expect(engine).not.toBeNull();
  expect(engine?.parsed).toEqual(expected);
  expect(engine?.rowCount).toBe((expected as unknown[]).length);
}

describe('DuckDB JSON records (executeJsonRecords)', () => {
  it('writes integers as the driver gives them, up to 2^53', async () => {
    await expectSameRecords(`
      SELECT * FROM (VALUES
        ((-128)::TINYINT, (-32768)::SMALLINT, (-2147483648)::INTEGER, 4294967295::UINTEGER, 255::UTINYINT,
         65535::USMALLINT, 9007199254740991::BIGINT, (-9007199254740991)::HUGEINT, 42::UBIGINT, 7::UHUGEINT),
        (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
      ) AS t(a, b, c, d, e, f, g, h, i, j)`);
  });

  it('writes doubles in their shortest form and the not-finite ones as null', async () => {
    await expectSameRecords(`
      SELECT x AS d, CASE WHEN abs(x) < 1e38 OR NOT isfinite(x) THEN CAST(x AS FLOAT) END AS f
      FROM (VALUES (0.1::DOUBLE), (-0.0::DOUBLE), ('nan'::DOUBLE), ('inf'::DOUBLE), ('-inf'::DOUBLE),
        (1e21::DOUBLE), (1e-7::DOUBLE), (5e-324::DOUBLE), (1.7976931348623157e308::DOUBLE),
        (123456789.123::DOUBLE), (NULL)) AS t(x)`);
  });

  it('writes decimals as the numbers they round to', async () => {
    await expectSameRecords(`
      SELECT * FROM (VALUES
        (-0.50::DECIMAL(4,2), 67.09::DECIMAL(14,2), 12.00::DECIMAL(14,2), 0.1234567890::DECIMAL(38,10),
         42::DECIMAL(38,0), 9007199254740991.5::DECIMAL(38,2), 123456789012345.678::DECIMAL(18,3)),
        (NULL, NULL, NULL, NULL, NULL, NULL, NULL)
      ) AS t(a, b, c, d, e, f, g)`);
  });

  it('writes text with JSON escapes, booleans and odd column names', async () => {
    await expectSameRecords(`
      SELECT s AS "a""b", s AS "ключ", s AS "x\\y", b FROM (VALUES
        ('', true), ('x"y', false), ('a\\b', NULL), (E'line\\n\\ttab', true), (chr(1) || chr(31), true),
        ('é 😀 ' || chr(8232), false), (NULL, NULL)) AS t(s, b)`);
  });

  it('writes dates and timestamps as floored epoch milliseconds', async () => {
    await expectSameRecords(`
      SELECT d, ts, CAST(ts AS TIMESTAMPTZ) AS tz, CAST(ts AS TIMESTAMP_S) AS s, CAST(ts AS TIMESTAMP_MS) AS ms
      FROM (VALUES
        (DATE '2024-02-29', TIMESTAMP '2024-01-01 12:34:56.789123'),
        (DATE '1969-12-31', TIMESTAMP '1969-12-31 23:59:59.9995'),
        (DATE '0001-01-01', TIMESTAMP '0001-01-01 00:00:00'),
        (DATE '9999-12-31', TIMESTAMP '9999-12-31 23:59:58.4'),
        (DATE '1970-01-01', TIMESTAMP '1969-12-31 23:59:59.001'),
        (DATE '1900-03-01', TIMESTAMP '1900-03-01 00:00:00.000001'),
        (NULL, NULL)) AS t(d, ts)`);
  });

  it('answers an empty result, parameters and a statement ending in a line comment', async () => {
    const empty = await engineRecords('SELECT 1 AS a WHERE false');
    expect(empty).toMatchObject({ parsed: [], rowCount: 0, columns: [{ name: 'a', type: 'INTEGER' }] });
    expect(empty?.json.toString('utf8')).toBe('[]');
    await expectSameRecords('SELECT $1::INTEGER + 1 AS n, $2 AS s -- a comment', { params: [41, 'x'] });
  });

  it('reads more rows than one chunk holds', async () => {
    await expectSameRecords(
      `SELECT range AS id, 'row ' || range AS name, TIMESTAMP '2024-01-01' + to_seconds(range) AS at
       FROM range(5000)`,
    );
  });

  it.each([
    ['an integer beyond 2^53', 'SELECT 9007199254740993::BIGINT AS n'],
    ['a huge integer beyond 2^53', 'SELECT -170141183460469231731687303715884105727::HUGEINT AS n'],
    ['a whole decimal beyond 2^53', 'SELECT 123456789012345678.00::DECIMAL(38,2) AS n'],
    ['an infinite date', "SELECT 'infinity'::DATE AS d"],
    ['a date past 9999', "SELECT DATE '10000-01-01' AS d"],
    ['an infinite timestamp', "SELECT '-infinity'::TIMESTAMP AS t"],
    ['a list', 'SELECT [1, 2] AS l'],
    ['a time (not an instant)', "SELECT TIME '10:00' AS t"],
    ['nanosecond timestamps', "SELECT TIMESTAMP_NS '2024-01-01 00:00:00.123456789' AS t"],
    ['duplicate column names', 'SELECT 1 AS a, 2 AS a'],
    [
      'a timestamp that rounds past 9999',
      "SELECT CAST(TIMESTAMP '9999-12-31 23:59:59.9' AS TIMESTAMP_S) AS t",
    ],
    ['a statement that fails (execute reports it)', 'SELECT nope'],
  ])('declines %s', async (_, sql) => {
    expect(await engineRecords(sql)).toBeNull();
  });

  it('declines duplicate names whose types come from parameters (a probe would rename them)', async () => {
    expect(await engineRecords('SELECT $1 AS a, $2 AS a', { params: [1, 'x'] })).toBeNull();
    // Without duplicates the same kind of statement is written.
    await expectSameRecords('SELECT $1 AS a, $2 AS b', { params: [1, 'x'] });
    expect(mayHoldRenamedDuplicates(['a', 'a_1'])).toBe(true);
    expect(mayHoldRenamedDuplicates(['a', 'A_3'])).toBe(true);
    expect(mayHoldRenamedDuplicates(['a_1', 'b', 'x_y'])).toBe(false);
  });

  it('cuts the records at maxRows, where a record ends, and says when rows were left out', async () => {
    const sql = `SELECT range AS id, 'row ' || range || repeat('é', range % 7) AS name FROM range(5000)`;
    const all = (await engineRecords(sql))?.parsed as unknown[];
    for (const maxRows of [0, 1, 3, 2047, 2048, 2049, 4999, 5000, 5001]) {
      const cut = await connection.executeJsonRecords?.(sql, { temporal, maxRows });
      expect(JSON.parse(cut?.json.toString('utf8') ?? 'null')).toEqual(all.slice(0, maxRows));
      expect(cut).toMatchObject({ rowCount: Math.min(maxRows, 5000), more: maxRows < 5000 });
    }
  });
});

/** SQL Lab's records the JavaScript way: execute()'s rows keyed by name (runner.ts rowsAsObjects). */
async function sqlLabRecords(sql: string): Promise<unknown> {
  const result = await connection.execute(sql);
  const make = rowRecordMaker(result.columns.map((column) => column.name));
  return JSON.parse(JSON.stringify(result.rows.map((row) => make(row))));
}

describe('DuckDB JSON records with no column as epoch milliseconds (SQL Lab)', () => {
  const plain = () => false;

  async function expectSameAsSqlLab(sql: string): Promise<void> {
    const expected = await sqlLabRecords(sql);
    const engine = await connection.executeJsonRecords?.(sql, { temporal: plain });
    expect(engine).not.toBeNull();
    expect(JSON.parse(engine?.json.toString('utf8') ?? 'null')).toEqual(expected);
  }

  it('writes dates and timestamps as the driver writes them, ISO text', async () => {
    await expectSameAsSqlLab(`
      SELECT d, ts, CAST(ts AS TIMESTAMP_S) AS s, CAST(ts AS TIMESTAMP_MS) AS ms
      FROM (VALUES
        (DATE '2024-02-29', TIMESTAMP '2024-01-01 12:34:56.789123'),
        (DATE '1969-12-31', TIMESTAMP '1969-12-31 23:59:59.9995'),
        (DATE '0001-01-01', TIMESTAMP '0001-01-01 00:00:00'),
        (DATE '0044-03-15', TIMESTAMP '0999-12-31 23:59:59.000001'),
        (DATE '9999-12-31', TIMESTAMP '9999-12-31 23:59:58.4'),
        (DATE '1970-01-01', TIMESTAMP '1969-12-31 23:59:59.001'),
        (DATE '1900-03-01', TIMESTAMP '1900-03-01 00:00:00.120000'),
        (NULL, NULL)) AS t(d, ts)`);
  });

  it('writes the types of the example sales table as the driver gives them', async () => {
    await expectSameAsSqlLab(`
      SELECT range AS order_id, TIMESTAMP '2023-01-01' + to_seconds(range * 37) AS order_ts,
        'Екатеринбург' AS city, (range % 5)::INTEGER AS quantity, (range / 7.0)::DECIMAL(10, 2) AS unit_price,
        (range % 3 / 100)::DECIMAL(4, 2) AS discount, (range * 1.5)::DECIMAL(14, 2) AS revenue
      FROM range(3000)`);
  });

  it.each([
    ['a date before year 1', "SELECT DATE '0001-01-01' - 1 AS d"],
    ['an infinite timestamp', "SELECT 'infinity'::TIMESTAMP AS t"],
    ['a timestamp with a time zone', "SELECT TIMESTAMPTZ '2024-01-01 10:00:00+03' AS t"],
  ])('declines %s', async (_, sql) => {
    expect(await connection.executeJsonRecords?.(sql, { temporal: plain })).toBeNull();
  });

  it('runs in a session one statement at a time, as execute() does', async () => {
    await connection.session({ schema: null }, async (session) => {
      const records = await session.executeJsonRecords?.('SELECT 1 AS a', { temporal: plain });
      expect(records?.json.toString('utf8')).toBe('[{"a":1}]');
      await expect(
        session.executeJsonRecords?.('SELECT 1 AS a; SELECT 2 AS b', { temporal: plain }),
      ).rejects.toMatchObject({ message: expect.stringContaining('Only one statement') });
    });
  });
});

describe('DuckDB JSON records, read-only', () => {
  it('stays read-only', async () => {
    await expect(
      connection.executeJsonRecords?.('CREATE TABLE t AS SELECT 1 AS a', { temporal }),
    ).resolves.toBeNull();
    await expect(connection.execute('SELECT * FROM t')).rejects.toMatchObject({
      message: expect.any(String),
    });
  });
});
