import { isRecord } from '../../isRecord.ts';
import { getColumn, rowCount, takeRows } from './frame.ts';
import type { DataFrame } from './types.ts';
import { compareValues, fail, hasAll, isNullish, optionsOf, stringArray, withMeta } from './util.ts';

const OP = 'sort';

/** Stable sort by columns (or by the index); nulls last whichever the direction, as pandas. */
export function sort(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, false);
  let by: string[];
  let ascending: boolean[];
  const asc = options.ascending ?? true;
  if (isRecord(options.columns)) {
    by = Object.keys(options.columns);
    ascending = Object.values(options.columns).map((v) => v !== false);
  } else {
    if (options.is_sort_index === true) {
      by = frame.index && frame.index.length > 0 ? frame.index : frame.columns.slice(0, 1);
    } else {
      by = stringArray(OP, 'by', options.by, false);
      if (by.length === 0) fail(OP, 'by', 'either sort_index or sort_by must be provided');
    }
    if (Array.isArray(asc)) {
      if (asc.length !== by.length || !asc.every((a) => typeof a === 'boolean')) {
        fail(OP, 'ascending', 'sort: option ascending must be a boolean or one boolean per column');
      }
      ascending = asc as boolean[];
    } else if (typeof asc === 'boolean') {
      ascending = by.map(() => asc);
    } else {
      return fail(OP, 'ascending', 'sort: option ascending must be a boolean or one boolean per column');
    }
  }
  if (!hasAll(frame, by)) fail(OP, 'by', `Referenced columns not available in DataFrame: ${by.join(', ')}`);
  const keys = by.map((c) => getColumn(frame, c));
  const n = rowCount(frame);
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const col = keys[k] as unknown[];
      const va = col[a];
      const vb = col[b];
      const na = isNullish(va);
      const nb = isNullish(vb);
      if (na || nb) {
        if (na !== nb) return na ? 1 : -1;
        continue;
      }
      const c = compareValues(va, vb);
      if (c !== 0) return ascending[k] ? c : -c;
    }
    return a - b;
  });
  return withMeta(frame, takeRows(frame, order));
}
