import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './index.ts';
import type { DataFrame } from './types.ts';

describe('1,000,000 rows (bench-style: asserts correctness only)', () => {
  it('aggregate + pivot + rolling', () => {
    const n = 1_000_000;
    const day = new Array<unknown>(n);
    const cat = new Array<unknown>(n);
    const v = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      day[i] = (i % 1000) * 86_400_000;
      cat[i] = `c${i % 7}`;
      v[i] = i % 10;
    }
    const frame: DataFrame = { columns: ['day', 'cat', 'v'], data: { day, cat, v } };
    const agg = applyPostProcessing(frame, [
      {
        operation: 'aggregate',
        options: { groupby: ['day'], aggregates: { s: { column: 'v', operator: 'sum' } } },
      },
      {
        operation: 'rolling',
        options: { rolling_type: 'mean', window: 10, min_periods: 0, columns: { s: 'm' } },
      },
    ]);
    expect(agg.data.day).toHaveLength(1000);
    // day d holds i = d + 1000k (k < 1000): values (d + 1000k) % 10 = d % 10 → sum = 1000 · (d % 10).
    expect(agg.data.s?.[3]).toBe(3000);
    expect(agg.data.m?.[9]).toBe(4500);
    const rolled = applyPostProcessing(frame, [
      {
        operation: 'rolling',
        options: { rolling_type: 'sum', window: 3, min_periods: 0, columns: { v: 'r' } },
      },
    ]);
    expect(rolled.data.r?.[n - 1]).toBe(7 + 8 + 9);
    const piv = applyPostProcessing(frame, [
      {
        operation: 'pivot',
        options: { index: ['day'], columns: ['cat'], aggregates: { v: { operator: 'sum' } } },
      },
    ]);
    expect(piv.columns).toHaveLength(8);
    expect(piv.data.day).toHaveLength(1000);
  });
});
