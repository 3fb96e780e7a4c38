import { type DataMaskMap, type FilterConfigItem, isCrossFilterKey, rebuildDataMask } from '@vitrina/common';
import { emptyMask, sameMaskMap } from '../nativeFilters/dataMaskContext.tsx';
import type { FilterSet } from './api.ts';

/**
 * A filter set's json_metadata: the dashboard's native filters by id (as they were when saved) and
 * the applied selection of each, as Superset stores it.
 */
export function filterSetMetadata(filters: readonly FilterConfigItem[], dataMask: DataMaskMap): string {
  const nativeFilters: Record<string, FilterConfigItem> = {};
  for (const filter of filters) if (filter.type === 'NATIVE_FILTER') nativeFilters[filter.id] = filter;
  const masks: DataMaskMap = {};
  for (const id of Object.keys(nativeFilters)) {
    const mask = dataMask[id];
    if (mask) masks[id] = mask;
  }
  return JSON.stringify({ nativeFilters, dataMask: masks });
}

/**
 * The selection a set applies: its masks of the filters the dashboard still has, rebuilt from the
 * filters' own values (a stored set is data from another user: it adds no filter or SQL of its own).
 */
export function filterSetDataMask(set: FilterSet, filters: readonly FilterConfigItem[]): DataMaskMap {
  // The contract types params loosely; its dataMask is what filterSetMetadata wrote, and rebuilding
  // keeps only the masks of the dashboard's own filters anyway.
  const saved = (set.params.dataMask ?? {}) as DataMaskMap;
  const rebuilt = rebuildDataMask(saved, filters, { crossFiltersEnabled: false });
  const masks: DataMaskMap = {};
  for (const [id, mask] of Object.entries(rebuilt)) masks[id] = { ...mask, id };
  return masks;
}

/** Whether the applied selection of the native filters is the set's. */
export function isFilterSetApplied(
  set: FilterSet,
  filters: readonly FilterConfigItem[],
  dataMask: DataMaskMap,
): boolean {
  const selection = filterSetDataMask(set, filters);
  const current: DataMaskMap = {};
  for (const id of Object.keys(selection)) if (dataMask[id]) current[id] = { ...dataMask[id], id };
  const comparable = (map: DataMaskMap) => {
    const out: DataMaskMap = {};
    for (const [id, mask] of Object.entries(map))
      out[id] = {
        extraFormData: mask.extraFormData ?? {},
        filterState: { value: mask.filterState?.value ?? null },
      };
    return out;
  };
  return Object.keys(selection).length > 0 && sameMaskMap(comparable(selection), comparable(current));
}

/**
 * The whole selection after applying a set: its masks for the native filters (a filter it does not
 * name is cleared), the cross-filters as they are.
 */
export function appliedSelection(
  set: FilterSet,
  filters: readonly FilterConfigItem[],
  dataMask: DataMaskMap,
): DataMaskMap {
  const selection = filterSetDataMask(set, filters);
  const next: DataMaskMap = {};
  for (const [key, mask] of Object.entries(dataMask)) if (isCrossFilterKey(key)) next[key] = mask;
  for (const filter of filters) {
    if (filter.type === 'NATIVE_FILTER') next[filter.id] = selection[filter.id] ?? emptyMask(filter.id);
  }
  return next;
}
