/**
 * Cross-filters: the data mask a chart emits when a user clicks one of its bars, slices, rows or cells,
 * and the charts it reaches (json_metadata chart_configuration, else global_chart_configuration).
 */
import type { DashboardLayout } from '../layout/types.ts';
import type { QueryFilter } from '../query/types.ts';
import { chartsInScope, defaultFilterScope, isChartInScope } from './scope.ts';
import type { ChartConfiguration, DataMask, FilterScope, GlobalChartConfiguration } from './types.ts';

export type CrossFilterValue = string | number | boolean | null;

/**
 * The mask of a cross-filter on one column. Empty values clear it (a mask without filters). Only nulls
 * become IS NULL; otherwise IN, which also matches NULL when null is among the values (the compiler
 * follows Superset there).
 */
export function crossFilterMask(
  column: string,
  values: readonly CrossFilterValue[],
  label?: string,
): DataMask {
  if (values.length === 0) {
    return { extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } };
  }
  const filter: QueryFilter = values.every((value) => value === null)
    ? { col: column, op: 'IS NULL' }
    : { col: column, op: 'IN', val: [...values] };
  return {
    extraFormData: { filters: [filter] },
    filterState: {
      value: [...values],
      selectedValues: [...values],
      label: label ?? values.map((value) => String(value)).join(', '),
      filters: { [column]: [...values] },
    },
  };
}

/** Whether a mask holds a cross-filter selection (not a cleared one). */
export function isCrossFilterActive(mask: DataMask | undefined): boolean {
  return (mask?.extraFormData?.filters?.length ?? 0) > 0;
}

/** The scope a chart's cross-filters use: its own setting, or the dashboard's global one. */
export function crossFilterScopeOf(
  chartId: number,
  chartConfiguration: ChartConfiguration | undefined,
  globalChartConfiguration: GlobalChartConfiguration | undefined,
): FilterScope {
  const own = chartConfiguration?.[String(chartId)]?.crossFilters.scope;
  if (own !== undefined && own !== 'global') return own;
  return globalChartConfiguration?.scope ?? defaultFilterScope();
}

/** The charts a chart's cross-filter reaches: those in its scope, never the emitting chart itself. */
export function crossFilterScope(
  chartId: number,
  chartConfiguration: ChartConfiguration | undefined,
  globalChartConfiguration: GlobalChartConfiguration | undefined,
  layout: DashboardLayout,
): number[] {
  const scope = crossFilterScopeOf(chartId, chartConfiguration, globalChartConfiguration);
  return chartsInScope(layout, scope).filter((id) => id !== chartId);
}

/** Whether a chart's cross-filter reaches another chart (which may be missing from the layout). */
export function crossFilterReaches(
  emitterId: number,
  chartId: number,
  chartConfiguration: ChartConfiguration | undefined,
  globalChartConfiguration: GlobalChartConfiguration | undefined,
  layout: DashboardLayout,
): boolean {
  if (emitterId === chartId) return false;
  const scope = crossFilterScopeOf(emitterId, chartConfiguration, globalChartConfiguration);
  return isChartInScope(layout, scope, chartId);
}
