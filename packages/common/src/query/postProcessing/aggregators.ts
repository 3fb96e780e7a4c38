import type { AggregateSpec, NumpyFunction } from './types.ts';
import { fail } from './util.ts';

/**
 * Reduces values[start, end) (gathered per group, NaN = null) to one number.
 * Semantics follow pandas applying the numpy function to a group's Series: nulls are skipped
 * except by `percentile` (NaN propagates) and `count`, which counts rows (np.ma.count).
 */
export type Reducer = (values: Float64Array, start: number, end: number) => number;

function sum(v: Float64Array, s: number, e: number): number {
  let acc = 0;
  for (let i = s; i < e; i++) {
    const x = v[i] as number;
    if (!Number.isNaN(x)) acc += x;
  }
  return acc;
}

function mean(v: Float64Array, s: number, e: number): number {
  let acc = 0;
  let n = 0;
  for (let i = s; i < e; i++) {
    const x = v[i] as number;
    if (!Number.isNaN(x)) {
      acc += x;
      n++;
    }
  }
  return n === 0 ? Number.NaN : acc / n;
}

function min(v: Float64Array, s: number, e: number): number {
  let acc = Number.POSITIVE_INFINITY;
  let seen = false;
  for (let i = s; i < e; i++) {
    const x = v[i] as number;
    if (!Number.isNaN(x)) {
      seen = true;
      if (x < acc) acc = x;
    }
  }
  return seen ? acc : Number.NaN;
}

function max(v: Float64Array, s: number, e: number): number {
  let acc = Number.NEGATIVE_INFINITY;
  let seen = false;
  for (let i = s; i < e; i++) {
    const x = v[i] as number;
    if (!Number.isNaN(x)) {
      seen = true;
      if (x > acc) acc = x;
    }
  }
  return seen ? acc : Number.NaN;
}

export function countNonNull(v: Float64Array, s: number, e: number): number {
  let n = 0;
  for (let i = s; i < e; i++) if (!Number.isNaN(v[i] as number)) n++;
  return n;
}

function countNonzero(v: Float64Array, s: number, e: number): number {
  let n = 0;
  for (let i = s; i < e; i++) {
    const x = v[i] as number;
    if (!Number.isNaN(x) && x !== 0) n++;
  }
  return n;
}

function prod(v: Float64Array, s: number, e: number): number {
  let acc = 1;
  for (let i = s; i < e; i++) {
    const x = v[i] as number;
    if (!Number.isNaN(x)) acc *= x;
  }
  return acc;
}

function variance(ddof: number): Reducer {
  return (v, s, e) => {
    let n = 0;
    let m = 0;
    let m2 = 0;
    for (let i = s; i < e; i++) {
      const x = v[i] as number;
      if (Number.isNaN(x)) continue;
      n++;
      const d = x - m;
      m += d / n;
      m2 += d * (x - m);
    }
    return n - ddof <= 0 ? Number.NaN : m2 / (n - ddof);
  };
}

/** Sorted non-null values of a slice. */
export function sortedValues(v: Float64Array, s: number, e: number, keepNaN = false): Float64Array {
  let n = 0;
  for (let i = s; i < e; i++) if (keepNaN || !Number.isNaN(v[i] as number)) n++;
  const out = new Float64Array(n);
  let k = 0;
  for (let i = s; i < e; i++) {
    const x = v[i] as number;
    if (keepNaN || !Number.isNaN(x)) out[k++] = x;
  }
  return out.sort();
}

export type PercentileMethod = 'linear' | 'midpoint' | 'lower' | 'higher' | 'nearest';

/** numpy.percentile on sorted values (q in 0..100). */
export function percentileSorted(
  sorted: Float64Array,
  q: number,
  method: PercentileMethod = 'linear',
): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const pos = (q / 100) * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(Math.ceil(pos), n - 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  switch (method) {
    case 'lower':
      return a;
    case 'higher':
      return b;
    case 'nearest':
      return pos - lo < 0.5 || (pos - lo === 0.5 && lo % 2 === 0) ? a : b;
    case 'midpoint':
      return lo === hi ? a : (a + b) / 2;
    default:
      return lo === hi ? a : a + (b - a) * (pos - lo);
  }
}

