import { getDialect } from '@vitrina/common/sql/dialects/index';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../drivers/driver.ts';
import { prepareExport } from './source.ts';
import { collector, memoryDuckDb } from './testing.ts';
import {
  engineXlsxRules,
  prepareEngineXlsx,
  writeEngineXlsx,
  writeXlsx,
  type XlsxOptions,
} from './xlsx/index.ts';

/**
 * DuckDB's own sheet rows (DatabaseConnection.streamXlsxRows, drivers/xlsxRows.ts) against the
 * JavaScript writer: every sheet's XML the same, byte for byte, for a table of every covered type and
 * the values cells.ts treats specially; compared cell by cell first, so a difference names its cell.
 */

/** A column of values as SQL expressions (NULL where the list is shorter than the longest). */
const COLUMNS: Record<string, { type: string; values: string[] }> = {
  t: {
    type: 'VARCHAR',
    values: [
      `'plain'`,
      `''`,
      `' leading'`,
      `'trailing '`,
      `'<&>"'`,
      `'a' || chr(1) || 'b' || chr(8) || chr(11) || chr(12) || chr(31) || chr(127) || 'c'`,
      `chr(1)`,
      `chr(1) || ' x'`,
      `'x' || chr(9)`,
      `chr(10) || 'line'`,
      `'cr' || chr(13)`,
      `'a' || chr(65534) || chr(65535) || 'b'`,
      `'Клиент 😀'`,
      `'=SUM(A1)'`,
      `repeat('x', 40000)`,
      `repeat('x', 32766) || '😀yyy'`,
      `repeat('x', 32765) || '😀yyy'`,
      `repeat('😀', 20000)`,
      `repeat('&', 40000)`,
      `repeat('é', 33000)`,
      `'123'`,
      `'2024-03-13'`,
      'NULL',
    ],
  },
  tiny: { type: 'TINYINT', values: ['-128', '127', '0'] },
  n: { type: 'INTEGER', values: ['-2147483648', '42', '-7'] },
  big: {
    type: 'BIGINT',
    values: [
      '999999999999999',
      '1000000000000000',
      '-1000000000000000',
      '-999999999999999',
      '9007199254740993',
      '-9223372036854775808',
      '9223372036854775807',
      '10000000000000000',
    ],
  },
  huge: {
    type: 'HUGEINT',
    values: [
      '1000000000000000000000',
      '100000000000000000000',
      '1500000000000000000000000',
      '-1230000000000000000000000',
      '170141183460469231731687303715884105727',
      '123456789012345678901234',
      '12',
    ],
  },
  ubig: { type: 'UBIGINT', values: ['18446744073709551615', '5'] },
  f: {
    type: 'DOUBLE',
    values: [
      `'nan'`,
      `'inf'`,
      `'-inf'`,
      '0.1',
      `'-0.0'`,
      '1e21',
      '1.5e-7',
      '1e-6',
      '1e-7',
      '0.000001234',
      '0.00001',
      '123456789012345680000',
      '1e15',
      '1000000000000000.5',
      '-2.5',
      '1e300',
      '5e-324',
      '1e16',
      '100',
      '4503599627370497',
      '-1e-300',
      '1.7976931348623157e308',
      '12345.678',
    ],
  },
  r: { type: 'REAL', values: ['0.1', '3.4e38', '-1.5', `'nan'`] },
  d: {
    type: 'DECIMAL(38,10)',
    values: [
      `'12345678901234567'`,
      `'-0.5'`,
      `'123456789012345.6789'`,
      `'0.0000000001'`,
      `'0.0000010000'`,
      `'0.0000009'`,
      `'1000000000000000000000'`,
      `'12345678901234567.5'`,
      `'99999999999999.99'`,
      `'1000000000000000'`,
      `'-999999999999999'`,
      `'0'`,
      `'1234567890123456789.5'`,
    ],
  },
  // 16 significant digits: the double prints `…099.2`.
  d1: { type: 'DECIMAL(18,1)', values: [`'900719925474099.3'`, `'-0.1'`, `'12345678901234.5'`] },
  d2: { type: 'DECIMAL(18,2)', values: [`'12.50'`, `'-0.01'`, `'1234567890123456.78'`, `'0.00'`, `'-3.25'`] },
  dt: {
    type: 'DATE',
    values: [
      `'2024-03-13'`,
      `'1900-02-28'`,
      `'1900-03-01'`,
      `'1899-12-30'`,
      `'0999-01-02'`,
      `'-0044-03-15'`,
      `'12000-01-01'`,
      `'9999-12-31'`,
      `'infinity'`,
      `'-infinity'`,
      `'1969-12-31'`,
    ],
  },
  ts: {
    type: 'TIMESTAMP',
    values: [
      `'2024-03-13 10:37:42.5'`,
      `'2024-03-13 10:37:42.123456'`,
      `'1900-03-01 00:00:00'`,
      `'1900-02-28 23:59:59.999'`,
      `'1950-06-01 12:00:00.000001'`,
      `'1969-12-31 23:59:59.5'`,
      `'9999-12-31 23:59:59.999999'`,
      `'0099-01-01 01:02:03.4'`,
      `'12000-01-01 00:00:00'`,
      `'-0044-03-15 12:00:00'`,
      `'infinity'`,
      `'2024-01-01'`,
      `'1899-12-31 06:00:00'`,
    ],
  },
  tz: {
    type: 'TIMESTAMPTZ',
    values: [`'2024-03-13 10:37:42.5+03'`, `'1900-01-01 00:00:00+00'`, `'2024-06-30 23:30:00-02'`],
  },
  ok: { type: 'BOOLEAN', values: ['true', 'false'] },
  tm: { type: 'TIME', values: [`'10:37:42.5'`, `'00:00:00'`, `'23:59:59.999999'`] },
};

