/**
 * The filter indicators of a chart (Superset's selectNativeIndicatorsForChart): every native filter and
 * cross-filter that reaches the chart, with its value and whether the chart's last query applied it,
 * rejected it as incompatible, or it is unset. The applied count shows on the chart.
 */
import { nodesOfType } from '../layout/tree.ts';
import { TIME_EXTRA_KEYS } from '../viz/shared/extraFormData.ts';
import { crossFiltersForChart, type MaskContext, nativeFiltersForChart } from './dataMask.ts';
import type { FilterType, NativeFilter } from './types.ts';

export type IndicatorStatus = 'applied' | 'crossFilterApplied' | 'incompatible' | 'unset';

export interface FilterIndicator {
  /** The native filter's id, or the emitting chart's id as text. */
  id: string;
  kind: 'nativeFilter' | 'crossFilter';
  /** The filter's name, or the emitting chart's name. */
  name: string;
  /** The column the chart data response reports it under (a column, or __time_range / __time_col / __time_grain). */
  column?: string;
  /** The value as the filter bar shows it; empty when unset. */
  value: string;
  status: IndicatorStatus;
}

/** The applied / rejected filters of a chart data response entry (reference §3.1). */
export interface FilterReport {
  applied_filters?: ReadonlyArray<{ column: string }>;
  rejected_filters?: ReadonlyArray<{ column: string; reason?: string }>;
}

const TIME_COLUMNS: Partial<Record<FilterType, string>> = {
  filter_time: TIME_EXTRA_KEYS.timeRange,
  filter_timecolumn: TIME_EXTRA_KEYS.timeColumn,
  filter_timegrain: TIME_EXTRA_KEYS.timeGrain,
};

function reportColumn(filter: NativeFilter): string | undefined {
  return TIME_COLUMNS[filter.filterType] ?? filter.targets[0]?.column?.name;
}

function labelOf(state: { label?: unknown; value?: unknown } | undefined): string {
  if (typeof state?.label === 'string' && state.label) return state.label;
  const value = state?.value;
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.map((entry) => String(entry)).join(', ') : String(value);
}

function statusOf(
  label: string,
  column: string | undefined,
  report: FilterReport | undefined,
  applied: IndicatorStatus,
): IndicatorStatus {
  if (!label) return 'unset';
  if (column && report?.rejected_filters?.some((entry) => entry.column === column)) return 'incompatible';
  return applied;
}

/** The chart's name as the layout shows it (its override, else its slice name). */
function chartName(ctx: MaskContext, chartId: number): string {
  const node = nodesOfType(ctx.layout, 'CHART').find((entry) => entry.meta.chartId === chartId);
  return node?.meta.sliceNameOverride || node?.meta.sliceName || String(chartId);
}

export function filterIndicatorsForChart(
  chartId: number,
  ctx: MaskContext,
  report?: FilterReport,
): FilterIndicator[] {
  const indicators: FilterIndicator[] = nativeFiltersForChart(chartId, ctx).map((filter) => {
    const column = reportColumn(filter);
    const value = labelOf(ctx.dataMask[filter.id]?.filterState);
    return {
      id: filter.id,
      kind: 'nativeFilter',
      name: filter.name,
      ...(column ? { column } : {}),
      value,
      status: statusOf(value, column, report, 'applied'),
    };
  });
  for (const key of crossFiltersForChart(chartId, ctx)) {
    const mask = ctx.dataMask[key];
    const column = mask?.extraFormData?.filters?.[0]?.col;
    const columnName = typeof column === 'string' ? column : undefined;
    const value = labelOf(mask?.filterState);
    indicators.push({
      id: key,
      kind: 'crossFilter',
      name: chartName(ctx, Number(key)),
      ...(columnName ? { column: columnName } : {}),
      value,
      status: statusOf(value, columnName, report, 'crossFilterApplied'),
    });
  }
  return indicators;
}

/** How many filters the chart shows as applied (native and cross-filters). */
export function appliedFilterCount(indicators: readonly FilterIndicator[]): number {
  return indicators.filter((entry) => entry.status === 'applied' || entry.status === 'crossFilterApplied')
    .length;
}