function median(v: Float64Array, s: number, e: number): number {
  return percentileSorted(sortedValues(v, s, e), 50);
}

function percentile(q: number, skipNaN: boolean, method: PercentileMethod): Reducer {
  return (v, s, e) => {
    if (!skipNaN) {
      for (let i = s; i < e; i++) if (Number.isNaN(v[i] as number)) return Number.NaN;
    }
    return percentileSorted(sortedValues(v, s, e), q, method);
  };
}

function argBy(better: (a: number, b: number) => boolean): Reducer {
  return (v, s, e) => {
    let best = -1;
    for (let i = s; i < e; i++) {
      const x = v[i] as number;
      if (Number.isNaN(x)) continue;
      if (best < 0 || better(x, v[best] as number)) best = i;
    }
    return best < 0 ? Number.NaN : best - s;
  };
}

const NUMPY_FUNCTIONS: Record<NumpyFunction, true> = {
  average: true,
  argmin: true,
  argmax: true,
  count: true,
  count_nonzero: true,
  cumsum: true,
  cumprod: true,
  max: true,
  mean: true,
  median: true,
  nansum: true,
  nanmin: true,
  nanmax: true,
  nanmean: true,
  nanmedian: true,
  nanpercentile: true,
  min: true,
  percentile: true,
  prod: true,
  product: true,
  std: true,
  sum: true,
  var: true,
};

/** Builds the reducer for an aggregate spec, or throws a PostProcessingError naming the option. */
export function reducerFor(operation: string, name: string, spec: AggregateSpec): Reducer {
  const op = spec.operator as string;
  if (typeof op !== 'string')
    fail(operation, `aggregates.${name}.operator`, `Operator undefined for aggregator: ${name}`);
  if (!Object.hasOwn(NUMPY_FUNCTIONS, op)) {
    fail(operation, `aggregates.${name}.operator`, `Invalid numpy function: ${op}`);
  }
  const options = spec.options ?? {};
  const optNum = (key: string, dflt: number): number => {
    const v = options[key];
    if (v === undefined) return dflt;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      fail(operation, `aggregates.${name}.options.${key}`, `Option ${key} of ${name} must be a number`);
    }
    return v;
  };
  switch (op as NumpyFunction) {
    case 'sum':
    case 'nansum':
      return sum;
    case 'mean':
    case 'nanmean':
    case 'average':
      return mean;
    case 'min':
    case 'nanmin':
      return min;
    case 'max':
    case 'nanmax':
      return max;
    case 'median':
    case 'nanmedian':
      return median;
    case 'count':
      // np.ma.count on a group counts its rows, nulls included.
      return (_v, s, e) => e - s;
    case 'count_nonzero':
      return countNonzero;
    case 'prod':
    case 'product':
      return prod;
    case 'std': {
      const r = variance(optNum('ddof', 0));
      return (v, s, e) => Math.sqrt(r(v, s, e));
    }
    case 'var':
      return variance(optNum('ddof', 0));
    case 'percentile':
    case 'nanpercentile': {
      const q = optNum('q', 50);
      if (q < 0 || q > 100)
        fail(operation, `aggregates.${name}.options.q`, 'Percentiles must be in the range [0, 100]');
      const method = (options.method ?? options.interpolation ?? 'linear') as PercentileMethod;
      return percentile(q, op === 'nanpercentile', method);
    }
    case 'argmin':
      return argBy((a, b) => a < b);
    case 'argmax':
      return argBy((a, b) => a > b);
    case 'cumsum':
    case 'cumprod':
      return fail(operation, `aggregates.${name}.operator`, `${op} does not produce an aggregated value`);
  }
}
