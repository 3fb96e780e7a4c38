import { isRecord } from '../../isRecord.ts';
import { getColumn } from './frame.ts';
import { type ColumnMapping, type DataFrame, PostProcessingError } from './types.ts';

/** Separator of the levels of a flattened multi-level column name (Superset's FLAT_COLUMN_SEPARATOR). */
export const LEVEL_SEPARATOR = ', ';
const ESCAPED_SEPARATOR = '\\, ';
const SPLIT_RE = /(?<!\\), /;

export function fail(operation: string, option: string | undefined, message: string): never {
  throw new PostProcessingError(operation, option, message);
}

export function escapeLevel(cell: string): string {
  return cell.replaceAll(LEVEL_SEPARATOR, ESCAPED_SEPARATOR);
}

export function unescapeLevel(cell: string): string {
  return cell.replaceAll(ESCAPED_SEPARATOR, LEVEL_SEPARATOR);
}

/** Splits a flattened name into its (unescaped) levels. */
export function splitLevels(name: string): string[] {
  return name.split(SPLIT_RE).map(unescapeLevel);
}

/** Joins levels into a flattened name, escaping separators inside cells as Superset's flatten does. */
export function joinLevels(levels: readonly string[]): string {
  return levels.map(escapeLevel).join(LEVEL_SEPARATOR);
}

/** Python's str() of a cell value, as pandas uses when flattening names. */
export function cellToString(value: unknown): string {
  if (value === null || value === undefined) return 'nan';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pyFloat(value, Number.isInteger(value));
  return String(value);
}

/** Python's str() of a number; `asInt` renders integers without '.0'. */
export function pyFloat(x: number, asInt = false): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (asInt && Number.isInteger(x) && Math.abs(x) < 1e16) return String(x);
  const abs = Math.abs(x);
  if (x !== 0 && (abs < 1e-4 || abs >= 1e16)) {
    const [mant, exp] = x.toExponential().split('e') as [string, string];
    const sign = exp.startsWith('-') ? '-' : '+';
    const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
    return `${mant}e${sign}${digits}`;
  }
  if (Number.isInteger(x)) return Object.is(x, -0) ? '-0.0' : `${x}.0`;
  return String(x);
}

/** Number or NaN for a cell: numbers, bigints and numeric strings (drivers' DECIMAL) convert. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return Number.NaN;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

export function toFloat64(values: readonly unknown[]): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = toNumber(values[i]);
  return out;
}

/** Back to a plain column; NaN and ±Infinity become null (JSON has no NaN). */
export function fromFloat64(values: Float64Array): unknown[] {
  const n = values.length;
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    out[i] = Number.isFinite(v) ? v : null;
  }
  return out;
}

/** True when every non-null value is a number or bigint (and there is at least the column). */
export function isNumericColumn(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (typeof v !== 'number' && typeof v !== 'bigint') return false;
  }
  return true;
}

export function optionsOf(operation: string, options: unknown, required: boolean): Record<string, unknown> {
  if (options === undefined || options === null) {
    if (required) fail(operation, 'options', `Operation ${operation} requires options`);
    return {};
  }
  if (!isRecord(options)) fail(operation, 'options', `Options of ${operation} must be an object`);
  return options;
}

export function stringArray(operation: string, option: string, value: unknown, required: boolean): string[] {
  if (value === undefined || value === null) {
    if (required) fail(operation, option, `${operation}: option ${option} is required`);
    return [];
  }
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    fail(operation, option, `${operation}: option ${option} must be a list of column names`);
  }
  return value as string[];
}

export function optBool(operation: string, option: string, value: unknown, dflt: boolean): boolean {
  if (value === undefined || value === null) return dflt;
  if (typeof value !== 'boolean') fail(operation, option, `${operation}: option ${option} must be a boolean`);
  return value;
}

export function optInt(
  operation: string,
  option: string,
  value: unknown,
  dflt: number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined || value === null) return dflt;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    fail(operation, option, `${operation}: option ${option} must be an integer between ${min} and ${max}`);
  }
  return n;
}

/** Normalises `columns` given as a list or a {source: target} map into [source, target] pairs. */
export function columnPairs(operation: string, value: unknown, required = true): [string, string][] {
  if (value === undefined || value === null) {
    if (required) fail(operation, 'columns', `${operation}: option columns is required`);
    return [];
  }
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string')) {
      fail(operation, 'columns', `${operation}: option columns must be a list or a map of column names`);
    }
    return (value as string[]).map((c) => [c, c]);
  }
  if (isRecord(value)) {
    const pairs: [string, string][] = [];
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string')
        fail(operation, 'columns', `${operation}: target of column ${k} must be a string`);
      pairs.push([k, v]);
    }
    return pairs;
  }
  return fail(operation, 'columns', `${operation}: option columns must be a list or a map of column names`);
}

export type { ColumnMapping };

/**
 * Frame columns a referenced name stands for: the column of that exact name, otherwise every
 * non-index column whose first level (of a flattened pivot name) is the name, as Superset
 * validates and selects level 0 of a MultiIndex.
 */
export function matchColumns(frame: DataFrame, name: string): string[] {
  if (Object.hasOwn(frame.data, name) && frame.columns.includes(name)) return [name];
  const index = frame.index ?? [];
  const out: string[] = [];
  for (const col of frame.columns) {
    if (index.includes(col)) continue;
    const levels = splitLevels(col);
    if (levels.length > 1 && levels[0] === name) out.push(col);
  }
  return out;
}

export function requireColumns(
  frame: DataFrame,
  operation: string,
  option: string,
  names: readonly string[],
): void {
  for (const name of names) {
    if (matchColumns(frame, name).length === 0) {
      fail(operation, option, `Referenced columns not available in DataFrame: ${name}`);
    }
  }
}