function trickyTable(): string {
  const names = Object.keys(COLUMNS);
  const rows = Math.max(...names.map((name) => COLUMNS[name]!.values.length)) + 1;
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const cells = names.map((name) => {
      const { type, values } = COLUMNS[name]!;
      return `CAST(${values[i] ?? 'NULL'} AS ${type})`;
    });
    lines.push(`(${i}, ${cells.join(', ')})`);
  }
  return `SELECT * FROM (VALUES ${lines.join(',\n')}) AS v(id, ${names.map((n) => `"${n}"`).join(', ')}) ORDER BY id`;
}

async function sheets(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const name of Object.keys(zip.files).sort()) {
    if (name.startsWith('xl/')) parts.set(name, await zip.file(name)!.async('string'));
  }
  return parts;
}

async function jsWorkbook(connection: DatabaseConnection, sql: string, options: XlsxOptions) {
  const out = collector();
  const prepared = await prepareExport(await connection.stream(sql), getDialect('duckdb').columnKind);
  const rows = await writeXlsx(prepared, out.sink, options);
  return { rows, parts: await sheets(out.bytes()) };
}

async function engineWorkbook(connection: DatabaseConnection, sql: string, options: XlsxOptions) {
  const rules = engineXlsxRules(options);
  const stream = await connection.streamXlsxRows?.(sql, rules);
  if (!stream) throw new Error('the engine declined');
  const out = collector();
  const rows = await writeEngineXlsx(await prepareEngineXlsx(stream, rules), out.sink, options);
  return { rows, parts: await sheets(out.bytes()) };
}

/** `<c …>…</c>` elements of a sheet by reference. */
function cellsOf(xml: string): Map<string, string> {
  const cells = new Map<string, string>();
  for (const match of xml.matchAll(/<c r="([A-Z]+\d+)"[^>]*>.*?<\/c>/gs)) cells.set(match[1]!, match[0]);
  return cells;
}

