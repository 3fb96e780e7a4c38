/**
 * The contract every filter type implements (DESIGN §3.4, the chart-type pattern): one folder per type
 * with controlPanel, buildQuery, transformProps and mask, and one line in registry.ts.
 */
import type { GenericDataType } from '../api/dataset.ts';
import type { QueryContext } from '../query/types.ts';
import type { ChartDataResult } from '../viz/types.ts';
import type { DataMask, ExtraFormData, FilterType, NativeFilter } from './types.ts';

/** A filter type's texts in each language; ru typed as en in each folder. */
export interface FilterTypeMessages {
  en: { name: string; [key: string]: unknown };
  ru: { name: string; [key: string]: unknown };
}

/** The i18n key of one of a filter type's own texts, e.g. `filterTypeTextKey('filter_select', 'name')`. */
export function filterTypeTextKey(filterType: string, path: string): string {
  return `nativeFilters.types.${filterType}.${path}`;
}

/** One option of the filter's own settings in the config modal (stored in `controlValues`). */
export interface FilterControlConfig {
  name: string;
  type: 'CheckboxControl' | 'RadioButtonControl';
  /** i18n key of the label, e.g. 'nativeFilters.controls.multiSelect'. */
  labelKey: string;
  descriptionKey?: string;
  default: boolean | string | null;
  choices?: ReadonlyArray<{ value: boolean | string | null; labelKey: string }>;
  /** Shown only when this holds for the filter's other control values. */
  visibility?: (controlValues: Record<string, unknown>) => boolean;
  /** Changing it changes the filter's current value's meaning, so the default value is re-validated. */
  affectsValue?: boolean;
}

export interface FilterControlPanel {
  controls: FilterControlConfig[];
  /** Whether the filter needs a dataset, a column of it, and offers a sort metric and pre-filters. */
  needsDataset: boolean;
  needsColumn: boolean;
  hasSortMetric: boolean;
  hasPreFilters: boolean;
}

/** What the filter bar knows when it loads a filter's options. */
export interface FilterQueryOptions {
  /** The selections of the filter's cascade parents (cascade.ts parentsExtraFormData). */
  parentsExtraFormData?: ExtraFormData;
  /** Typed search text ('search all options' searches on the server). */
  search?: string;
  /** Zero-based page of 'search all options'. */
  page?: number;
  /** The column's generic type from an earlier load, so a search compares like with like. */
  coltype?: GenericDataType;
  /** The dataset's type for the query context; table unless told. */
  datasourceType?: 'table' | 'dataset' | 'query' | 'saved_query' | 'view';
}

export type FilterOptionValue = string | number | boolean | null;

export interface FilterOption {
  value: FilterOptionValue;
  /** Literal text (a data value); labelKey for translated entries such as time grains. */
  label: string;
  labelKey?: string;
}

/** What a filter's control shows: a list of options (select, time column, time grain) or bounds (range). */
export type FilterOptionsData =
  | { kind: 'options'; options: FilterOption[]; coltype?: GenericDataType; hasMore: boolean }
  | { kind: 'range'; min: number | null; max: number | null }
  | { kind: 'timeRange' };

/** The dataset columns a time-column filter may offer when the web app has them already. */
export interface FilterDatasetColumn {
  column_name: string;
  verbose_name?: string | null;
  is_dttm?: boolean;
}

export interface FilterTransformInput {
  queriesData: ChartDataResult[];
  datasetColumns?: FilterDatasetColumn[];
  /** The page that was loaded, so 'search all options' knows whether more pages follow. */
  page?: number;
}

/** One filter type; `T` is its filterType name (the registry's keys). */
export interface FilterTypeDefinition<T extends string = FilterType> {
  filterType: T;
  /**
   * The type's own texts (its name in the type picker, its own controls' labels), kept in its folder and
   * served under `nativeFilters.types.<filterType>` (i18n/appCatalogues.ts); read them with filterTypeTextKey.
   */
  messages: FilterTypeMessages;
  controlPanel: FilterControlPanel;
  /** The options query for the target dataset; null when the type needs none (time range). */
  buildQuery: (filter: NativeFilter, options?: FilterQueryOptions) => QueryContext | null;
  transformProps: (filter: NativeFilter, input: FilterTransformInput) => FilterOptionsData;
  /** The mask of a chosen value; an empty value gives a mask that filters nothing (or, when required, everything). */
  maskFromValue: (filter: NativeFilter, value: unknown) => DataMask;
  /**
   * Whether the value is about a column of the target dataset, so it reaches only charts on that
   * dataset; false for types that apply to any chart (time range, time grain).
   */
  datasetBound: boolean;
  /**
   * The columns the filter acts on as chart data responses name them in applied_filters and
   * rejected_filters: its target column, or the special column of the time setting it makes.
   */
  appliedColumns: (filter: NativeFilter) => string[];
  /** What is wrong with a default value beyond being empty (an i18n key), for types with such rules. */
  defaultValueProblem?: (value: unknown) => string | null;
}
