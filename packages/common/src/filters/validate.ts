/**
 * Validating native_filter_configuration as the config modal saves it and the server accepts it. Each
 * error names the filter, the field at fault and an i18n key (under `nativeFilters.validation.`), so
 * the modal focuses the first filter with an error and the server answers 400 with the same text.
 */

import { isRecord } from '../isRecord.ts';
import { findCascadeCycle } from './cascade.ts';
import { filterTypes, isFilterType } from './registry.ts';
import { defaultFilterScope } from './scope.ts';
import type { FilterConfigItem, FilterScope, NativeFilter } from './types.ts';

export interface FilterValidationError {
  /** The filter's id; '' for a problem with the list itself. */
  filterId: string;
  /** name, filterType, dataset, column, defaultValue, cascadeParentIds, scope, granularity_sqla, title, id, items. */
  field: string;
  /** i18n key of the message. */
  message: string;
}

const KEYS = 'nativeFilters.validation';
export const FILTER_VALIDATION_KEYS = {
  notAList: `${KEYS}.notAList`,
  invalidItem: `${KEYS}.invalidItem`,
  duplicateId: `${KEYS}.duplicateId`,
  nameRequired: `${KEYS}.nameRequired`,
  titleRequired: `${KEYS}.titleRequired`,
  unknownType: `${KEYS}.unknownType`,
  datasetRequired: `${KEYS}.datasetRequired`,
  columnRequired: `${KEYS}.columnRequired`,
  defaultValueRequired: `${KEYS}.defaultValueRequired`,
  rangeOrder: `${KEYS}.rangeOrder`,
  unknownParent: `${KEYS}.unknownParent`,
  cascadeCycle: `${KEYS}.cascadeCycle`,
  invalidScope: `${KEYS}.invalidScope`,
  timeColumnRequired: `${KEYS}.timeColumnRequired`,
} as const;

function isScope(value: unknown): value is FilterScope {
  return (
    isRecord(value) &&
    Array.isArray(value.rootPath) &&
    value.rootPath.every((id) => typeof id === 'string') &&
    Array.isArray(value.excluded) &&
    value.excluded.every((id) => typeof id === 'number' && Number.isInteger(id))
  );
}

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value))
    return value.some((entry) => entry !== undefined && entry !== null && entry !== '');
  return true;
}

/** The filter with its optional parts filled in, so the rest of the code reads one shape. */
function normalizeFilter(raw: Record<string, unknown>): NativeFilter {
  return {
    ...(raw as unknown as NativeFilter),
    name: typeof raw.name === 'string' ? raw.name : '',
    targets: Array.isArray(raw.targets) ? (raw.targets as NativeFilter['targets']) : [{}],
    controlValues: isRecord(raw.controlValues) ? raw.controlValues : {},
    defaultDataMask: isRecord(raw.defaultDataMask)
      ? (raw.defaultDataMask as NativeFilter['defaultDataMask'])
      : {},
    cascadeParentIds: Array.isArray(raw.cascadeParentIds)
      ? raw.cascadeParentIds.filter((id): id is string => typeof id === 'string')
      : [],
    scope: isScope(raw.scope) ? raw.scope : defaultFilterScope(),
  };
}

