import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertDuckDBValue } from './duckdb.ts';
import { chunkRowReader } from './duckdbChunkRows.ts';

/** Every result read both ways: column-wise (the driver's path) and per value (the reference). */
describe('DuckDB chunk rows, column-wise', () => {
  let instance: DuckDBInstance;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
  });
  afterAll(() => instance.closeSync());

  async function bothWays(sql: string) {
    const connection = await instance.connect();
    try {
      const fast = await connection.run(sql);
      const read = chunkRowReader(fast.columnTypes(), convertDuckDBValue);
      const columnWise = (await fast.fetchAllChunks()).flatMap(read);
      const reference = (await (await connection.run(sql)).convertRows(convertDuckDBValue)) as unknown[][];
      return { columnWise, reference };
    } finally {
      connection.closeSync();
    }
  }

  async function expectRows(sql: string, expected: unknown[][]) {
    const { columnWise, reference } = await bothWays(sql);
    expect(reference).toEqual(expected);
    expect(columnWise).toEqual(expected);
    // Same value, same form: -0 and 0, 5 and '5' told apart.
    expect(columnWise.map((row) => row.map((v) => [typeof v, Object.is(v, -0)]))).toEqual(
      reference.map((row) => row.map((v) => [typeof v, Object.is(v, -0)])),
    );
  }

  it('integers of every width, with nulls', async () => {
    await expectRows(
      `SELECT * FROM (VALUES
        ((-128)::TINYINT, 255::UTINYINT, (-32768)::SMALLINT, 65535::USMALLINT, (-2147483648)::INTEGER, 4294967295::UINTEGER),
        (NULL, NULL, NULL, NULL, NULL, NULL))`,
      [
        [-128, 255, -32768, 65535, -2147483648, 4294967295],
        [null, null, null, null, null, null],
      ],
    );
  });

  it('bigints: numbers up to 2^53, text beyond, nulls', async () => {
    await expectRows(
      `SELECT * FROM (VALUES (0::BIGINT), (-1), (4294967296), (-4294967297), (9007199254740991), (-9007199254740991),
        (9007199254740992), (-9007199254740993), (9223372036854775807), (-9223372036854775808), (NULL)) t(v)`,
      [
        [0],
        [-1],
        [4294967296],
        [-4294967297],
        [9007199254740991],
        [-9007199254740991],
        ['9007199254740992'],
        ['-9007199254740993'],
        ['9223372036854775807'],
        ['-9223372036854775808'],
        [null],
      ],
    );
  });

  it('decimals of each storage width: numbers, whole ones as integers, wide ones as text when not exact', async () => {
    await expectRows(
      `SELECT 12.34::DECIMAL(4,2), -0.05::DECIMAL(9,2), 5.00::DECIMAL(9,2), 67.09::DECIMAL(12,2),
        -1234567890123.456::DECIMAL(18,3), 0.1::DECIMAL(18,17), 123456789012345678::DECIMAL(18,0),
        12345678901234567890.5::DECIMAL(38,1), 0::DECIMAL(12,2), NULL::DECIMAL(12,2)`,
      [
        [
          12.34,
          -0.05,
          5,
          67.09,
          -1234567890123.456,
          0.1,
          '123456789012345678',
          12345678901234567000,
          0,
          null,
        ],
      ],
    );
  });

  it('floats: NaN and the infinities as null, FLOAT widened to a double', async () => {
    await expectRows(
      `SELECT * FROM (VALUES (1.5::DOUBLE, 0.1::FLOAT), ('NaN'::DOUBLE, 'NaN'::FLOAT), ('Infinity'::DOUBLE, '-Infinity'::FLOAT),
        (-0.0::DOUBLE, 1e30::FLOAT), (NULL, NULL))`,
      [
        [1.5, 0.10000000149011612],
        [null, null],
        [null, null],
        [-0, 1.0000000150474662e30],
        [null, null],
      ],
    );
  });

  it('dates, with the infinities as node-api prints them', async () => {
    await expectRows(
      `SELECT * FROM (VALUES (DATE '2024-03-13'), (DATE '1969-12-31'), (DATE '0001-01-01'), (DATE 'infinity'),
        (DATE '-infinity'), (NULL)) t(d)`,
      [['2024-03-13'], ['1969-12-31'], ['0001-01-01'], ['5881580-07-11'], ['5877642-06-24 (BC)'], [null]],
    );
  });

  it('timestamps with and without zone, every precision, before 1970 and the infinities', async () => {
    await expectRows(
      `SET TimeZone = 'UTC'; SELECT * FROM (VALUES
        (TIMESTAMP '2024-03-13 10:37:42.123456', TIMESTAMPTZ '2024-03-13 10:37:42.5+02', TIMESTAMP_MS '2024-03-13 10:37:42.120',
         TIMESTAMP_S '2024-03-13 10:37:42', TIMESTAMP_NS '2024-03-13 10:37:42.123456789'),
        (TIMESTAMP '1969-12-31 23:59:59.999999', TIMESTAMPTZ '1900-01-01 00:00:00+00', TIMESTAMP_MS '1969-12-31 23:59:59.001',
         TIMESTAMP_S '1960-01-01 00:00:00', TIMESTAMP_NS '1969-12-31 23:59:59.999999999'),
        (TIMESTAMP '2024-01-01 00:00:00', TIMESTAMPTZ 'infinity', NULL, NULL, NULL),
        (TIMESTAMP 'infinity', TIMESTAMPTZ '-infinity', NULL, NULL, NULL),
        (TIMESTAMP '-infinity', NULL, NULL, NULL, NULL),
        (NULL, NULL, NULL, NULL, NULL))`,
      [
        [
          '2024-03-13T10:37:42.123456',
          '2024-03-13T08:37:42.5Z',
          '2024-03-13T10:37:42.12',
          '2024-03-13T10:37:42',
          '2024-03-13T10:37:42.123456',
        ],
        [
          '1969-12-31T23:59:59.999999',
          '1900-01-01T00:00:00Z',
          '1969-12-31T23:59:59.001',
          '1960-01-01T00:00:00',
          // Nanoseconds are divided toward zero (the per-value path's rule, kept).
          '1970-01-01T00:00:00',
        ],
        ['2024-01-01T00:00:00', 'infinity', null, null, null],
        ['infinity', '-infinity', null, null, null],
        ['-infinity', null, null, null, null],
        [null, null, null, null, null],
      ],
    );
  });

  it('timestamps past year 9999 as the per-value path writes them', async () => {
    const { columnWise, reference } = await bothWays(
      `SELECT TIMESTAMP '12024-03-13 10:37:42.5', TIMESTAMP '-0044-03-15 12:00:00', DATE '12024-03-13'`,
    );
    expect(columnWise).toEqual(reference);
  });

  it('booleans and strings: ASCII, Cyrillic, emoji, inline and long, empty, JSON', async () => {
    await expectRows(
      `SELECT * FROM (VALUES (true, 'Hamburg', '', '""'::JSON), (false, 'Екатеринбург', 'a longer text than twelve bytes 🙂', '{"a": 1}'),
        (NULL, 'exactly12chr', NULL, NULL), (true, 'é', 'naïve café au lait ☕', '[1,2]')) t(b, s, l, j)`,
      [
        [true, 'Hamburg', '', '""'],
        [false, 'Екатеринбург', 'a longer text than twelve bytes 🙂', '{"a": 1}'],
        [null, 'exactly12chr', null, null],
        [true, 'é', 'naïve café au lait ☕', '[1,2]'],
      ],
    );
  });

  it('lists, structs, maps and other types through the per-value path', async () => {
    await expectRows(
      `SELECT [1, NULL, 3] AS l, {'a': 9007199254740993::BIGINT, 'b': DATE '2024-01-02'} AS s, MAP {'k': 1.5} AS m,
        INTERVAL 1 DAY AS i, '00000000-0000-0000-0000-000000000001'::UUID AS u, 170141183460469231731687303715884105727::HUGEINT AS h,
        TIME '10:37:42.5' AS t, 'x'::BLOB AS bl`,
      [
        [
          [1, null, 3],
          { a: '9007199254740993', b: '2024-01-02' },
          [{ key: 'k', value: 1.5 }],
          '1 day',
          '00000000-0000-0000-0000-000000000001',
          '170141183460469231731687303715884105727',
          '10:37:42.5',
          'eA==',
        ],
      ],
    );
  });

  it('many chunks with nulls scattered through the validity masks', async () => {
    const { columnWise, reference } = await bothWays(
      `SELECT CASE WHEN range % 7 = 0 THEN NULL ELSE range END AS i,
              CASE WHEN range % 5 = 0 THEN NULL ELSE 'город ' || range END AS s,
              CASE WHEN range % 3 = 0 THEN NULL ELSE TIMESTAMP '2024-01-01' + INTERVAL (range) SECOND END AS ts,
              CASE WHEN range % 11 = 0 THEN NULL ELSE (range / 100)::DECIMAL(12,2) END AS d
         FROM range(5000)`,
    );
    expect(columnWise).toHaveLength(5000);
    expect(columnWise).toEqual(reference);
  });
});
