import { getColumn, hasColumn, rowCount } from './frame.ts';
import type { DataFrame } from './types.ts';
import {
  fail,
  groupRows,
  isNullish,
  optBool,
  optInt,
  optionsOf,
  pyFloat,
  stringArray,
  toNumber,
} from './util.ts';

const OP = 'histogram';
export const MAX_HISTOGRAM_BINS = 1000;

/**
 * Counts of `column` in `bins` equal-width bins between its minimum and maximum (numpy's
 * histogram: the last bin includes the maximum; a constant column spans value ± 0.5), one row per
 * group, bins named '<lower> - <upper>' with Python float formatting; optionally cumulative and
 * normalised by the grand total. Null values are ignored.
 */
export function histogram(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const column = options.column;
  if (typeof column !== 'string' || !hasColumn(frame, column)) {
    fail(OP, 'column', `Referenced columns not available in DataFrame: ${String(column)}`);
  }
  const groupby = stringArray(OP, 'groupby', options.groupby, false);
  for (const g of groupby)
    if (!hasColumn(frame, g)) fail(OP, 'groupby', `Referenced columns not available in DataFrame: ${g}`);
  if (typeof options.bins === 'boolean')
    fail(OP, 'bins', `\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`);
  const bins = optInt(OP, 'bins', options.bins, 5, 1, MAX_HISTOGRAM_BINS) as number;
  const cumulative = optBool(OP, 'cumulative', options.cumulative, false);
  const normalize = optBool(OP, 'normalize', options.normalize, false);

  const n = rowCount(frame);
  const src = getColumn(frame, column);
  const keep: number[] = [];
  const x = new Float64Array(n);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    if (isNullish(src[i])) continue;
    const v = toNumber(src[i]);
    if (!Number.isFinite(v)) fail(OP, 'column', `Column '${column}' contains non-numeric values`);
    x[i] = v;
    keep.push(i);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (keep.length === 0)
    return { columns: [...groupby], data: Object.fromEntries(groupby.map((g) => [g, []])) };
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : lo + ((hi - lo) * i) / bins));
  const names = Array.from(
    { length: bins },
    (_, i) => `${pyFloat(edges[i] as number)} - ${pyFloat(edges[i + 1] as number)}`,
  );

  const keyCols = groupby.map((g) => {
    const col = getColumn(frame, g);
    return keep.map((i) => col[i]);
  });
  const grouping = groupRows(keyCols, keep.length);
  const G = grouping.count;
  const counts = new Float64Array(G * bins);
  keep.forEach((row, k) => {
    const g = grouping.ids[k] as number;
    if (g < 0) return;
    const v = x[row] as number;
    let b = Math.floor(((v - lo) / (hi - lo)) * bins);
    if (b >= bins) b = bins - 1;
    if (b < 0) b = 0;
    if (b > 0 && v < (edges[b] as number)) b--;
    else if (b < bins - 1 && v >= (edges[b + 1] as number)) b++;
    counts[g * bins + b] = (counts[g * bins + b] as number) + 1;
  });
  if (cumulative) {
    for (let g = 0; g < G; g++)
      for (let b = 1; b < bins; b++)
        counts[g * bins + b] = (counts[g * bins + b] as number) + (counts[g * bins + b - 1] as number);
  }
  if (normalize) {
    let total = 0;
    for (let i = 0; i < counts.length; i++) total += counts[i] as number;
    if (total > 0) for (let i = 0; i < counts.length; i++) counts[i] = (counts[i] as number) / total;
  }
  const data: Record<string, unknown[]> = {};
  groupby.forEach((g, k) => {
    const col = keyCols[k] as unknown[];
    data[g] = Array.from(grouping.firstRow, (r) => col[r]);
  });
  names.forEach((name, b) => {
    data[name] = Array.from({ length: G }, (_, g) => counts[g * bins + b]);
  });
  return { columns: [...groupby, ...names], data };
}
