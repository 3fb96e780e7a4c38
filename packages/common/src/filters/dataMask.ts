/**
 * The dashboard's data masks turned into each chart's extra form data: the native filters whose scope
 * holds the chart (and whose target dataset is the chart's, when known) and the cross-filters of other
 * charts whose scope holds it. The web app and the server both call this, so a chart queries the same
 * rows in both.
 */
import type { DashboardLayout } from '../layout/types.ts';
import type { FormData } from '../viz/types.ts';
import { crossFilterReaches } from './crossFilter.ts';
import { isNativeFilter } from './items.ts';
import { isEmptyExtraFormData, mergeExtraFormData } from './mergeExtraFormData.ts';
import { filterTypes } from './registry.ts';
import { isChartInScope } from './scope.ts';
import type {
  ChartConfiguration,
  DataMask,
  DataMaskMap,
  ExtraFormData,
  FilterConfigItem,
  FilteredFormData,
  GlobalChartConfiguration,
  NativeFilter,
} from './types.ts';

export { mergeExtraFormData };

export interface MaskContext {
  filters: FilterConfigItem[];
  dataMask: DataMaskMap;
  layout: DashboardLayout;
  chartConfiguration?: ChartConfiguration;
  globalChartConfiguration?: GlobalChartConfiguration;
  crossFiltersEnabled: boolean;
  /** Chart id → its dataset id; a chart missing here takes every filter in its scope. */
  chartDatasets?: Record<number, number>;
}

/** A cross-filter's key in the data mask map is the emitting chart's id. */
export function isCrossFilterKey(key: string): boolean {
  return /^\d+$/.test(key);
}

/**
 * The column a filter targets on a dataset: the first target's on its own dataset, another target's
 * when the filter maps the column for that dataset; null when the filter does not reach the dataset.
 */
export function targetColumnFor(filter: NativeFilter, datasetId: number): string | null {
  const target = filter.targets.find((entry) => entry.datasetId === datasetId);
  if (!target) return null;
  return target.column?.name ?? '';
}

/** The filter's extra form data as it applies to a chart of the dataset (a mapped column rewritten). */
function extraForDataset(
  filter: NativeFilter,
  extra: ExtraFormData,
  datasetId: number | undefined,
): ExtraFormData {
  if (datasetId === undefined || !extra.filters) return extra;
  const primary = filter.targets[0]?.column?.name;
  const column = targetColumnFor(filter, datasetId);
  if (!primary || !column || column === primary) return extra;
  return {
    ...extra,
    filters: extra.filters.map((entry) => (entry.col === primary ? { ...entry, col: column } : entry)),
  };
}

/**
 * Whether a native filter reaches a chart's dataset: any dataset for time ranges and grains (and while
 * the filter has no dataset or the chart's is unknown), else one of its targets'.
 */
export function reachesDataset(filter: NativeFilter, datasetId: number | undefined): boolean {
  if (!filterTypes[filter.filterType].datasetBound || datasetId === undefined) return true;
  if (!filter.targets.some((target) => target.datasetId !== undefined)) return true;
  return targetColumnFor(filter, datasetId) !== null;
}

/** The native filters that reach a chart, set or not: in scope, and on its dataset when that is known. */
export function nativeFiltersForChart(chartId: number, ctx: MaskContext): NativeFilter[] {
  const datasetId = ctx.chartDatasets?.[chartId];
  return ctx.filters
    .filter(isNativeFilter)
    .filter(
      (filter) => reachesDataset(filter, datasetId) && isChartInScope(ctx.layout, filter.scope, chartId),
    );
}

/** The ids (as text) of the other charts whose active cross-filter reaches the chart. */
export function crossFiltersForChart(chartId: number, ctx: MaskContext): string[] {
  if (!ctx.crossFiltersEnabled) return [];
  return Object.entries(ctx.dataMask)
    .filter(
      ([key, mask]) =>
        isCrossFilterKey(key) && Number(key) !== chartId && !isEmptyExtraFormData(mask.extraFormData),
    )
    .filter(([key]) =>
      crossFilterReaches(
        Number(key),
        chartId,
        ctx.chartConfiguration,
        ctx.globalChartConfiguration,
        ctx.layout,
      ),
    )
    .map(([key]) => key);
}

/** What reaches one chart: its native filters' selections, then the other charts' cross-filters. */
export function extraFormDataForChart(
  chartId: number,
  ctx: MaskContext,
): { extraFormData: ExtraFormData; appliedFilterIds: string[] } {
  let extraFormData: ExtraFormData = {};
  const appliedFilterIds: string[] = [];
  const datasetId = ctx.chartDatasets?.[chartId];
  for (const filter of nativeFiltersForChart(chartId, ctx)) {
    const extra = ctx.dataMask[filter.id]?.extraFormData;
    if (!extra || isEmptyExtraFormData(extra)) continue;
    extraFormData = mergeExtraFormData(extraFormData, extraForDataset(filter, extra, datasetId));
    appliedFilterIds.push(filter.id);
  }
  for (const key of crossFiltersForChart(chartId, ctx)) {
    extraFormData = mergeExtraFormData(extraFormData, ctx.dataMask[key]?.extraFormData);
    appliedFilterIds.push(key);
  }
  return { extraFormData, appliedFilterIds };
}

/**
 * Form data with a dashboard's extra form data attached. The chart's own controls stay as saved; the
 * query builders (viz/shared/extraFormData.ts) append its filters with isExtra and let its time range,
 * time column and time grain override the chart's.
 */
export function applyExtraFormData(formData: FormData, extra: ExtraFormData): FilteredFormData {
  const current = (formData as FilteredFormData).extra_form_data;
  return { ...formData, extra_form_data: mergeExtraFormData(current, extra) };
}

/**
 * The selection a dashboard opens with: every native filter's default mask, keyed by filter id. A
 * default that stores only its value (hand-written or older metadata) gets its extra form data from
 * the filter type.
 */
export function defaultDataMask(filters: readonly FilterConfigItem[]): DataMaskMap {
  const map: DataMaskMap = {};
  for (const filter of filters) {
    if (!isNativeFilter(filter)) continue;
    const mask: DataMask = filter.defaultDataMask ?? {};
    const value = mask.filterState?.value;
    const rebuilt =
      mask.extraFormData === undefined && value !== undefined && value !== null
        ? filterTypes[filter.filterType]?.maskFromValue(filter, value)
        : undefined;
    map[filter.id] = {
      id: filter.id,
      extraFormData: mask.extraFormData ?? rebuilt?.extraFormData ?? {},
      filterState: mask.filterState ?? {},
      ownState: mask.ownState ?? {},
    };
  }
  return map;
}
