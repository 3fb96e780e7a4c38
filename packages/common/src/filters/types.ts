/**
 * Native filters, cross-filters and data masks as json_metadata stores them (reference §4.4). These
 * shapes are the contract between the dashboard's filter bar, its charts and the server.
 */
import type { QueryFilter } from '../query/types.ts';
import type { AdhocFilter, FormData } from '../viz/types.ts';
import type { FilterType } from './registry.ts';

/** The filter types: the keys of the one registry (registry.ts), so a type exists once it is registered. */
export type { FilterType };

export const NATIVE_FILTER_PREFIX = 'NATIVE_FILTER-';
export const NATIVE_FILTER_DIVIDER_PREFIX = 'NATIVE_FILTER_DIVIDER-';

/** Where a filter (or a chart's cross-filter) applies: a layout subtree minus some charts. */
export interface FilterScope {
  rootPath: string[];
  excluded: number[];
}

export interface FilterTarget {
  datasetId?: number;
  column?: { name: string; displayName?: string };
}

/** What a filter contributes to the queries of the charts in its scope. */
export interface ExtraFormData {
  filters?: QueryFilter[];
  adhoc_filters?: AdhocFilter[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  time_column?: string;
  relative_start?: string;
  relative_end?: string;
}

export interface FilterState {
  value?: unknown;
  label?: string;
  validateStatus?: 'error' | 'warning' | 'success';
  validateMessage?: string;
  [key: string]: unknown;
}

export interface DataMask {
  /** The filter's id, or the emitting chart's id for a cross-filter. */
  id?: string | number;
  extraFormData?: ExtraFormData;
  filterState?: FilterState;
  ownState?: Record<string, unknown>;
}

/** A dashboard's current selection: filter id (or chart id as text) → mask. */
export type DataMaskMap = Record<string, DataMask>;

export interface NativeFilter {
  id: string;
  type: 'NATIVE_FILTER';
  name: string;
  filterType: FilterType;
  targets: FilterTarget[];
  controlValues: Record<string, unknown>;
  defaultDataMask: DataMask;
  cascadeParentIds: string[];
  scope: FilterScope;
  description?: string;
  adhoc_filters?: AdhocFilter[];
  time_range?: string;
  granularity_sqla?: string;
  sortMetric?: string | null;
  requiredFirst?: boolean;
  /** Derived by the client from `scope` and the layout; stored for Superset compatibility. */
  chartsInScope?: number[];
  tabsInScope?: string[];
}

export interface FilterDivider {
  id: string;
  type: 'DIVIDER';
  title: string;
  description: string;
  scope?: FilterScope;
}

export type FilterConfigItem = NativeFilter | FilterDivider;

/** json_metadata.chart_configuration[chartId]. */
export interface ChartCrossFilterConfig {
  id: number;
  crossFilters: { scope: 'global' | FilterScope; chartsInScope: number[] };
}
export type ChartConfiguration = Record<string, ChartCrossFilterConfig>;

/** json_metadata.global_chart_configuration. */
export interface GlobalChartConfiguration {
  scope: FilterScope;
  chartsInScope: number[];
}

/** Chart form data after the masks in scope were merged in. */
export type FilteredFormData = FormData & { extra_form_data?: ExtraFormData };
