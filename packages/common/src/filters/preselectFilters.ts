/**
 * The `preselect_filters` URL parameter, as Superset's dashboards take legacy preselected filters:
 * JSON `{"<chartId>": {"<column>": value or values}}`. Each entry is the filter key `chartId_column`;
 * the dashboard's native filters that target that column and whose scope holds that chart take its
 * value, rebuilt by their own type (rebuildDataMask), so a crafted link yields a legal selection and
 * nothing else: no SQL, no filters the dashboard does not have.
 */

import { isRecord } from '../isRecord.ts';
import { chartIdsOf } from '../layout/tree.ts';
import type { DashboardLayout } from '../layout/types.ts';
import { targetColumnFor } from './dataMask.ts';
import { FilterKeyError, parseFilterKey } from './filterKey.ts';
import { isNativeFilter } from './items.ts';
import { rebuildDataMask } from './rebuildDataMask.ts';
import { isChartInScope } from './scope.ts';
import type { DataMaskMap, FilterConfigItem, NativeFilter } from './types.ts';

export const PRESELECT_FILTERS_URL_PARAM = 'preselect_filters';

export const INVALID_PRESELECT_FILTERS_MESSAGE =
  'Cannot read the preselect_filters link parameter: it must be JSON of the form {"chart id": {"column": values}}. Its filters were not applied.';

/** The parameter is not JSON, or not a map of chart ids to columns. */
export class PreselectFiltersError extends Error {
  override name = 'PreselectFiltersError';
  /** The i18n key of the message, for the UI. */
  readonly messageKey = 'nativeFilters.errors.invalidPreselectFilters';
  constructor() {
    super(INVALID_PRESELECT_FILTERS_MESSAGE);
  }
}

/** One value the link preselects for a column as one chart sees it. */
export interface Preselection {
  chartId: number;
  column: string;
  value: unknown;
}

/** What the parameter holds: the readable entries, and why the others were left out. */
export interface PreselectFilters {
  preselections: Preselection[];
  errors: (FilterKeyError | PreselectFiltersError)[];
}

/** Filter keys with their values: each key parsed as `chartId_column`; a key that is not one is an error. */
export function preselectionsOf(entries: Iterable<readonly [string, unknown]>): PreselectFilters {
  const result: PreselectFilters = { preselections: [], errors: [] };
  for (const [key, value] of entries) {
    try {
      result.preselections.push({ ...parseFilterKey(key), value });
    } catch (error) {
      if (!(error instanceof FilterKeyError)) throw error;
      result.errors.push(error);
    }
  }
  return result;
}

/**
 * The parameter's text (URL-decoded). Unreadable JSON preselects nothing and reports one error; a chart
 * entry that is not a map of columns counts as the key `chartId` alone, which has no column and fails to
 * parse; the other entries still count.
 */
export function parsePreselectFilters(text: string | null | undefined): PreselectFilters {
  if (!text || text.trim() === '') return { preselections: [], errors: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { preselections: [], errors: [new PreselectFiltersError()] };
  }
  if (!isRecord(value)) return { preselections: [], errors: [new PreselectFiltersError()] };
  const entries: [string, unknown][] = [];
  for (const [chartKey, columns] of Object.entries(value)) {
    if (!isRecord(columns)) {
      entries.push([chartKey, columns]);
      continue;
    }
    // The chart id is text here and may not be a number; parseFilterKey decides.
    for (const [column, columnValue] of Object.entries(columns))
      entries.push([`${chartKey}_${column}`, columnValue]);
  }
  return preselectionsOf(entries);
}

/** Where preselections land: the dashboard's layout and, when known, each chart's dataset. */
export interface PreselectContext {
  layout: DashboardLayout;
  chartDatasets?: ReadonlyMap<number, number>;
}

/** Whether the filter's column on the chart's dataset (any target's, when the dataset is unknown) is `column`. */
function targetsColumn(filter: NativeFilter, column: string, datasetId: number | undefined): boolean {
  if (datasetId !== undefined && filter.targets.some((target) => target.datasetId !== undefined))
    return targetColumnFor(filter, datasetId) === column;
  return filter.targets.some((target) => target.column?.name === column);
}

/** The native filters a preselection reaches: on a chart of the dashboard, in scope, on its column. */
export function filtersForPreselection(
  preselection: Preselection,
  filters: readonly FilterConfigItem[],
  { layout, chartDatasets }: PreselectContext,
): NativeFilter[] {
  const { chartId, column } = preselection;
  if (!chartIdsOf(layout).includes(chartId)) return [];
  const datasetId = chartDatasets?.get(chartId);
  return filters
    .filter(isNativeFilter)
    .filter(
      (filter) => targetsColumn(filter, column, datasetId) && isChartInScope(layout, filter.scope, chartId),
    );
}

/**
 * The masks the preselections give the filters they reach, each rebuilt from its value by the filter's
 * type. When two preselections reach one filter, the later one in the parameter wins.
 */
export function preselectedDataMask(
  preselections: readonly Preselection[],
  filters: readonly FilterConfigItem[],
  context: PreselectContext,
): DataMaskMap {
  const chosen: DataMaskMap = {};
  for (const preselection of preselections)
    for (const filter of filtersForPreselection(preselection, filters, context))
      chosen[filter.id] = { id: filter.id, filterState: { value: preselection.value } };
  return rebuildDataMask(chosen, filters, { crossFiltersEnabled: false });
}
