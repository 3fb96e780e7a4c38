/** Value filter options from the options query's rows: each distinct value once, in the query's order. */
import { GENERIC_DATA_TYPE, type GenericDataType } from '../../api/constants/genericDataType.ts';
import type {
  FilterOption,
  FilterOptionsData,
  FilterOptionValue,
  FilterTransformInput,
} from '../definition.ts';
import { controlFlag, primaryTarget } from '../items.ts';
import type { NativeFilter } from '../types.ts';
import { SELECT_PAGE_SIZE } from './buildQuery.ts';
import { SELECT_DEFAULTS } from './controlPanel.ts';

export const NULL_LABEL_KEY = 'nativeFilters.values.null';

function optionValue(raw: unknown): FilterOptionValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return String(raw);
}

/** The option of one value; temporal values (epoch ms) show as ISO text, null as the translated '<NULL>'. */
export function optionOf(value: FilterOptionValue, coltype?: number): FilterOption {
  if (value === null) return { value, label: '<NULL>', labelKey: NULL_LABEL_KEY };
  if (coltype === GENERIC_DATA_TYPE.TEMPORAL && typeof value === 'number') {
    return {
      value,
      label: new Date(value)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.000Z$|Z$/, ''),
    };
  }
  return { value, label: String(value) };
}

export function transformProps(filter: NativeFilter, input: FilterTransformInput): FilterOptionsData {
  const result = input.queriesData[0];
  const column = primaryTarget(filter).column ?? '';
  const index = result?.colnames?.indexOf(column) ?? -1;
  const coltype = index >= 0 ? result?.coltypes?.[index] : undefined;
  const seen = new Set<string>();
  const options: FilterOption[] = [];
  for (const row of result?.data ?? []) {
    const value = optionValue(row[column]);
    const key = `${typeof value}:${String(value)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    options.push(optionOf(value, coltype));
  }
  const searchAll = controlFlag(filter, 'searchAllOptions', SELECT_DEFAULTS.searchAllOptions);
  const rows = result?.data?.length ?? 0;
  return {
    kind: 'options',
    options,
    ...(coltype !== undefined ? { coltype: coltype as GenericDataType } : {}),
    hasMore: searchAll && rows >= SELECT_PAGE_SIZE,
  };
}
