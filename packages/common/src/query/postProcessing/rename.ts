import { isRecord } from '../../isRecord.ts';
import type { DataFrame } from './types.ts';
import { fail, joinLevels, optionsOf, splitLevels, withMeta } from './util.ts';

const OP = 'rename';

/**
 * Renames columns; on pivoted (multi-level, ', '-joined) names only the labels at `level` change
 * (any level when `level` is not given), and a null target removes that level from the name, as
 * Superset's rename-to-None followed by flatten does.
 */
export function rename(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const map = options.columns;
  if (!isRecord(map)) fail(OP, 'columns', 'rename: option columns must be an object');
  const entries = Object.entries(map);
  if (entries.length === 0) return frame;
  for (const [k, v] of entries) {
    if (v !== null && typeof v !== 'string')
      fail(OP, 'columns', `rename: new name of ${k} must be a string or null`);
  }
  const level = options.level;
  if (
    level !== undefined &&
    level !== null &&
    (typeof level !== 'number' || !Number.isInteger(level) || level < 0)
  ) {
    fail(OP, 'level', 'rename: option level must be a level number');
  }
  const index = frame.index ?? [];
  const multi = frame.columns.some((c) => !index.includes(c) && splitLevels(c).length > 1);
  const targets = frame.columns.filter((c) => !index.includes(c));
  const labelsAt = (c: string): string[] => {
    if (!multi) return [c];
    const levels = splitLevels(c);
    if (typeof level === 'number') return level < levels.length ? [levels[level] as string] : [];
    return levels;
  };
  const existing = new Set<string>();
  for (const c of multi ? targets : frame.columns) for (const l of labelsAt(c)) existing.add(l);
  if (typeof level === 'number' && multi && !frame.columns.some((c) => splitLevels(c).length > level)) {
    fail(OP, 'level', `rename: level ${level} does not exist`);
  }
  for (const [k] of entries) {
    if (!existing.has(k)) fail(OP, 'columns', `Referenced columns not available in DataFrame: ${k}`);
  }
  if (entries.every(([, v]) => v !== null && existing.has(v as string)))
    fail(OP, 'columns', 'Label already exists');
  const renameOne = (c: string): string => {
    if (index.includes(c) || !multi) {
      if (!Object.hasOwn(map, c)) return c;
      const v = map[c];
      return typeof v === 'string' ? v : c;
    }
    const levels = splitLevels(c);
    const out: string[] = [];
    levels.forEach((l, i) => {
      const applies = typeof level !== 'number' || level === i;
      if (applies && Object.hasOwn(map, l)) {
        const v = map[l];
        if (typeof v === 'string') out.push(v);
      } else out.push(l);
    });
    return joinLevels(out);
  };
  const columns: string[] = [];
  const data: Record<string, unknown[]> = {};
  for (const c of frame.columns) {
    const name = renameOne(c);
    if (!Object.hasOwn(data, name)) columns.push(name);
    data[name] = frame.data[c] as unknown[];
  }
  const newIndex = frame.index?.map(renameOne);
  return newIndex ? { columns, data, index: newIndex } : withMeta(frame, { columns, data });
}