function filterErrors(
  raw: Record<string, unknown>,
  filter: NativeFilter,
): Omit<FilterValidationError, 'filterId'>[] {
  const errors: Omit<FilterValidationError, 'filterId'>[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (!filter.name.trim()) add('name', FILTER_VALIDATION_KEYS.nameRequired);
  if (raw.scope !== undefined && !isScope(raw.scope)) add('scope', FILTER_VALIDATION_KEYS.invalidScope);
  if (!isFilterType(raw.filterType)) {
    add('filterType', FILTER_VALIDATION_KEYS.unknownType);
    return errors;
  }
  const panel = filterTypes[raw.filterType].controlPanel;
  const target = filter.targets[0];
  if (panel.needsDataset && typeof target?.datasetId !== 'number')
    add('dataset', FILTER_VALIDATION_KEYS.datasetRequired);
  if (panel.needsColumn && !target?.column?.name) add('column', FILTER_VALIDATION_KEYS.columnRequired);
  const value = filter.defaultDataMask.filterState?.value;
  const required = filter.controlValues.enableEmptyFilter === true;
  const firstItem = filter.controlValues.defaultToFirstItem === true;
  if (required && !firstItem && !hasValue(value))
    add('defaultValue', FILTER_VALIDATION_KEYS.defaultValueRequired);
  const valueProblem = filterTypes[raw.filterType].defaultValueProblem?.(value);
  if (valueProblem) add('defaultValue', valueProblem);
  const preFilterRange = filter.time_range;
  if (panel.hasPreFilters && preFilterRange && preFilterRange !== 'No filter' && !filter.granularity_sqla) {
    add('granularity_sqla', FILTER_VALIDATION_KEYS.timeColumnRequired);
  }
  return errors;
}

/** The items as typed filters and dividers, and every problem found; the server rejects any error. */
export function validateFilterConfiguration(items: unknown): {
  items: FilterConfigItem[];
  errors: FilterValidationError[];
} {
  if (!Array.isArray(items)) {
    return {
      items: [],
      errors: [{ filterId: '', field: 'items', message: FILTER_VALIDATION_KEYS.notAList }],
    };
  }
  const errors: FilterValidationError[] = [];
  const valid: FilterConfigItem[] = [];
  const ids = new Set<string>();
  for (const raw of items) {
    if (
      !isRecord(raw) ||
      typeof raw.id !== 'string' ||
      !raw.id ||
      (raw.type !== 'NATIVE_FILTER' && raw.type !== 'DIVIDER')
    ) {
      const filterId = isRecord(raw) && typeof raw.id === 'string' ? raw.id : '';
      errors.push({ filterId, field: 'items', message: FILTER_VALIDATION_KEYS.invalidItem });
      continue;
    }
    if (ids.has(raw.id))
      errors.push({ filterId: raw.id, field: 'id', message: FILTER_VALIDATION_KEYS.duplicateId });
    ids.add(raw.id);
    if (raw.type === 'DIVIDER') {
      const title = typeof raw.title === 'string' ? raw.title : '';
      if (!title.trim())
        errors.push({ filterId: raw.id, field: 'title', message: FILTER_VALIDATION_KEYS.titleRequired });
      valid.push({
        ...(raw as object),
        id: raw.id,
        type: 'DIVIDER',
        title,
        description: typeof raw.description === 'string' ? raw.description : '',
      });
      continue;
    }
    const filter = normalizeFilter(raw);
    for (const error of filterErrors(raw, filter)) errors.push({ filterId: filter.id, ...error });
    valid.push(filter);
  }
  const filterIds = new Set(valid.filter((item) => item.type === 'NATIVE_FILTER').map((item) => item.id));
  for (const filter of valid) {
    if (filter.type !== 'NATIVE_FILTER') continue;
    for (const parent of filter.cascadeParentIds) {
      // A filter that is its own parent is the shortest cycle.
      const message =
        parent === filter.id
          ? FILTER_VALIDATION_KEYS.cascadeCycle
          : filterIds.has(parent)
            ? null
            : FILTER_VALIDATION_KEYS.unknownParent;
      if (message) errors.push({ filterId: filter.id, field: 'cascadeParentIds', message });
    }
  }
  const cycle = findCascadeCycle(
    valid.map((item) =>
      item.type === 'NATIVE_FILTER'
        ? { ...item, cascadeParentIds: item.cascadeParentIds.filter((id) => id !== item.id) }
        : item,
    ),
  );
  for (const filterId of cycle ?? []) {
    errors.push({ filterId, field: 'cascadeParentIds', message: FILTER_VALIDATION_KEYS.cascadeCycle });
  }
  return { items: valid, errors };
}

/** The first filter with an error, in configuration order: the one the modal focuses. */
export function firstInvalidFilterId(
  items: readonly FilterConfigItem[],
  errors: readonly FilterValidationError[],
): string | null {
  const failing = new Set(errors.map((error) => error.filterId));
  return items.find((item) => failing.has(item.id))?.id ?? errors[0]?.filterId ?? null;
}
