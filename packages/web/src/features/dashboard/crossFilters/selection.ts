import {
  type CrossFilterValue,
  crossFilterMask,
  isCrossFilterActive,
} from '@vitrina/common/filters/crossFilter';
import type { DataMask } from '@vitrina/common/filters/types';
import type { CrossFilterSelection } from './clickTarget.ts';

/** The column and values a chart's cross-filter mask selects, or null when it selects nothing. */
export function selectedOf(
  mask: DataMask | undefined,
): { column: string; values: CrossFilterValue[] } | null {
  if (!mask || !isCrossFilterActive(mask)) return null;
  const filters = mask.filterState?.filters;
  if (typeof filters !== 'object' || filters === null) return null;
  const [entry] = Object.entries(filters as Record<string, unknown>);
  if (!entry || !Array.isArray(entry[1])) return null;
  return { column: entry[0], values: entry[1] as CrossFilterValue[] };
}

/**
 * The chart's next cross-filter after a click: the clicked value alone, or nothing when that value was
 * already the whole selection (a second click clears it, as in Superset).
 */
export function toggledMask(
  current: DataMask | undefined,
  selection: CrossFilterSelection,
  label?: string,
): DataMask {
  const selected = selectedOf(current);
  const same =
    selected?.column === selection.column &&
    selected.values.length === 1 &&
    selected.values[0] === selection.value;
  return same
    ? crossFilterMask(selection.column, [])
    : crossFilterMask(selection.column, [selection.value], label);
}
