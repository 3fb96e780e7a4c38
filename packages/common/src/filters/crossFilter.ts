/**
 * Cross-filters: the data mask a chart emits when a user clicks one of its bars, slices, rows or cells,
 * and the charts it reaches (json_metadata chart_configuration, else global_chart_configuration).
 */
import type { DashboardLayout } from '../layout/types.ts';
import { columnLabel, type QueryColumn, type QueryFilter } from '../query/types.ts';
import { chartsInScope, defaultFilterScope, isChartInScope } from './scope.ts';
import type { ChartConfiguration, DataMask, FilterScope, GlobalChartConfiguration } from './types.ts';

export type CrossFilterValue = string | number | boolean | null;

/** One clicked value on one column: a dataset column's name or an adhoc (SQL) column. */
export interface CrossFilterPair {
  column: QueryColumn;
  value: CrossFilterValue;
}

function cleared(): DataMask {
  return { extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } };
}

/** Only nulls become IS NULL; otherwise IN, which also matches NULL when null is among the values. */
function columnFilter(column: QueryColumn, values: readonly CrossFilterValue[]): QueryFilter {
  return values.every((value) => value === null)
    ? { col: column, op: 'IS NULL' }
    : { col: column, op: 'IN', val: [...values] };
}

const text = (values: readonly CrossFilterValue[]) => values.map((value) => String(value)).join(', ');

/**
 * The mask of a cross-filter. On one column: the clicked values (IN; only nulls become IS NULL, and
 * IN also matches NULL when null is among the values, as Superset's compiler does). On several
 * columns (a series or slice of a chart grouped by several columns, a tree node's path, a heatmap
 * cell): one filter per column on that column's value, as Superset's charts emit them. Empty values
 * clear it (a mask without filters). `filterState.filters` maps each column's label to its values;
 * the label shows the values joined with ', '.
 */
export function crossFilterMask(
  column: QueryColumn,
  values: readonly CrossFilterValue[],
  label?: string,
): DataMask;
export function crossFilterMask(pairs: readonly CrossFilterPair[], label?: string): DataMask;
export function crossFilterMask(
  first: QueryColumn | readonly CrossFilterPair[],
  second?: readonly CrossFilterValue[] | string,
  third?: string,
): DataMask {
  if (Array.isArray(first)) {
    const pairs = first as readonly CrossFilterPair[];
    const label = typeof second === 'string' ? second : undefined;
    if (pairs.length === 0) return cleared();
    if (pairs.length === 1) {
      const [only] = pairs as [CrossFilterPair];
      return crossFilterMask(only.column, [only.value], label);
    }
    const values = pairs.map((pair) => pair.value);
    return {
      extraFormData: { filters: pairs.map((pair) => columnFilter(pair.column, [pair.value])) },
      filterState: {
        value: [values],
        selectedValues: [values],
        label: label ?? text(values),
        filters: Object.fromEntries(pairs.map((pair) => [columnLabel(pair.column), [pair.value]])),
      },
    };
  }
  const column = first as QueryColumn;
  const values = (Array.isArray(second) ? second : []) as readonly CrossFilterValue[];
  if (values.length === 0) return cleared();
  return {
    extraFormData: { filters: [columnFilter(column, values)] },
    filterState: {
      value: [...values],
      selectedValues: [...values],
      label: third ?? text(values),
      filters: { [columnLabel(column)]: [...values] },
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
