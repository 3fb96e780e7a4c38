/** 'Filter value is required' (controlValues.enableEmptyFilter): an empty required filter shows an error. */

import { controlFlag } from './items.ts';
import type { FilterState, NativeFilter } from './types.ts';

export const VALUE_REQUIRED_KEY = 'nativeFilters.validation.valueRequired';

export function isValueRequired(filter: NativeFilter): boolean {
  return controlFlag(filter, 'enableEmptyFilter', false);
}

/** The filter-state fields of an empty value: an error when the filter requires one. */
export function emptyValueState(filter: NativeFilter): Partial<FilterState> {
  return isValueRequired(filter) ? { validateStatus: 'error', validateMessage: VALUE_REQUIRED_KEY } : {};
}
