import type { DataFrame } from './types.ts';
import { fail, joinLevels, optBool, optionsOf, splitLevels } from './util.ts';

const OP = 'flatten';

/**
 * Superset's flatten. Pivoted names are already flat ('metric, value'), so this drops the levels
 * listed in `drop_levels` (by position) and, with reset_index (default), turns the index back into
 * ordinary columns.
 */
export function flatten(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, false);
  const resetIndex = optBool(OP, 'reset_index', options.reset_index, true);
  const drop = options.drop_levels ?? [];
  if (!Array.isArray(drop) || !drop.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 0)) {
    fail(OP, 'drop_levels', 'flatten: option drop_levels must be a list of level numbers');
  }
  const index = frame.index ?? [];
  let columns = frame.columns;
  let data = frame.data;
  if (drop.length > 0) {
    columns = [];
    data = {};
    for (const c of frame.columns) {
      let name = c;
      if (!index.includes(c)) {
        const levels = splitLevels(c);
        if (levels.length > 1) {
          if (drop.some((d) => (d as number) >= levels.length))
            fail(OP, 'drop_levels', `flatten: no level ${String(drop)}`);
          name = joinLevels(levels.filter((_, i) => !drop.includes(i)));
        }
      }
      if (!Object.hasOwn(data, name)) columns.push(name);
      data[name] = frame.data[c] as unknown[];
    }
  }
  if (resetIndex || !frame.index) return { columns: [...columns], data };
  return { columns: [...columns], data, index: [...frame.index] };
}
