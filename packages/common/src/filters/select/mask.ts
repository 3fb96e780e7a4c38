/**
 * A value filter's selection as a data mask (Superset's getSelectExtraFormData): IN, or NOT IN with
 * inverse selection; a required filter left empty matches no rows until a value is chosen.
 */
import type { AdhocFilter } from '../../viz/types.ts';
import type { FilterOption, FilterOptionValue } from '../definition.ts';
import { controlFlag, primaryTarget } from '../items.ts';
import { emptyValueState } from '../requiredValue.ts';
import type { DataMask, ExtraFormData, NativeFilter } from '../types.ts';
import { SELECT_DEFAULTS } from './controlPanel.ts';

/** The WHERE clause of a required filter with nothing chosen. */
export const EMPTY_FILTER_CLAUSE: AdhocFilter = {
  expressionType: 'SQL',
  clause: 'WHERE',
  sqlExpression: '1 = 0',
};

/** The chosen values as a list: one value, a list, or nothing. A single select keeps only the first. */
export function selectedValues(filter: NativeFilter, value: unknown): FilterOptionValue[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const values = list.filter(
    (entry): entry is FilterOptionValue =>
      entry === null || typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean',
  );
  return controlFlag(filter, 'multiSelect', SELECT_DEFAULTS.multiSelect) ? values : values.slice(0, 1);
}

export function maskFromValue(filter: NativeFilter, value: unknown): DataMask {
  const column = primaryTarget(filter).column ?? '';
  const values = selectedValues(filter, value);
  const inverse = controlFlag(filter, 'inverseSelection', SELECT_DEFAULTS.inverseSelection);
  const required = controlFlag(filter, 'enableEmptyFilter', SELECT_DEFAULTS.enableEmptyFilter);
  const extraFormData: ExtraFormData = {};
  if (values.length > 0) {
    extraFormData.filters = [{ col: column, op: inverse ? 'NOT IN' : 'IN', val: values }];
  } else if (required && !inverse) {
    extraFormData.adhoc_filters = [EMPTY_FILTER_CLAUSE];
  }
  return {
    id: filter.id,
    extraFormData,
    filterState: {
      value: values.length > 0 ? values : null,
      label: values.map((entry) => (entry === null ? '<NULL>' : String(entry))).join(', '),
      ...(inverse ? { excludeFilterValues: true } : {}),
      ...(values.length === 0 ? emptyValueState(filter) : {}),
    },
  };
}

/** The value 'select first filter value by default' picks once the options are loaded. */
export function firstItemValue(
  filter: NativeFilter,
  options: readonly FilterOption[],
): FilterOptionValue[] | null {
  if (!controlFlag(filter, 'defaultToFirstItem', SELECT_DEFAULTS.defaultToFirstItem)) return null;
  const first = options[0];
  return first === undefined ? null : [first.value];
}
