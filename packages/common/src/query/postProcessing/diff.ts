import { getColumn } from './frame.ts';
import type { DataFrame } from './types.ts';
import {
  assignColumns,
  columnPairs,
  expandPairs,
  fail,
  fromFloat64,
  optInt,
  optionsOf,
  toFloat64,
} from './util.ts';

const OP = 'diff';

/** pandas DataFrame.diff(periods, axis) over the selected columns. */
export function diff(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const periods = optInt(OP, 'periods', options.periods, 1, -Number.MAX_SAFE_INTEGER) as number;
  const axis = options.axis ?? 0;
  if (axis !== 0 && axis !== 1 && axis !== 'index' && axis !== 'columns') {
    fail(OP, 'axis', 'diff: option axis must be 0 (rows) or 1 (columns)');
  }
  const pairs = expandPairs(frame, OP, columnPairs(OP, options.columns));
  const inputs = pairs.map(([src]) => toFloat64(getColumn(frame, src)));
  const computed = new Map<string, unknown[]>();
  pairs.forEach(([, tgt], k) => {
    const x = inputs[k] as Float64Array;
    const n = x.length;
    const out = new Float64Array(n);
    if (axis === 0 || axis === 'index') {
      for (let i = 0; i < n; i++) {
        const j = i - periods;
        out[i] = j < 0 || j >= n ? Number.NaN : (x[i] as number) - (x[j] as number);
      }
    } else {
      const other = inputs[k - periods];
      for (let i = 0; i < n; i++) out[i] = other ? (x[i] as number) - (other[i] as number) : Number.NaN;
    }
    computed.set(tgt, fromFloat64(out));
  });
  return assignColumns(frame, computed);
}
