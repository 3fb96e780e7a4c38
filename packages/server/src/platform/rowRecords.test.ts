import { describe, expect, it } from 'vitest';
import { rowRecordMaker, rowRecords } from './rowRecords.ts';

/** The records as assigning key by key makes them: the reference rowRecords must equal, text for text. */
function byAssignment(names: string[], rows: unknown[][]): Record<string, unknown>[] {
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) record[names[i] as string] = row[i];
    return record;
  });
}

describe('row records', () => {
  it('keys rows by column name with every value kind, as key-by-key assignment does', () => {
    const names = ['id', 'город', 'at', 'ok', 'big', 'list', 'none'];
    const rows = [
      [1, 'Екатеринбург', '2024-03-13T10:37:42.5', true, '9007199254740993', [1, { a: 2 }], null],
      [2.5, '🙂 "quoted" \\ \u2028', '1969-12-31', false, -0, [], undefined],
    ];
    const records = rowRecords(names, rows);
    expect(records).toEqual(byAssignment(names, rows));
    expect(JSON.stringify(records)).toBe(JSON.stringify(byAssignment(names, rows)));
    expect(Object.keys(records[1] as object)).toEqual(names);
  });

  it('keeps the order and values of repeated, numeric and odd names', () => {
    const names = ['b', '1', 'a', 'b', '0', 'x"); throw 1; ("', 'constructor', '__proto__'];
    const rows = [[1, 2, 3, 4, 5, 6, 7, { polluted: true }]];
    const records = rowRecords(names, rows);
    expect(JSON.stringify(records)).toBe(JSON.stringify(byAssignment(names, rows)));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const plain = rowRecords(['b', '1', 'a', 'b', 'x"); throw 1; ("'], [[1, 2, 3, 4, 5]]);
    expect(JSON.stringify(plain)).toBe('[{"1":2,"b":4,"a":3,"x\\"); throw 1; (\\"":5}]');
  });

  it('applies converters and turns undefined into null where asked', () => {
    const make = rowRecordMaker(['t', 'v', 'w'], {
      convert: [(value) => (typeof value === 'string' ? Date.parse(`${value}Z`) : value), null, null],
      undefinedAsNull: true,
    });
    expect(make(['2024-01-01T00:00:00', undefined, 0])).toEqual({ t: 1704067200000, v: null, w: 0 });
    expect(make([null])).toEqual({ t: null, v: null, w: null });
    expect(rowRecordMaker(['v'])([undefined])).toEqual({ v: undefined });
  });

  it('makes records for no columns and no rows', () => {
    expect(rowRecords([], [[], []])).toEqual([{}, {}]);
    expect(rowRecords(['a'], [])).toEqual([]);
  });
});