describe("DuckDB's own sheet rows", () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = memoryDuckDb();
  });
  afterAll(async () => {
    await connection.close();
  });

  it('writes every cell as the JavaScript writer does', async () => {
    const sql = trickyTable();
    const expected = await jsWorkbook(connection, sql, { sheetName: 'tricky' });
    const actual = await engineWorkbook(connection, sql, { sheetName: 'tricky' });
    const sheet = 'xl/worksheets/sheet1.xml';
    const want = cellsOf(expected.parts.get(sheet)!);
    const got = cellsOf(actual.parts.get(sheet)!);
    expect(want.size).toBeGreaterThan(100);
    for (const [ref, cell] of want) expect({ ref, cell: got.get(ref) }).toEqual({ ref, cell });
    expect([...got.keys()]).toEqual([...want.keys()]);
    expect(actual.parts).toEqual(expected.parts);
    expect(actual.rows).toBe(expected.rows);
  });

  it('cuts rows into sheets where the JavaScript writer does, across chunks', async () => {
    const sql =
      "SELECT range AS id, 'r' || range AS label, range * 0.5 AS half FROM range(5000) WHERE range % 7 <> 3";
    const options = { sheetName: 'many', rowsPerSheet: 1500 };
    const expected = await jsWorkbook(connection, sql, options);
    const actual = await engineWorkbook(connection, sql, options);
    expect([...actual.parts.keys()]).toContain('xl/worksheets/sheet3.xml');
    expect(actual.parts).toEqual(expected.parts);
    expect(actual.rows).toBe(expected.rows);
  });

  it("keeps the rows' order on a result of several row groups", async () => {
    const sql =
      'SELECT range AS id, range * 0.25 AS f, CAST(range * 0.25 AS DECIMAL(18,2)) AS d FROM range(300000)';
    const options = { rowsPerSheet: 100_000 };
    const expected = await jsWorkbook(connection, sql, options);
    const actual = await engineWorkbook(connection, sql, options);
    expect(actual.rows).toBe(300_000);
    expect(actual.parts).toEqual(expected.parts);
  });

  it('binds parameters as stream() does', async () => {
    const sql = 'SELECT $1 || CAST(range AS VARCHAR) AS label, range AS n FROM range(100) WHERE range >= $2';
    const params = ['<x>', 10];
    const rules = { ...engineXlsxRules(), params };
    const stream = await connection.streamXlsxRows?.(sql, rules);
    if (!stream) throw new Error('declined');
    const out = collector();
    await writeEngineXlsx(await prepareEngineXlsx(stream, rules), out.sink);
    const js = collector();
    await writeXlsx(
      await prepareExport(await connection.stream(sql, { params }), getDialect('duckdb').columnKind),
      js.sink,
    );
    expect(await sheets(out.bytes())).toEqual(await sheets(js.bytes()));
  });

  it('declines a result with a column it has no cell form for (the JavaScript writer takes it)', async () => {
    expect(await connection.streamXlsxRows?.('SELECT [1, 2] AS list', engineXlsxRules())).toBeNull();
    expect(
      await connection.streamXlsxRows?.("SELECT 'x' AS t, INTERVAL 1 DAY AS i", engineXlsxRules()),
    ).toBeNull();
    expect(await connection.streamXlsxRows?.('DELETE FROM no_such_table', engineXlsxRules())).toBeNull();
  });

  it('answers NO_DATA for an empty result before writing anything', async () => {
    const rules = engineXlsxRules();
    const stream = await connection.streamXlsxRows?.('SELECT range AS n FROM range(0)', rules);
    if (!stream) throw new Error('declined');
    await expect(prepareEngineXlsx(stream, rules)).rejects.toMatchObject({ code: 'NO_DATA' });
  });

  it('refuses rows numbered for another sheet size', async () => {
    const rules = engineXlsxRules({ rowsPerSheet: 10 });
    const stream = await connection.streamXlsxRows?.('SELECT range AS n FROM range(20)', rules);
    if (!stream) throw new Error('declined');
    const prepared = await prepareEngineXlsx(stream, rules);
    await expect(writeEngineXlsx(prepared, collector().sink, { rowsPerSheet: 11 })).rejects.toThrow(
      /another sheet size/,
    );
    for await (const _ of prepared.chunks) break;
  });
});
