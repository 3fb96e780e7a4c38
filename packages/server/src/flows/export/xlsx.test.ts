import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { collector, exportXlsx, measurePeakGrowth, streamed } from './testing.ts';
import { exactNumber, safeSheetName, toCell } from './xlsx.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface ReadSheet {
  name: string;
  rows: ExcelJS.Row[];
  count: number;
}

/** Reads a workbook back with exceljs's streaming reader; keeps at most `keep` rows per sheet. */
async function readBack(file: string, keep = Number.POSITIVE_INFINITY): Promise<ReadSheet[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
  });
  const sheets: ReadSheet[] = [];
  for await (const worksheet of reader) {
    const sheet: ReadSheet = { name: (worksheet as unknown as { name: string }).name, rows: [], count: 0 };
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      sheet.count++;
      if (sheet.rows.length < keep) sheet.rows.push(row);
    }
    sheets.push(sheet);
  }
  return sheets;
}

async function toFile(
  name: string,
  run: (sink: fs.WriteStream) => Promise<number>,
): Promise<{ file: string; rows: number }> {
  const file = path.join(dir, name);
  const sink = fs.createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    sink.on('close', () => resolve());
    sink.on('error', reject);
  });
  const rows = await run(sink);
  await closed;
  return { file, rows };
}

const columns = [
  { name: 'город', type: 'VARCHAR' },
  { name: 'n', type: 'INTEGER' },
  { name: 'big', type: 'HUGEINT' },
  { name: 'dec', type: 'DECIMAL(38,4)' },
  { name: 'ts', type: 'TIMESTAMP' },
  { name: 'd', type: 'DATE' },
  { name: 'ok', type: 'BOOLEAN' },
  { name: 'formula', type: 'VARCHAR' },
];

