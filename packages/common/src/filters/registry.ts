/**
 * The one registry of filter types: a Record keyed by the FilterType union, so a missing type fails the
 * build. Adding a filter type is one folder and one line here.
 */
import type { FilterTypeDefinition } from './definition.ts';
import { rangeFilter } from './range/index.ts';
import { selectFilter } from './select/index.ts';
import { timeFilter } from './time/index.ts';
import { timeColumnFilter } from './timeColumn/index.ts';
import { timeGrainFilter } from './timeGrain/index.ts';
import type { DataMask, FilterType, NativeFilter } from './types.ts';

export const filterTypes: Record<FilterType, FilterTypeDefinition> = {
  filter_select: selectFilter,
  filter_range: rangeFilter,
  filter_time: timeFilter,
  filter_timecolumn: timeColumnFilter,
  filter_timegrain: timeGrainFilter,
};

export function filterTypeOf(filterType: FilterType): FilterTypeDefinition {
  return filterTypes[filterType];
}

/** The mask of a value chosen in a filter, by the filter's type. */
export function maskFromValue(filter: NativeFilter, value: unknown): DataMask {
  return filterTypes[filter.filterType].maskFromValue(filter, value);
}
