import { getColumn, rowCount } from './frame.ts';
import type { CompareType, DataFrame } from './types.ts';
import {
  fail,
  joinLevels,
  matchColumns,
  optBool,
  optionsOf,
  splitLevels,
  stringArray,
  toNumber,
  withMeta,
} from './util.ts';

const OP = 'compare';
const TYPES: Record<CompareType, true> = { difference: true, percentage: true, ratio: true };
/** Superset's TIME_COMPARISON separator: time-shifted metrics are '<metric>__<shift>'. */
export const TIME_COMPARISON = '__';

function round(v: number, digits: number): number {
  if (!Number.isFinite(v)) return v;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/**
 * For each source/compare pair ('SUM(x)' and 'SUM(x)__1 year ago'), appends
 * '<compare_type>__<source>__<compare>' (per pivoted column): source - compare, (source - compare)
 * / compare, or source / compare (rounded to 10 decimals; division by zero gives null).
 */
export function compare(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const sources = stringArray(OP, 'source_columns', options.source_columns, true);
  const compares = stringArray(OP, 'compare_columns', options.compare_columns, true);
  if (sources.length !== compares.length) {
    fail(OP, 'compare_columns', '`compare_columns` must have the same length as `source_columns`.');
  }
  const type = options.compare_type;
  if (typeof type !== 'string' || !Object.hasOwn(TYPES, type)) {
    fail(OP, 'compare_type', '`compare_type` must be `difference`, `percentage` or `ratio`');
  }
  const drop = optBool(OP, 'drop_original_columns', options.drop_original_columns, false);
  const n = rowCount(frame);
  const data: Record<string, unknown[]> = { ...frame.data };
  const added: string[] = [];
  const dropped = new Set<string>();
  sources.forEach((s, k) => {
    const c = compares[k] as string;
    const sCols = matchColumns(frame, s);
    const cCols = matchColumns(frame, c);
    if (sCols.length === 0) fail(OP, 'source_columns', `Referenced columns not available in DataFrame: ${s}`);
    if (cCols.length === 0)
      fail(OP, 'compare_columns', `Referenced columns not available in DataFrame: ${c}`);
    const prefix = [type, s, c].join(TIME_COMPARISON);
    for (const sCol of sCols) {
      const rest = sCol === s ? [] : splitLevels(sCol).slice(1);
      const cCol = rest.length === 0 ? c : joinLevels([c, ...rest]);
      const sv = getColumn(frame, sCol);
      const cv = Object.hasOwn(frame.data, cCol) ? getColumn(frame, cCol) : undefined;
      const out = new Array<unknown>(n);
      for (let i = 0; i < n; i++) {
        const a = toNumber(sv[i]);
        const b = cv ? toNumber(cv[i]) : Number.NaN;
        const v =
          type === 'difference' ? a - b : type === 'percentage' ? round((a - b) / b, 10) : round(a / b, 10);
        out[i] = Number.isFinite(v) ? v : null;
      }
      const name = rest.length === 0 ? prefix : joinLevels([prefix, ...rest]);
      data[name] = out;
      added.push(name);
      dropped.add(sCol);
    }
    for (const col of cCols) dropped.add(col);
  });
  let columns = [...frame.columns.filter((col) => !added.includes(col)), ...added];
  if (drop) {
    columns = columns.filter((col) => !dropped.has(col));
    for (const col of dropped) if (!columns.includes(col)) delete data[col];
  }
  return withMeta(frame, { columns, data });
}
