/**
 * A selection that comes from outside (the native_filters URL parameter, a permalink, a filter set)
 * rebuilt from the dashboard's own filters: each native filter's mask is made again from its chosen
 * value by its type, so a crafted link cannot add filters or SQL that the filter would not produce.
 * Cross-filters keep only well-formed column filters; masks of filters the dashboard lacks are dropped.
 */

import { isRecord } from '../isRecord.ts';
import { QUERY_FILTER_OPERATORS, type QueryFilter } from '../query/types.ts';
import { isCrossFilterKey } from './dataMask.ts';
import { isNativeFilter } from './items.ts';
import { filterTypes } from './registry.ts';
import type { DataMask, DataMaskMap, FilterConfigItem } from './types.ts';

const isScalar = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A plain column filter: a column name, a known operator, scalar values. */
function isColumnFilter(value: unknown): value is QueryFilter {
  if (!isRecord(value) || typeof value.col !== 'string' || !value.col) return false;
  if (!(QUERY_FILTER_OPERATORS as readonly unknown[]).includes(value.op)) return false;
  const val = value.val;
  return val === undefined || isScalar(val) || (Array.isArray(val) && val.every(isScalar));
}

function crossFilterOf(key: string, mask: DataMask): DataMask | null {
  const filters = (mask.extraFormData?.filters ?? []).filter(isColumnFilter);
  if (filters.length === 0) return null;
  return {
    id: Number(key),
    extraFormData: {
      filters: filters.map(({ col, op, val }) => (val === undefined ? { col, op } : { col, op, val })),
    },
    filterState: isRecord(mask.filterState) ? mask.filterState : {},
  };
}

export function rebuildDataMask(
  map: DataMaskMap,
  filters: readonly FilterConfigItem[],
  { crossFiltersEnabled = true }: { crossFiltersEnabled?: boolean } = {},
): DataMaskMap {
  const rebuilt: DataMaskMap = {};
  for (const filter of filters.filter(isNativeFilter)) {
    const incoming = map[filter.id];
    if (!incoming) continue;
    const mask = filterTypes[filter.filterType].maskFromValue(filter, incoming.filterState?.value);
    rebuilt[filter.id] = isRecord(incoming.ownState) ? { ...mask, ownState: incoming.ownState } : mask;
  }
  if (crossFiltersEnabled) {
    for (const [key, mask] of Object.entries(map)) {
      if (!isCrossFilterKey(key) || !isRecord(mask)) continue;
      const crossFilter = crossFilterOf(key, mask);
      if (crossFilter) rebuilt[key] = crossFilter;
    }
  }
  return rebuilt;
}
