import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DatabaseError } from '../../drivers/errors.ts';
import { type CsvOptions, escapeFormula, plainNumber } from './csv.ts';
import { ExportError } from './errors.ts';
import { collector, exportCsv, measurePeakGrowth, streamed } from './testing.ts';

const BOM = '\ufeff';

async function csv(
  columns: Array<{ name: string; type: string }>,
  rows: unknown[][],
  options: CsvOptions = {},
): Promise<string> {
  const out = collector();
  await exportCsv({ columns, rows }, out.sink, options);
  return out.text();
}

describe('writeCsv', () => {
  it('writes a BOM, a header and RFC 4180 quoting with CRLF', async () => {
    const text = await csv(
      [
        { name: 'name', type: 'VARCHAR' },
        { name: 'note', type: 'VARCHAR' },
      ],
      [
        ['a,b', 'say "hi"'],
        ['line\nbreak', 'cr\rhere'],
        [' lead', 'trail '],
        ['plain', ''],
        ['Москва', 'ёжик'],
      ],
    );
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      'name,note\r\n"a,b","say ""hi"""\r\n"line\nbreak","cr\rhere"\r\n" lead","trail "\r\nplain,\r\nМосква,ёжик\r\n',
    );
  });

  it('writes nulls as empty and numbers without exponent or locale', async () => {
    const text = await csv(
      [
        { name: 'n', type: 'DOUBLE' },
        { name: 'big', type: 'HUGEINT' },
        { name: 'dec', type: 'DECIMAL(38,10)' },
        { name: 'b', type: 'BOOLEAN' },
      ],
      [
        [1e21, '123456789012345678901234567890', '0.0000000001', true],
        [1.5e-7, null, '-12.5', false],
        [-0, '9007199254740993', null, null],
        [Number.NaN, '1E+3', '1', null],
      ],
      { bom: false },
    );
    expect(text).toBe(
      'n,big,dec,b\r\n1000000000000000000000,123456789012345678901234567890,0.0000000001,true\r\n0.00000015,,-12.5,false\r\n0,9007199254740993,,\r\n,1000,1,\r\n',
    );
  });

  it('supports a semicolon delimiter with a decimal comma (Russian Excel)', async () => {
    const text = await csv(
      [
        { name: 'город', type: 'VARCHAR' },
        { name: 'сумма', type: 'DECIMAL(10,2)' },
        { name: 'x', type: 'DOUBLE' },
      ],
      [
        ['Казань; центр', '1234.50', 0.25],
        ['a,b', '-3', 2],
      ],
      { delimiter: ';', decimalSeparator: ',', bom: false },
    );
    expect(text).toBe('город;сумма;x\r\n"Казань; центр";1234,50;0,25\r\na,b;-3;2\r\n');
  });

  it('quotes numbers that contain the delimiter when the decimal comma meets a comma delimiter', async () => {
    const text = await csv([{ name: 'x', type: 'DOUBLE' }], [[1.5]], { decimalSeparator: ',', bom: false });
    expect(text).toBe('x\r\n"1,5"\r\n');
  });

  it('writes timestamps as "YYYY-MM-DD HH:MM:SS" and dates as they are', async () => {
    const text = await csv(
      [
        { name: 'ts', type: 'TIMESTAMP' },
        { name: 'd', type: 'DATE' },
      ],
      [['2024-03-13T10:37:42.123', '2024-03-13']],
      { bom: false, newline: '\n' },
    );
    expect(text).toBe('ts,d\n2024-03-13 10:37:42.123,2024-03-13\n');
  });

  it('guards against formula injection as Superset does (plus TAB and CR)', async () => {
    expect(escapeFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeFormula('+1')).toBe("'+1");
    expect(escapeFormula('-cmd')).toBe("'-cmd");
    expect(escapeFormula('@x')).toBe("'@x");
    expect(escapeFormula('|calc')).toBe("'\\|calc");
    expect(escapeFormula('%1')).toBe("'%1");
    expect(escapeFormula('\tx')).toBe("'\tx");
    expect(escapeFormula('\rx')).toBe("'\rx");
    expect(escapeFormula('  =1+2')).toBe("'  =1+2");
    expect(escapeFormula('""=1')).toBe('\'""=1');
    expect(escapeFormula('-12.5')).toBe('-12.5');
    expect(escapeFormula('a=b')).toBe('a=b');
    const text = await csv(
      [
        { name: '=header', type: 'VARCHAR' },
        { name: 'n', type: 'INTEGER' },
      ],
      [
        ['=HYPERLINK("http://x")', -5],
        ['=1,2', 1],
      ],
      { bom: false },
    );
    expect(text).toBe('\'=header,n\r\n"\'=HYPERLINK(""http://x"")",-5\r\n"\'=1,2",1\r\n');
    const off = await csv([{ name: 'v', type: 'VARCHAR' }], [['=1']], { bom: false, formulaGuard: false });
    expect(off).toBe('v\r\n=1\r\n');
  });

  it('encodes UTF-16LE with its BOM and windows-1251 without one', async () => {
    const columns = [{ name: 'город', type: 'VARCHAR' }];
    const out16 = collector();
    await exportCsv({ columns, rows: [['Ёлки']] }, out16.sink, { encoding: 'utf-16le' });
    const bytes16 = out16.bytes();
    expect([...bytes16.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(bytes16.subarray(2).toString('utf16le')).toBe('город\r\nЁлки\r\n');

    const out1251 = collector();
    await exportCsv({ columns, rows: [['Ёлки №5 — 😀']] }, out1251.sink, { encoding: 'windows-1251' });
    const bytes1251 = out1251.bytes();
    expect(new TextDecoder('windows-1251').decode(bytes1251)).toBe('город\r\nЁлки №5 — ?\r\n');
  });

  it('rejects a bad delimiter', async () => {
    await expect(csv([{ name: 'a', type: 'VARCHAR' }], [['x']], { delimiter: '"' })).rejects.toThrow(
      /delimiter/,
    );
    await expect(csv([{ name: 'a', type: 'VARCHAR' }], [['x']], { delimiter: ';;' })).rejects.toThrow(
      /delimiter/,
    );
  });

  it('formats numbers plainly', () => {
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(-1.234e-8)).toBe('-0.00000001234');
    expect(plainNumber(1.5e300).length).toBe(301);
    expect(plainNumber(123.456)).toBe('123.456');
  });

  it('refuses an empty result before writing anything', async () => {
    const out = collector();
    const error = await exportCsv(streamed([{ name: 'a', type: 'INTEGER' }], [[], []]), out.sink).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExportError);
    expect(error).toMatchObject({
      code: 'NO_DATA',
      message: 'No data to export',
      status: 400,
      beforeStart: true,
    });
    expect(out.bytes().length).toBe(0);
    await expect(
      exportCsv({ columns: [{ name: 'a', type: 'INTEGER' }], rows: [] }, out.sink),
    ).rejects.toMatchObject({
      code: 'NO_DATA',
    });
  });

  it('turns an upstream error before the first rows into QUERY_FAILED with the reason, writing nothing', async () => {
    const out = collector();
    const source = {
      columns: [{ name: 'a', type: 'INTEGER' }],
      batches: (async function* (): AsyncGenerator<unknown[][]> {
        yield [];
        throw new DatabaseError('COLUMN_DOES_NOT_EXIST_ERROR', 'column "x" does not exist', 'postgresql');
      })(),
    };
    const error = await exportCsv(source, out.sink).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'QUERY_FAILED',
      message: 'column "x" does not exist',
      status: 400,
      errorType: 'COLUMN_DOES_NOT_EXIST_ERROR',
    });
    expect(out.bytes().length).toBe(0);
  });

  it('reports a failure midway as STREAM_FAILED and stops the source', async () => {
    const out = collector();
    let stopped = false;
    const source = {
      columns: [{ name: 'a', type: 'INTEGER' }],
      batches: (async function* (): AsyncGenerator<unknown[][]> {
        try {
          yield Array.from({ length: 600 }, (_, i) => [i]);
          throw new Error('connection lost');
        } finally {
          stopped = true;
        }
      })(),
    };
    await expect(exportCsv(source, out.sink)).rejects.toMatchObject({
      code: 'STREAM_FAILED',
      beforeStart: false,
    });
    expect(stopped).toBe(true);
    expect(out.bytes().length).toBeGreaterThan(0);
  });

  it('waits for drain on a slow sink', async () => {
    let writes = 0;
    let maxBuffered = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        writes++;
        setImmediate(callback);
      },
    });
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, `row ${i}`]);
    const written = await exportCsv(
      streamed(
        [
          { name: 'i', type: 'INTEGER' },
          { name: 's', type: 'VARCHAR' },
        ],
        [rows.slice(0, 10_000), rows.slice(10_000)],
      ),
      new Proxy(sink, {
        get(target, key, receiver) {
          if (key === 'write') {
            return (chunk: Buffer) => {
              const ok = target.write(chunk);
              maxBuffered = Math.max(maxBuffered, target.writableLength);
              return ok;
            };
          }
          const value: unknown = Reflect.get(target, key, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    );
    expect(written).toBe(20_000);
    expect(writes).toBeGreaterThan(10);
    // Never more than one chunk over the high-water mark: the writer awaited 'drain'.
    expect(maxBuffered).toBeLessThan(64 * 1024);
  });

  it('streams 1,000,000 rows with bounded memory', async () => {
    const BATCH = 10_000;
    const TOTAL = 1_000_000;
    const columns = [
      { name: 'id', type: 'BIGINT' },
      { name: 'name', type: 'VARCHAR' },
      { name: 'amount', type: 'DECIMAL(18,2)' },
      { name: 'ts', type: 'TIMESTAMP' },
    ];
    const source = {
      columns,
      batches: (async function* (): AsyncGenerator<unknown[][]> {
        for (let start = 0; start < TOTAL; start += BATCH) {
          const batch: unknown[][] = [];
          for (let i = start; i < start + BATCH; i++) {
            batch.push([i, `Клиент ${i}, "VIP"`, `${i}.25`, '2024-03-13T10:37:42']);
          }
          yield batch;
        }
      })(),
    };
    let bytes = 0;
    let lines = 0;
    let tail = '';
    const { result, growth } = await measurePeakGrowth(async (sample) => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          tail = (tail + chunk.toString('utf8')).slice(-200);
          sample();
          callback();
        },
      });
      return exportCsv(source, sink);
    });
    expect(result).toBe(TOTAL);
    expect(lines).toBe(TOTAL + 1);
    expect(tail.endsWith('999999,"Клиент 999999, ""VIP""",999999.25,2024-03-13 10:37:42\r\n')).toBe(true);
    expect(bytes).toBeGreaterThan(50_000_000);
    expect(growth).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);
});

describe('plainNumber edge cases', () => {
  it('expands exponents digit for digit', () => {
    expect(plainNumber(5e-324)).toBe(`0.${'0'.repeat(323)}5`);
    expect(plainNumber(-1e21)).toBe('-1000000000000000000000');
    expect(plainNumber(1.7976931348623157e308).startsWith('17976931348623157')).toBe(true);
  });
});
