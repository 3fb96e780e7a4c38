import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { checkZipFile } from '../../../platform/zip/index.ts';
import { collector, exportXlsx, measurePeakGrowth, streamed } from '../testing.ts';
import { cellXml, dateSerial, exactNumber, timestampSerial } from './cells.ts';
import { safeSheetName } from './index.ts';

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
    expect(cellXml(2 ** 53 - 1, 'number', 'A2')).toBe(
      '<c r="A2" t="inlineStr"><is><t>9007199254740991</t></is></c>',
    );
    expect(cellXml(0.1, 'number', 'B2')).toBe('<c r="B2"><v>0.1</v></c>');
    expect(cellXml(-1e-7, 'number', 'B2')).toBe('<c r="B2"><v>-1e-7</v></c>');
    expect(cellXml('00123', 'text', 'C2')).toBe('<c r="C2" t="inlineStr"><is><t>00123</t></is></c>');
    expect(cellXml('12', 'unknown', 'C2')).toBe('<c r="C2"><v>12</v></c>');
    expect(cellXml(true, 'boolean', 'D2')).toBe('<c r="D2" t="b"><v>1</v></c>');
    expect(cellXml(12n, 'number', 'D2')).toBe('<c r="D2" t="inlineStr"><is><t>12</t></is></c>');
    expect(cellXml({ a: 1 }, 'unknown', 'E2')).toBe(
      '<c r="E2" t="inlineStr"><is><t>{&quot;a&quot;:1}</t></is></c>',
    );
    expect(cellXml(' x ', 'text', 'E2')).toBe(
      '<c r="E2" t="inlineStr"><is><t xml:space="preserve"> x </t></is></c>',
    );
    for (const empty of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, new Date(Number.NaN)]) {
      expect(cellXml(empty, 'number', 'F2')).toBe('');
    }
  });

  it('turns real dates and timestamps into serials, and anything else into text', () => {
    expect(dateSerial('1970-01-01')).toBe(25_569);
    expect(dateSerial('1900-03-01')).toBe(61);
    expect(dateSerial('2024-02-29')).toBe(45_351);
    expect(timestampSerial('2024-03-13T12:00:00')).toBe(45_364.5);
    expect(timestampSerial('2024-03-13T12:00:00.5Z')).toBe(45_364.5 + 0.5 / 86_400);
    // Not real, or before Excel's calendar is right (the 1900 leap-year bug): -1, kept as text.
    for (const text of ['2023-02-29', '2024-13-01', '2024-04-31', '1900-02-28', '0001-01-01', '2024-1-01']) {
      expect(dateSerial(text)).toBe(-1);
    }
    for (const text of [
      '2024-03-13 12:00:00',
      '2024-03-13T24:00:00',
      '2024-03-13T12:00:00.',
      '2024-03-13T12:00:00.1x',
    ]) {
      expect(timestampSerial(text)).toBe(-1);
    }
    expect(cellXml('1899-12-31', 'date', 'A2')).toBe(
      '<c r="A2" t="inlineStr"><is><t>1899-12-31</t></is></c>',
    );
    expect(cellXml('2024-01-01', 'timestamp', 'A2')).toBe('<c r="A2" s="3"><v>45292</v></c>');
    expect(cellXml('2024-01-01T06:00:00', 'date', 'A2')).toBe('<c r="A2" s="2"><v>45292.25</v></c>');
    expect(cellXml(new Date(Date.UTC(2024, 0, 1, 6)), 'unknown', 'A2')).toBe(
      '<c r="A2" s="2"><v>45292.25</v></c>',
    );
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

describe('writeXlsx text, files and failures', () => {
  it('escapes markup, drops what XML cannot carry, keeps Unicode, NULLs and cuts at 32,767 characters', async () => {
    const long = 'ж'.repeat(40_000);
    const pairAtLimit = `${'a'.repeat(32_766)}😀tail`;
    const { file } = await toFile('text.xlsx', (sink) =>
      exportXlsx(
        {
          columns: [
            { name: 'a<b>&"c"', type: 'VARCHAR' },
            { name: 'n', type: 'INTEGER' },
          ],
          rows: [
            ['<tag attr="x"> & </tag> &amp;', 1],
            ['bell\u0007tab\tnew\nline\u0000\u001f\ufffe end', null],
            ['日本語 😀 Ёё ‮RTL', 2],
            [null, null],
            [long, 3],
            [pairAtLimit, 4],
            ['  padded  ', 5],
          ],
        },
        sink,
        { sheetName: 'Q&A <1>' },
      ),
    );
    const [sheet] = await readBack(file);
    expect(sheet?.name).toBe('Q&A <1>');
    expect(sheet!.rows[0]!.getCell(1).value).toBe('a<b>&"c"');
    const text = (row: number) => sheet!.rows[row]!.getCell(1).value;
    // exceljs's reader decodes entities twice, so the literal '&amp;' is checked in the XML itself.
    expect(text(1)).toMatch(/^<tag attr="x"> & <\/tag> &/);
    const xml = await (await JSZip.loadAsync(fs.readFileSync(file)))
      .file('xl/worksheets/sheet1.xml')!
      .async('string');
    expect(xml).toContain('<t>&lt;tag attr=&quot;x&quot;&gt; &amp; &lt;/tag&gt; &amp;amp;</t>');
    expect(xml).toContain('<t>belltab\tnew\nline end</t>');
    expect(text(2)).toBe('belltab\tnew\nline end');
    expect(sheet!.rows[2]!.getCell(2).value).toBe(null);
    expect(text(3)).toBe('日本語 😀 Ёё ‮RTL');
    expect(sheet!.rows[4]!.getCell(1).value).toBe(null);
    expect(sheet!.rows[4]!.getCell(2).value).toBe(null);
    // Checked in the XML: exceljs's reader decodes each 64 KB chunk on its own, splitting a character.
    expect(xml).toContain(`<c r="A6" t="inlineStr"><is><t>${'ж'.repeat(32_767)}</t></is></c>`);
    // The cut never splits a surrogate pair.
    expect(text(6)).toBe('a'.repeat(32_766));
    expect(text(7)).toBe('  padded  ');
  });

  it('writes a package other readers accept: the checker upload uses, and the parts Excel needs', async () => {
    const data = Array.from({ length: 12 }, (_, i) => [i, `r${i}`]);
    const { file } = await toFile('parts.xlsx', (sink) =>
      exportXlsx(
        streamed(
          [
            { name: 'i', type: 'INTEGER' },
            { name: 's', type: 'VARCHAR' },
          ],
          [data],
        ),
        sink,
        { sheetName: 'Data', rowsPerSheet: 5 },
      ),
    );
    await checkZipFile(file, { maxEntries: 100, maxUnpackedBytes: 1024 * 1024, maxRatio: 1000 });
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    expect(Object.keys(zip.files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      'xl/worksheets/sheet3.xml',
    ]);
    const types = await zip.file('[Content_Types].xml')!.async('string');
    expect(types).toContain('PartName="/xl/worksheets/sheet3.xml"');
    const book = await zip.file('xl/workbook.xml')!.async('string');
    expect(book).toContain('<sheet name="Data (3)" sheetId="3" r:id="rId3"/>');
    const second = await zip.file('xl/worksheets/sheet2.xml')!.async('string');
    expect(second).toContain('state="frozen"');
    expect(second).toContain('<row r="6"><c r="A6"><v>9</v></c>');
    expect(second).not.toContain('<row r="7">');
  });

  it('stops reading the source and rejects when the destination fails midway', async () => {
    let batchesRead = 0;
    let sourceClosed = false;
    const source = {
      columns: [{ name: 's', type: 'VARCHAR' }],
      batches: (async function* (): AsyncGenerator<unknown[][]> {
        try {
          for (let b = 0; b < 1000; b++) {
            batchesRead++;
            // Text that does not compress away, so bytes reach the destination early.
            yield Array.from({ length: 1000 }, (_, i) => [`${Math.random()}-${b}-${i}`]);
          }
        } finally {
          sourceClosed = true;
        }
      })(),
    };
    let taken = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        taken += chunk.length;
        callback(taken > 1024 * 1024 ? new Error('disk full') : null);
      },
    });
    sink.on('error', () => undefined);
    await expect(exportXlsx(source, sink)).rejects.toMatchObject({
      code: 'STREAM_FAILED',
      message: 'disk full',
    });
    expect(sourceClosed).toBe(true);
    expect(batchesRead).toBeLessThan(1000);
  });

  it('waits for a slow destination instead of reading ahead (backpressure), and stops when it goes away', async () => {
    let batchesRead = 0;
    const source = {
      columns: [{ name: 's', type: 'VARCHAR' }],
      batches: (async function* (): AsyncGenerator<unknown[][]> {
        for (let b = 0; b < 1000; b++) {
          batchesRead++;
          yield Array.from({ length: 1000 }, (_, i) => [`${Math.random()}-${b}-${i}`]);
        }
      })(),
    };
    // Takes the first 256 KB, then never acknowledges another chunk: a client that stopped reading.
    let taken = 0;
    const stalled = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        taken += chunk.length;
        if (taken < 256 * 1024) callback();
      },
    });
    const writing = exportXlsx(source, stalled);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const readWhileStalled = batchesRead;
    // Each batch is about 30 KB of sheet XML: a few chunks in flight, not the whole source.
    expect(readWhileStalled).toBeLessThan(200);
    stalled.destroy();
    await expect(writing).rejects.toMatchObject({ code: 'STREAM_FAILED' });
    expect(batchesRead).toBe(readWhileStalled);
  });
});
