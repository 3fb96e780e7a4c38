import { percentileSorted, sortedValues } from './aggregators.ts';
import { getColumn, hasColumn, rowCount } from './frame.ts';
import type { BoxplotWhiskerType, DataFrame } from './types.ts';
import { fail, groupOrder, groupRows, optionsOf, stringArray, toNumber } from './util.ts';

const OP = 'boxplot';
const STATS = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const;
const WHISKERS: Record<BoxplotWhiskerType, true> = { tukey: true, 'min/max': true, percentile: true };

/**
 * Per group and metric: '<metric>__mean', '__median', '__max' / '__min' (whiskers), '__q1', '__q3'
 * (midpoint quartiles), '__count' (rows) and '__outliers' (values beyond the whiskers, above then
 * below). Whiskers: tukey (furthest values within 1.5 IQR of the quartiles), min/max, or the
 * given percentiles.
 */
export function boxplot(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const groupby = stringArray(OP, 'groupby', options.groupby, false);
  const metrics = stringArray(OP, 'metrics', options.metrics, true);
  const whisker = options.whisker_type;
  if (typeof whisker !== 'string' || !Object.hasOwn(WHISKERS, whisker)) {
    fail(OP, 'whisker_type', 'boxplot: option whisker_type must be tukey, min/max or percentile');
  }
  let low = 0;
  let high = 100;
  if (whisker === 'percentile') {
    const p = options.percentiles;
    if (
      !Array.isArray(p) ||
      p.length !== 2 ||
      typeof p[0] !== 'number' ||
      typeof p[1] !== 'number' ||
      p[0] >= p[1] ||
      p[0] < 0 ||
      p[1] > 100
    ) {
      fail(
        OP,
        'percentiles',
        'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
      );
    }
    [low, high] = p as [number, number];
  }
  for (const c of [...groupby, ...metrics]) {
    if (!hasColumn(frame, c))
      fail(
        OP,
        groupby.includes(c) ? 'groupby' : 'metrics',
        `Referenced columns not available in DataFrame: ${c}`,
      );
  }
  const n = rowCount(frame);
  const grouping = groupRows(
    groupby.map((g) => getColumn(frame, g)),
    n,
  );
  const { order, offsets } = groupOrder(grouping);
  const G = grouping.count;
  const data: Record<string, unknown[]> = {};
  for (const g of groupby) {
    const src = getColumn(frame, g);
    data[g] = Array.from(grouping.firstRow, (r) => src[r]);
  }
  const stats = new Map<string, unknown[]>();
  for (const metric of metrics) {
    const src = getColumn(frame, metric);
    const values = new Float64Array(order.length);
    for (let k = 0; k < order.length; k++) values[k] = toNumber(src[order[k] as number]);
    const cols = Object.fromEntries(STATS.map((s) => [s, new Array<unknown>(G)])) as Record<
      (typeof STATS)[number],
      unknown[]
    >;
    for (let g = 0; g < G; g++) {
      const s = offsets[g] as number;
      const e = offsets[g + 1] as number;
      const sorted = sortedValues(values, s, e);
      const m = sorted.length;
      let sum = 0;
      for (let i = 0; i < m; i++) sum += sorted[i] as number;
      const q1 = percentileSorted(sorted, 25, 'midpoint');
      const q3 = percentileSorted(sorted, 75, 'midpoint');
      let wLow: number;
      let wHigh: number;
      if (whisker === 'tukey') {
        const lim = 1.5 * (q3 - q1);
        wHigh = Number.NaN;
        wLow = Number.NaN;
        for (let i = 0; i < m; i++) {
          const v = sorted[i] as number;
          if (v <= q3 + lim) wHigh = v;
        }
        for (let i = m - 1; i >= 0; i--) {
          const v = sorted[i] as number;
          if (v >= q1 - lim) wLow = v;
        }
      } else if (whisker === 'percentile') {
        wLow = percentileSorted(sorted, low);
        wHigh = percentileSorted(sorted, high);
      } else {
        wLow = m > 0 ? (sorted[0] as number) : Number.NaN;
        wHigh = m > 0 ? (sorted[m - 1] as number) : Number.NaN;
      }
      const above: number[] = [];
      const below: number[] = [];
      for (let i = s; i < e; i++) {
        const v = values[i] as number;
        if (v > wHigh) above.push(v);
        else if (v < wLow) below.push(v);
      }
      const num = (v: number) => (Number.isFinite(v) ? v : null);
      cols.mean[g] = m === 0 ? null : num(sum / m);
      cols.median[g] = num(percentileSorted(sorted, 50));
      cols.max[g] = num(wHigh);
      cols.min[g] = num(wLow);
      cols.q1[g] = num(q1);
      cols.q3[g] = num(q3);
      cols.count[g] = e - s;
      cols.outliers[g] = [...above, ...below];
    }
    for (const st of STATS) stats.set(`${metric}__${st}`, cols[st]);
  }
  const columns = [...groupby];
  for (const st of STATS) {
    for (const metric of metrics) {
      const name = `${metric}__${st}`;
      columns.push(name);
      data[name] = stats.get(name) as unknown[];
    }
  }
  return { columns, data };
}
