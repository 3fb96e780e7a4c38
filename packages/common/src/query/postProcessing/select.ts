import { isRecord } from '../../isRecord.ts';
import type { DataFrame } from './types.ts';
import { fail, hasAll, optionsOf, stringArray, withMeta } from './util.ts';

const OP = 'select';

/** Keeps `columns` (in that order; all when empty), drops `exclude`, then renames. */
export function select(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, false);
  const columns = stringArray(OP, 'columns', options.columns, false);
  const exclude = stringArray(OP, 'exclude', options.exclude, false);
  const renameMap = options.rename ?? {};
  if (!isRecord(renameMap)) fail(OP, 'rename', 'select: option rename must be an object');
  if (!hasAll(frame, columns))
    fail(OP, 'columns', `Referenced columns not available in DataFrame: ${columns.join(', ')}`);
  if (!hasAll(frame, exclude))
    fail(OP, 'exclude', `Referenced columns not available in DataFrame: ${exclude.join(', ')}`);
  if (!hasAll(frame, Object.keys(renameMap))) {
    fail(OP, 'rename', `Referenced columns not available in DataFrame: ${Object.keys(renameMap).join(', ')}`);
  }
  const kept = (columns.length > 0 ? columns : frame.columns).filter((c) => !exclude.includes(c));
  const outColumns: string[] = [];
  const data: Record<string, unknown[]> = {};
  for (const c of kept) {
    const target = renameMap[c];
    const name = typeof target === 'string' ? target : c;
    if (!Object.hasOwn(data, name)) outColumns.push(name);
    data[name] = frame.data[c] as unknown[];
  }
  const out: DataFrame = { columns: outColumns, data };
  if (frame.index) {
    const idx = frame.index.map((c) => (typeof renameMap[c] === 'string' ? (renameMap[c] as string) : c));
    if (idx.every((c) => outColumns.includes(c))) return { ...out, index: idx };
  }
  return withMeta(frame, out);
}
