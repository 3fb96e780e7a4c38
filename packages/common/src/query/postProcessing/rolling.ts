import { isRecord } from '../../isRecord.ts';
import { percentileSorted } from './aggregators.ts';
import { cumulate } from './cum.ts';
import { getColumn } from './frame.ts';
import type { DataFrame, RollingType } from './types.ts';
import {
  assignColumns,
  columnPairs,
  expandPairs,
  fail,
  fromFloat64,
  optInt,
  optionsOf,
  sliceRows,
  toFloat64,
} from './util.ts';

const OP = 'rolling';
const ROLLING_TYPES: Record<RollingType, true> = {
  mean: true,
  sum: true,
  std: true,
  var: true,
  min: true,
  max: true,
  median: true,
  count: true,
  cumsum: true,
  quantile: true,
};

/** Trailing window sum/mean/count over non-null values, O(n). */
function windowSums(
  x: Float64Array,
  window: number,
  minPeriods: number,
  kind: 'sum' | 'mean' | 'count',
): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  let sum = 0;
  let cnt = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i] as number;
    if (!Number.isNaN(v)) {
      sum += v;
      cnt++;
    }
    if (i >= window) {
      const old = x[i - window] as number;
      if (!Number.isNaN(old)) {
        sum -= old;
        cnt--;
      }
    }
    if (cnt < minPeriods) out[i] = Number.NaN;
    else if (kind === 'count') out[i] = cnt;
    else if (kind === 'sum') out[i] = cnt === 0 ? 0 : sum;
    else out[i] = cnt === 0 ? Number.NaN : sum / cnt;
  }
  return out;
}

/** Trailing window variance (ddof) with Welford add/remove updates, O(n). */
function windowVar(
  x: Float64Array,
  window: number,
  minPeriods: number,
  ddof: number,
  sqrt: boolean,
): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  let cnt = 0;
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i] as number;
    if (!Number.isNaN(v)) {
      cnt++;
      const d = v - mean;
      mean += d / cnt;
      m2 += d * (v - mean);
    }
    if (i >= window) {
      const old = x[i - window] as number;
      if (!Number.isNaN(old)) {
        cnt--;
        if (cnt === 0) {
          mean = 0;
          m2 = 0;
        } else {
          const d = old - mean;
          mean -= d / cnt;
          m2 -= d * (old - mean);
        }
      }
    }
    if (m2 < 0) m2 = 0;
    if (cnt < minPeriods || cnt - ddof <= 0) out[i] = Number.NaN;
    else {
      const variance = m2 / (cnt - ddof);
      out[i] = sqrt ? Math.sqrt(variance) : variance;
    }
  }
  return out;
}

/** Trailing window min/max with a monotonic deque, O(n). */
function windowExtreme(x: Float64Array, window: number, minPeriods: number, isMax: boolean): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let cnt = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i] as number;
    if (!Number.isNaN(v)) {
      cnt++;
      while (
        tail > head &&
        (isMax ? (x[dq[tail - 1] as number] as number) <= v : (x[dq[tail - 1] as number] as number) >= v)
      ) {
        tail--;
      }
      dq[tail++] = i;
    }
    if (i >= window) {
      const old = x[i - window] as number;
      if (!Number.isNaN(old)) cnt--;
      while (tail > head && (dq[head] as number) <= i - window) head++;
    }
    out[i] = cnt < minPeriods || cnt === 0 ? Number.NaN : (x[dq[head] as number] as number);
  }
  return out;
}

/** Trailing window quantile by sorting each window, O(n·w·log w). */
function windowQuantile(x: Float64Array, window: number, minPeriods: number, q: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  const buf = new Float64Array(window);
  for (let i = 0; i < n; i++) {
    let k = 0;
    for (let j = Math.max(0, i - window + 1); j <= i; j++) {
      const v = x[j] as number;
      if (!Number.isNaN(v)) buf[k++] = v;
    }
    out[i] = k < minPeriods || k === 0 ? Number.NaN : percentileSorted(buf.subarray(0, k).sort(), q * 100);
  }
  return out;
}

/**
 * pandas' DataFrame.rolling(window, min_periods).<rolling_type>() over the given columns (or every
 * pivoted column under a metric). Windows with fewer than min_periods non-null values are null;
 * then, as Superset does, the first min_periods - 1 rows are dropped.
 */
export function rolling(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const rollingType = options.rolling_type;
  if (typeof rollingType !== 'string' || !Object.hasOwn(ROLLING_TYPES, rollingType)) {
    fail(OP, 'rolling_type', `Invalid rolling_type: ${String(rollingType)}`);
  }
  const pairs = expandPairs(frame, OP, columnPairs(OP, options.columns));
  if (rollingType === 'cumsum') {
    return assignColumns(
      frame,
      new Map(
        pairs.map(([src, tgt]) => [tgt, fromFloat64(cumulate(toFloat64(getColumn(frame, src)), 'sum'))]),
      ),
    );
  }
  if (options.window === undefined || options.window === null)
    fail(OP, 'window', 'Undefined window for rolling operation');
  const window = optInt(OP, 'window', options.window, undefined, 1) as number;
  const minPeriodsOpt = optInt(OP, 'min_periods', options.min_periods, undefined, 0);
  const minPeriods = minPeriodsOpt ?? window;
  if (minPeriods > window) fail(OP, 'min_periods', `min_periods ${minPeriods} must be <= window ${window}`);
  if (options.center === true) fail(OP, 'center', 'Centred rolling windows are not supported');
  if (options.win_type !== undefined && options.win_type !== null)
    fail(OP, 'win_type', 'Window types are not supported');
  const typeOptions = options.rolling_type_options ?? {};
  if (!isRecord(typeOptions))
    fail(OP, 'rolling_type_options', 'rolling: option rolling_type_options must be an object');
  const ddofOpt = typeOptions.ddof ?? 1;
  if (typeof ddofOpt !== 'number') fail(OP, 'rolling_type_options', 'rolling: ddof must be a number');
  const q = typeOptions.quantile ?? typeOptions.q;
  if (rollingType === 'quantile' && (typeof q !== 'number' || q < 0 || q > 1)) {
    fail(OP, 'rolling_type_options', 'rolling: quantile needs rolling_type_options.quantile between 0 and 1');
  }
  const minP = minPeriods;

  const computed = new Map<string, unknown[]>();
  for (const [src, tgt] of pairs) {
    const x = toFloat64(getColumn(frame, src));
    let out: Float64Array;
    switch (rollingType as RollingType) {
      case 'sum':
      case 'mean':
      case 'count':
        out = windowSums(x, window, minP, rollingType as 'sum' | 'mean' | 'count');
        break;
      case 'std':
      case 'var':
        out = windowVar(x, window, minP, ddofOpt, rollingType === 'std');
        break;
      case 'min':
      case 'max':
        out = windowExtreme(x, window, minP, rollingType === 'max');
        break;
      case 'median':
        out = windowQuantile(x, window, minP, 0.5);
        break;
      default:
        out = windowQuantile(x, window, minP, q as number);
    }
    computed.set(tgt, fromFloat64(out));
  }
  const result = assignColumns(frame, computed);
  return (minPeriodsOpt ?? 0) > 1 ? sliceRows(result, (minPeriodsOpt as number) - 1) : result;
}