/** Expands [source, target] pairs over pivoted columns: ('m, FR' → 't, FR'). */
export function expandPairs(
  frame: DataFrame,
  operation: string,
  pairs: readonly [string, string][],
): [string, string][] {
  const out: [string, string][] = [];
  for (const [src, tgt] of pairs) {
    const matched = matchColumns(frame, src);
    if (matched.length === 0)
      fail(operation, 'columns', `Referenced columns not available in DataFrame: ${src}`);
    for (const col of matched) {
      if (col === src) out.push([col, tgt]);
      else out.push([col, src === tgt ? col : joinLevels([tgt, ...splitLevels(col).slice(1)])]);
    }
  }
  return out;
}

/** Applies computed columns: a target equal to its source replaces in place, others are appended. */
export function assignColumns(frame: DataFrame, values: ReadonlyMap<string, unknown[]>): DataFrame {
  const columns = [...frame.columns];
  const data: Record<string, unknown[]> = { ...frame.data };
  for (const [name, vals] of values) {
    if (!Object.hasOwn(data, name) || !columns.includes(name)) columns.push(name);
    data[name] = vals;
  }
  return withMeta(frame, { columns, data });
}

/** Copies the index of `from` onto `to` when its columns are still there. */
export function withMeta(from: DataFrame, to: DataFrame): DataFrame {
  if (from.index?.every((c) => to.columns.includes(c))) return { ...to, index: [...(from.index ?? [])] };
  return to;
}

/** Slices rows [start, end) of every column. */
export function sliceRows(frame: DataFrame, start: number, end?: number): DataFrame {
  const data: Record<string, unknown[]> = {};
  for (const c of frame.columns) data[c] = getColumn(frame, c).slice(start, end);
  return withMeta(frame, { columns: [...frame.columns], data });
}

/** Compares cell values the way a sort of group keys does: nulls last, numbers before strings. */
export function compareValues(a: unknown, b: unknown): number {
  const an = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bn = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint')) {
    return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  }
  if (ta === 'boolean' && tb === 'boolean') return a === b ? 0 : a ? 1 : -1;
  const ra = ta === 'number' || ta === 'bigint' ? 0 : ta === 'boolean' ? 1 : 2;
  const rb = tb === 'number' || tb === 'bigint' ? 0 : tb === 'boolean' ? 1 : 2;
  if (ra !== rb) return ra - rb;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export function isNullish(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
}

export interface Grouping {
  /** Group id per row, -1 for rows with a null key (dropped, as pandas' groupby does). */
  ids: Int32Array;
  /** Number of groups; ids are in sorted key order. */
  count: number;
  /** For each group, a representative row. */
  firstRow: Int32Array;
}

/** Factorises rows by key columns; group ids follow the sorted order of the keys. */
export function groupRows(keyColumns: readonly (readonly unknown[])[], n: number): Grouping {
  let ids = new Int32Array(n);
  let count = 1;
  for (const col of keyColumns) {
    const map = new Map<unknown, number>();
    const uniques: unknown[] = [];
    const codes = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (isNullish(v)) {
        codes[i] = -1;
        continue;
      }
      let code = map.get(v);
      if (code === undefined) {
        code = uniques.length;
        map.set(v, code);
        uniques.push(v);
      }
      codes[i] = code;
    }
    const order = uniques.map((_, i) => i).sort((a, b) => compareValues(uniques[a], uniques[b]));
    const rank = new Int32Array(uniques.length);
    for (let r = 0; r < order.length; r++) rank[order[r] as number] = r;
    const card = uniques.length;
    const combined = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const c = codes[i] as number;
      const prev = ids[i] as number;
      combined[i] = c < 0 || prev < 0 ? -1 : prev * card + (rank[c] as number);
    }
    const distinct = Array.from(new Set(combined)).filter((v) => v >= 0);
    distinct.sort((a, b) => a - b);
    const remap = new Map<number, number>();
    for (let g = 0; g < distinct.length; g++) remap.set(distinct[g] as number, g);
    ids = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const c = combined[i] as number;
      ids[i] = c < 0 ? -1 : (remap.get(c) as number);
    }
    count = distinct.length;
  }
  if (keyColumns.length === 0) {
    count = n > 0 ? 1 : 0;
  }
  const firstRow = new Int32Array(count).fill(-1);
  for (let i = 0; i < n; i++) {
    const g = ids[i] as number;
    if (g >= 0 && firstRow[g] === -1) firstRow[g] = i;
  }
  return { ids, count, firstRow };
}

/** Rows ordered by group (counting sort): rows of group g are order[offsets[g]..offsets[g+1]). */
export function groupOrder(grouping: Grouping): { order: Int32Array; offsets: Int32Array } {
  const { ids, count } = grouping;
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < ids.length; i++) {
    const g = ids[i] as number;
    if (g >= 0) offsets[g + 1] = (offsets[g + 1] as number) + 1;
  }
  for (let g = 0; g < count; g++) offsets[g + 1] = (offsets[g + 1] as number) + (offsets[g] as number);
  const pos = offsets.slice(0, count);
  const order = new Int32Array(offsets[count] as number);
  for (let i = 0; i < ids.length; i++) {
    const g = ids[i] as number;
    if (g >= 0) {
      order[pos[g] as number] = i;
      pos[g] = (pos[g] as number) + 1;
    }
  }
  return { order, offsets };
}

export function hasAll(frame: DataFrame, names: readonly string[]): boolean {
  return names.every((c) => Object.hasOwn(frame.data, c) && frame.columns.includes(c));
}
