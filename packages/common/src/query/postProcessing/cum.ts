import { getColumn } from './frame.ts';
import type { DataFrame } from './types.ts';
import { assignColumns, columnPairs, expandPairs, fail, fromFloat64, optionsOf, toFloat64 } from './util.ts';

const OP = 'cum';
export type CumKind = 'sum' | 'prod' | 'min' | 'max';
const KINDS: Record<CumKind, true> = { sum: true, prod: true, min: true, max: true };

/** pandas cumsum/cumprod/cummin/cummax: nulls stay null and are skipped by the accumulation. */
export function cumulate(x: Float64Array, kind: CumKind): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  let acc = kind === 'sum' ? 0 : kind === 'prod' ? 1 : Number.NaN;
  for (let i = 0; i < n; i++) {
    const v = x[i] as number;
    if (Number.isNaN(v)) {
      out[i] = Number.NaN;
      continue;
    }
    if (kind === 'sum') acc += v;
    else if (kind === 'prod') acc *= v;
    else if (kind === 'min') acc = Number.isNaN(acc) || v < acc ? v : acc;
    else acc = Number.isNaN(acc) || v > acc ? v : acc;
    out[i] = acc;
  }
  return out;
}

export function cum(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const raw = options.operator;
  const kind = typeof raw === 'string' ? raw.replace(/^cum/, '') : raw;
  if (typeof kind !== 'string' || !Object.hasOwn(KINDS, kind)) {
    fail(OP, 'operator', `Invalid cumulative operator: ${String(raw)}`);
  }
  const pairs = expandPairs(frame, OP, columnPairs(OP, options.columns));
  const computed = new Map<string, unknown[]>();
  for (const [src, tgt] of pairs) {
    computed.set(tgt, fromFloat64(cumulate(toFloat64(getColumn(frame, src)), kind as CumKind)));
  }
  return assignColumns(frame, computed);
}
