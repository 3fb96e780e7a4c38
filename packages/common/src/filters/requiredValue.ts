/** 'Filter value is required' (controlValues.enableEmptyFilter): an empty required filter shows an error. */

import { controlFlag } from './items.ts';
import type { DataMask, FilterState, NativeFilter } from './types.ts';

export const VALUE_REQUIRED_KEY = 'nativeFilters.validation.valueRequired';

export function isValueRequired(filter: NativeFilter): boolean {
  return controlFlag(filter, 'enableEmptyFilter', false);
}

/** The filter-state fields of an empty value: an error when the filter requires one. */
export function emptyValueState(filter: NativeFilter): Partial<FilterState> {
  return isValueRequired(filter) ? { validateStatus: 'error', validateMessage: VALUE_REQUIRED_KEY } : {};
}

/** The mask of a filter with no value: it filters nothing, and errs when a value is required. */
export function emptyValueMask(filter: NativeFilter): DataMask {
  return {
    id: filter.id,
    extraFormData: {},
    filterState: { value: null, label: '', ...emptyValueState(filter) },
  };
}