describe('writeXlsx', () => {
  it('round-trips typed cells, a bold header and Cyrillic', async () => {
    const { file, rows } = await toFile('types.xlsx', (sink) =>
      exportXlsx(
        {
          columns,
          rows: [
            [
              'Москва',
              42,
              '123456789012345678901',
              '1234.5600',
              '2024-03-13T10:37:42.123',
              '2024-03-13',
              true,
              '=1+1',
            ],
            ['Ёлки', null, '12', null, null, null, false, null],
          ],
        },
        sink,
        { sheetName: 'Продажи' },
      ),
    );
    expect(rows).toBe(2);
    const [sheet] = await readBack(file);
    expect(sheet?.name).toBe('Продажи');
    expect(sheet?.count).toBe(3);
    const header = sheet!.rows[0]!;
    expect(header.values).toEqual([undefined, ...columns.map((c) => c.name)]);
    expect(header.getCell(1).font?.bold).toBe(true);
    const first = sheet!.rows[1]!;
    expect(first.getCell(1).value).toBe('Москва');
    expect(first.getCell(2).value).toBe(42);
    expect(first.getCell(3).value).toBe('123456789012345678901');
    expect(first.getCell(4).value).toBe(1234.56);
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2024, 2, 13, 10, 37, 42, 123)));
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(6).value).toEqual(new Date(Date.UTC(2024, 2, 13)));
    expect(first.getCell(6).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(7).value).toBe(true);
    expect(first.getCell(8).value).toBe('=1+1');
    const second = sheet!.rows[2]!;
    expect(second.getCell(1).value).toBe('Ёлки');
    expect(second.getCell(2).value).toBe(null);
    expect(second.getCell(3).value).toBe(12);
    expect(second.getCell(7).value).toBe(false);
  });

  it('moves to a new sheet after the per-sheet row limit, repeating the header', async () => {
    const data = Array.from({ length: 25 }, (_, i) => [i]);
    const { file, rows } = await toFile('rollover.xlsx', (sink) =>
      exportXlsx(streamed([{ name: 'i', type: 'INTEGER' }], [data.slice(0, 7), data.slice(7)]), sink, {
        sheetName: 'Data',
        rowsPerSheet: 10,
      }),
    );
    expect(rows).toBe(25);
    const sheets = await readBack(file);
    expect(sheets.map((s) => [s.name, s.count])).toEqual([
      ['Data', 11],
      ['Data (2)', 11],
      ['Data (3)', 6],
    ]);
    expect(sheets[1]!.rows[0]!.getCell(1).value).toBe('i');
    expect(sheets[1]!.rows[1]!.getCell(1).value).toBe(10);
    expect(sheets[2]!.rows[5]!.getCell(1).value).toBe(24);
  });

  it('refuses an empty result and an upstream error before writing anything', async () => {
    const out = collector();
    await expect(
      exportXlsx(streamed([{ name: 'a', type: 'INTEGER' }], [[]]), out.sink),
    ).rejects.toMatchObject({
      code: 'NO_DATA',
      message: 'No data to export',
    });
    const failing = {
      columns: [{ name: 'a', type: 'INTEGER' }],
      batches: (async function* (): AsyncGenerator<unknown[][]> {
        yield* [];
        throw new Error('Query timeout');
      })(),
    };
    await expect(exportXlsx(failing, out.sink)).rejects.toMatchObject({
      code: 'QUERY_FAILED',
      message: 'Query timeout',
    });
    expect(out.bytes().length).toBe(0);
  });

  it('types values safely', () => {
    expect(exactNumber('123456789012345')).toBe(123456789012345);
    expect(exactNumber('1234567890123456')).toBe(null);
    expect(exactNumber('0.000000000000000000001')).toBe(1e-21);
    expect(exactNumber('12.3400')).toBe(12.34);
    expect(exactNumber('abc')).toBe(null);
    expect(toCell(2 ** 53 - 1, 'number')).toEqual({ value: '9007199254740991' });
    expect(toCell(0.1, 'number')).toEqual({ value: 0.1 });
    expect(toCell('00123', 'text')).toEqual({ value: '00123' });
    expect(toCell('12', 'unknown')).toEqual({ value: 12 });
    expect(toCell('x'.repeat(40_000), 'text').value).toHaveLength(32_767);
    expect(toCell({ a: 1 }, 'unknown')).toEqual({ value: '{"a":1}' });
    expect(toCell(Number.POSITIVE_INFINITY, 'number')).toEqual({ value: null });
  });

  it('cleans sheet names', () => {
    expect(safeSheetName('a/b:c*?[d]')).toBe('a b c   d');
    expect(safeSheetName('')).toBe('Sheet1');
    expect(safeSheetName('Я'.repeat(40), ' (2)')).toBe(`${'Я'.repeat(27)} (2)`);
  });

  it('streams 200,000 rows with bounded memory and reads them back', async () => {
    const TOTAL = 200_000;
    const BATCH = 5_000;
    const source = {
      columns: [
        { name: 'id', type: 'BIGINT' },
        { name: 'name', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
        { name: 'ts', type: 'TIMESTAMP' },
      ],
      batches: (async function* (): AsyncGenerator<unknown[][]> {
        for (let start = 0; start < TOTAL; start += BATCH) {
          const batch: unknown[][] = [];
          for (let i = start; i < start + BATCH; i++)
            batch.push([i, `Клиент ${i}`, i / 4, '2024-01-01T00:00:00']);
          yield batch;
        }
      })(),
    };
    const { result, growth } = await measurePeakGrowth(() =>
      toFile('big.xlsx', (sink) => exportXlsx(source, sink)),
    );
    expect(result.rows).toBe(TOTAL);
    expect(growth).toBeLessThan(200 * 1024 * 1024);
    const sheets = await readBack(result.file, 3);
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.count).toBe(TOTAL + 1);
    expect(sheets[0]!.rows[2]!.values).toEqual([
      undefined,
      1,
      'Клиент 1',
      0.25,
      new Date(Date.UTC(2024, 0, 1)),
    ]);
  }, 180_000);
});
