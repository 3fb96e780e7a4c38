import type { DataFrame } from './types.ts';
import { escapeLevel, optionsOf, stringArray, unescapeLevel, withMeta } from './util.ts';

function renameAll(frame: DataFrame, only: readonly string[], f: (s: string) => string): DataFrame {
  const columns: string[] = [];
  const data: Record<string, unknown[]> = {};
  const map = (c: string) => (only.length === 0 || only.includes(c) ? f(c) : c);
  for (const c of frame.columns) {
    const name = map(c);
    if (!Object.hasOwn(data, name)) columns.push(name);
    data[name] = frame.data[c] as unknown[];
  }
  const out = withMeta(frame, { columns, data });
  return frame.index ? { ...out, index: frame.index.map(map) } : out;
}

/** Escapes ', ' in column names as '\, ' (all columns, or `columns`). */
export function escapeSeparator(frame: DataFrame, rawOptions: unknown): DataFrame {
  const o = optionsOf('escape_separator', rawOptions, false);
  return renameAll(frame, stringArray('escape_separator', 'columns', o.columns, false), escapeLevel);
}

export function unescapeSeparator(frame: DataFrame, rawOptions: unknown): DataFrame {
  const o = optionsOf('unescape_separator', rawOptions, false);
  return renameAll(frame, stringArray('unescape_separator', 'columns', o.columns, false), unescapeLevel);
}
