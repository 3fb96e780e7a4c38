import {
  type CrossFilterValue,
  crossFilterMask,
  isCrossFilterActive,
} from '@vitrina/common/filters/crossFilter';
import type { DataMask } from '@vitrina/common/filters/types';
import { columnLabel } from '@vitrina/common/query/types';
import type { CrossFilterSelection } from './clickTarget.ts';

/**
 * What a chart's cross-filter mask selects: the labels of its columns, in the order the chart emitted
 * them, and the selected elements as one value per column each (a one-column filter on several values
 * is several one-value elements).
 */
export interface SelectedCrossFilter {
  columns: string[];
  tuples: CrossFilterValue[][];
}

/** The columns and values a chart's cross-filter mask selects, or null when it selects nothing. */
export function selectedOf(mask: DataMask | undefined): SelectedCrossFilter | null {
  if (!mask || !isCrossFilterActive(mask)) return null;
  const filters = mask.filterState?.filters;
  if (typeof filters !== 'object' || filters === null) return null;
  const entries = Object.entries(filters as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([, values]) => Array.isArray(values))) return null;
  const lists = entries.map(([, values]) => values as CrossFilterValue[]);
  const columns = entries.map(([column]) => column);
  if (lists.length === 1)
    return { columns, tuples: (lists[0] as CrossFilterValue[]).map((value) => [value]) };
  // Several columns: one element, one value on each.
  if (!lists.every((values) => values.length === 1)) return null;
  return { columns, tuples: [lists.map((values) => values[0] as CrossFilterValue)] };
}

/** A one-column selection as a table draws it, or null for another shape. */
export function singleColumnOf(
  selected: SelectedCrossFilter | null,
): { column: string; values: CrossFilterValue[] } | null {
  if (selected?.columns.length !== 1) return null;
  return { column: selected.columns[0] as string, values: selected.tuples.map((tuple) => tuple[0] ?? null) };
}

/** Values compare as text: a series id or an axis category is text even for a number column. */
export function valueKey(value: unknown): string {
  return value === null || value === undefined ? '\u0000null' : String(value);
}

const tupleKey = (values: readonly unknown[]) => values.map(valueKey).join('\u0001');

/**
 * Whether an element with these values on these columns is selected: the selection is on the same
 * columns and holds the element's values (compared as text).
 */
export function isSelected(
  selected: SelectedCrossFilter,
  columns: readonly string[],
  values: readonly unknown[],
): boolean {
  if (
    selected.columns.length !== columns.length ||
    !selected.columns.every((column, i) => column === columns[i])
  )
    return false;
  const key = tupleKey(values);
  return selected.tuples.some((tuple) => tupleKey(tuple) === key);
}

/**
 * The chart's next cross-filter after a click: the clicked element alone, or nothing when that element
 * was already the whole selection (a second click clears it, as in Superset).
 */
export function toggledMask(
  current: DataMask | undefined,
  selection: CrossFilterSelection,
  label?: string,
): DataMask {
  const selected = selectedOf(current);
  const columns = selection.map((pair) => columnLabel(pair.column));
  const same =
    selected !== null &&
    selected.tuples.length === 1 &&
    selected.columns.length === columns.length &&
    selected.columns.every((column, i) => column === columns[i]) &&
    (selected.tuples[0] as CrossFilterValue[]).every((value, i) => value === selection[i]?.value);
  return same ? crossFilterMask([]) : crossFilterMask(selection, label);
}
