/**
 * The one registry of filter types: the FilterType union is its keys, so adding a filter type is one
 * folder and one line here (and its control in web's nativeFilters/controls/registry.ts, a Record of
 * the same keys, so the build says so).
 */
import type { FilterTypeDefinition } from './definition.ts';
import { rangeFilter } from './range/index.ts';
import { selectFilter } from './select/index.ts';
import { timeFilter } from './time/index.ts';
import { timeColumnFilter } from './timeColumn/index.ts';
import { timeGrainFilter } from './timeGrain/index.ts';
import type { DataMask, NativeFilter } from './types.ts';

export const filterTypes = {
  filter_select: selectFilter,
  filter_range: rangeFilter,
  filter_time: timeFilter,
  filter_timecolumn: timeColumnFilter,
  filter_timegrain: timeGrainFilter,
};

export type FilterType = keyof typeof filterTypes;

/** The filter types in the type picker's order. */
export const FILTER_TYPES = Object.keys(filterTypes) as FilterType[];

export function isFilterType(value: unknown): value is FilterType {
  return typeof value === 'string' && Object.hasOwn(filterTypes, value);
}

export function filterTypeOf(filterType: FilterType): FilterTypeDefinition {
  return filterTypes[filterType];
}

/** The mask of a value chosen in a filter, by the filter's type. */
export function maskFromValue(filter: NativeFilter, value: unknown): DataMask {
  return filterTypes[filter.filterType].maskFromValue(filter, value);
}
