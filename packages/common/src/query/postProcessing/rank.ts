import { getColumn, hasColumn, rowCount } from './frame.ts';
import type { DataFrame } from './types.ts';
import { assignColumns, fail, groupOrder, groupRows, optionsOf, toNumber } from './util.ts';

const OP = 'rank';

/** Adds 'rank': the percentile rank (average for ties) of `metric`, within `group_by` groups. */
export function rank(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const metric = options.metric;
  if (typeof metric !== 'string' || !hasColumn(frame, metric)) {
    fail(OP, 'metric', `Referenced columns not available in DataFrame: ${String(metric)}`);
  }
  const groupBy = options.group_by;
  if (
    groupBy !== undefined &&
    groupBy !== null &&
    (typeof groupBy !== 'string' || !hasColumn(frame, groupBy))
  ) {
    fail(OP, 'group_by', `Referenced columns not available in DataFrame: ${String(groupBy)}`);
  }
  const n = rowCount(frame);
  const values = getColumn(frame, metric).map(toNumber);
  const grouping = groupRows(typeof groupBy === 'string' ? [getColumn(frame, groupBy)] : [], n);
  const { order, offsets } = groupOrder(grouping);
  const out = new Array<unknown>(n).fill(null);
  for (let g = 0; g < grouping.count; g++) {
    const rows = Array.from(order.subarray(offsets[g] as number, offsets[g + 1] as number)).filter(
      (r) => !Number.isNaN(values[r] as number),
    );
    rows.sort((a, b) => (values[a] as number) - (values[b] as number));
    const m = rows.length;
    for (let i = 0; i < m; ) {
      let j = i;
      while (j + 1 < m && values[rows[j + 1] as number] === values[rows[i] as number]) j++;
      const avg = (i + j + 2) / 2;
      for (let k = i; k <= j; k++) out[rows[k] as number] = avg / m;
      i = j + 1;
    }
  }
  return assignColumns(frame, new Map([['rank', out]]));
}
