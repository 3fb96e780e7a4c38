import { describe, expect, it } from 'vitest';
import { jsonRecords, toJson } from './jsonRecords.ts';

describe('jsonRecords', () => {
  it('keeps records that already are JSON as they are', () => {
    const records = [{ a: 1, b: 'Екатеринбург', c: null, d: true, e: [1, { f: 'x' }] }];
    const out = jsonRecords(records);
    expect(out[0]).toBe(records[0]);
  });

  it('copies a record through toJson when a value is not JSON, giving what toJson(records) gave', () => {
    const date = new Date(Date.UTC(2024, 0, 1));
    const records: Record<string, unknown>[] = [
      {
        a: Number.NaN,
        b: Number.POSITIVE_INFINITY,
        c: 10n ** 20n,
        d: undefined,
        e: date,
        f: [Number.NaN],
        g: { h: 1n },
      },
      { a: 1 },
    ];
    const out = jsonRecords(records);
    expect(out).toEqual(toJson(records));
    expect(out[0]).toEqual({
      a: null,
      b: null,
      c: '100000000000000000000',
      d: null,
      e: 1704067200000,
      f: [null],
      g: { h: '1' },
    });
    expect(out[0]).not.toBe(records[0]);
    expect(out[1]).toBe(records[1]);
    expect(JSON.stringify(out)).toBe(JSON.stringify(toJson(records)));
  });
});
