/**
 * Post-processing operations as Superset's query context sends them in
 * `queries[].post_processing` (see reference/superset-api.md §3.1).
 *
 * Options follow Superset's pandas_postprocessing signatures; where Superset's frontend sends a
 * looser shape than the Python signature (e.g. `columns` as a list instead of a {source: target}
 * map) both shapes are accepted.
 */

/** Column-oriented frame: one array per column, all of the same length, `columns` gives the order. */
export interface DataFrame {
  columns: string[];
  data: Record<string, unknown[]>;
  /**
   * Leading columns that play the part of pandas' row index (set by `pivot`, cleared by
   * `flatten`). They are never treated as metrics and `resample` uses the first as time.
   */
  index?: string[];
}

/** numpy/pandas aggregation functions accepted by `aggregate`, `pivot` and `cum`. */
export type NumpyFunction =
  | 'average'
  | 'argmin'
  | 'argmax'
  | 'count'
  | 'count_nonzero'
  | 'cumsum'
  | 'cumprod'
  | 'max'
  | 'mean'
  | 'median'
  | 'nansum'
  | 'nanmin'
  | 'nanmax'
  | 'nanmean'
  | 'nanmedian'
  | 'nanpercentile'
  | 'min'
  | 'percentile'
  | 'prod'
  | 'product'
  | 'std'
  | 'sum'
  | 'var';

export interface AggregateSpec {
  operator: NumpyFunction;
  /** Source column; defaults to the aggregate's name. */
  column?: string;
  /** Extra options, e.g. `{q: 25}` for percentile, `{ddof: 1}` for std/var. */
  options?: Record<string, unknown>;
}

/** Output column name → aggregation. */
export type Aggregates = Record<string, AggregateSpec>;

/** A list of columns (kept in place) or a {source: target} map (a new column when target differs). */
export type ColumnMapping = string[] | Record<string, string>;

export interface AggregateOptions {
  groupby: string[];
  aggregates: Aggregates;
}

export interface PivotOptions {
  index: string[];
  columns?: string[];
  aggregates: Aggregates;
  /** Fill value for missing values in the `columns` dimensions (default '<NULL>'). */
  column_fill_value?: string;
  /** Value used for empty cells after pivoting (default null, i.e. missing). */
  metric_fill_value?: unknown;
  /** Drop pivoted columns whose every value is missing (default true). */
  drop_missing_columns?: boolean;
  /** Put the column value before the metric in the flattened name (default false). */
  combine_value_with_metric?: boolean;
  /** Add totals ('All') over rows and columns (default false). */
  marginal_distributions?: boolean;
  marginal_distribution_name?: string;
}

export type RollingType =
  | 'mean'
  | 'sum'
  | 'std'
  | 'var'
  | 'min'
  | 'max'
  | 'median'
  | 'count'
  | 'cumsum'
  | 'quantile';

export interface RollingOptions {
  columns: ColumnMapping;
  rolling_type: RollingType;
  window?: number;
  min_periods?: number;
  /** Only `false` is supported. */
  center?: boolean;
  /** Only null/undefined is supported. */
  win_type?: string | null;
  /** Extra keyword options for the rolling function, e.g. `{quantile: 0.5}`. */
  rolling_type_options?: Record<string, unknown>;
}

export type CumOperator = 'sum' | 'prod' | 'min' | 'max' | 'cumsum' | 'cumprod' | 'cummin' | 'cummax';

export interface CumOptions {
  columns: ColumnMapping;
  operator: CumOperator;
}

export type ResampleRule = string; // '1T' | '1H' | '1D' | '7D' | '1W' | '1M' | '1MS' | '1Q' | '1AS' | '1Y' | …

export type ResampleMethod = 'asfreq' | 'bfill' | 'ffill' | 'median' | 'mean' | 'sum' | 'linear';

export interface ResampleOptions {
  rule: ResampleRule;
  method: ResampleMethod;
  fill_value?: number | null;
  /** Temporal column; defaults to the first column of the frame (Superset resamples the index). */
  time_column?: string;
  /** Accepted for compatibility: the range is filled whenever the bounds below are given. */
  fill_time_range?: boolean;
  /**
   * The query's time range [start, end) (epoch ms or ISO text; the server sets them from the query).
   * With method asfreq and a fill_value, buckets cover the whole range, not only first to last row.
   */
  time_range_start?: number | string | null;
  time_range_end?: number | string | null;
}

export type ContributionOrientation = 'row' | 'column';

export interface ContributionOptions {
  orientation?: ContributionOrientation;
  columns?: string[];
  rename_columns?: string[];
  /** Totals per column computed before a row limit was applied (column orientation). */
  contribution_totals?: Record<string, number>;
  time_shifts?: string[];
}

export type CompareType = 'difference' | 'percentage' | 'ratio';

export interface CompareOptions {
  source_columns: string[];
  compare_columns: string[];
  compare_type: CompareType;
  drop_original_columns?: boolean;
}

export interface SortOptions {
  /** Column(s) to sort by. */
  by?: string | string[];
  ascending?: boolean | boolean[];
  /** Sort by the index (the first column) instead of `by`. */
  is_sort_index?: boolean;
  /** Legacy form: {column: ascending}. */
  columns?: Record<string, boolean>;
}

export interface RenameOptions {
  /** old → new; a null target keeps the name. */
  columns: Record<string, string | null>;
  inplace?: boolean;
  /** Level of a flattened multi-level name (', '-joined) to rename; default 0 = whole name. */
  level?: number | string;
}

export interface FlattenOptions {
  reset_index?: boolean;
  /** Levels of the ', '-joined column names to drop. */
  drop_levels?: number[] | string[];
}

export type BoxplotWhiskerType = 'tukey' | 'min/max' | 'percentile';

export interface BoxplotOptions {
  groupby: string[];
  metrics: string[];
  whisker_type: BoxplotWhiskerType;
  percentiles?: [number, number];
}

export interface HistogramOptions {
  column: string;
  groupby?: string[];
  bins?: number;
  cumulative?: boolean;
  normalize?: boolean;
}

export interface DiffOptions {
  columns: ColumnMapping;
  periods?: number;
  /** 0 = rows (default), 1 = columns. */
  axis?: 0 | 1;
}

export interface SelectOptions {
  columns?: string[];
  exclude?: string[];
  rename?: Record<string, string>;
}

export interface RankOptions {
  metric: string;
  group_by?: string | null;
}

export interface GeohashDecodeOptions {
  geohash: string;
  longitude: string;
  latitude: string;
}

export interface GeohashEncodeOptions {
  geohash: string;
  longitude: string;
  latitude: string;
}

export interface GeodeticParseOptions {
  geodetic: string;
  longitude: string;
  latitude: string;
  altitude?: string;
}

export interface EscapeSeparatorOptions {
  columns?: string[];
}

export interface ProphetOptions {
  time_grain?: string;
  periods: number;
  confidence_interval: number;
  yearly_seasonality?: boolean | number;
  weekly_seasonality?: boolean | number;
  daily_seasonality?: boolean | number;
}

export type PostProcessingOperation =
  | { operation: 'aggregate'; options: AggregateOptions }
  | { operation: 'pivot'; options: PivotOptions }
  | { operation: 'rolling'; options: RollingOptions }
  | { operation: 'cum'; options: CumOptions }
  | { operation: 'resample'; options: ResampleOptions }
  | { operation: 'contribution'; options?: ContributionOptions }
  | { operation: 'compare'; options: CompareOptions }
  | { operation: 'sort'; options?: SortOptions }
  | { operation: 'rename'; options: RenameOptions }
  | { operation: 'flatten'; options?: FlattenOptions }
  | { operation: 'boxplot'; options: BoxplotOptions }
  | { operation: 'histogram'; options: HistogramOptions }
  | { operation: 'diff'; options: DiffOptions }
  | { operation: 'select'; options?: SelectOptions }
  | { operation: 'rank'; options: RankOptions }
  | { operation: 'geohash_decode'; options: GeohashDecodeOptions }
  | { operation: 'geohash_encode'; options: GeohashEncodeOptions }
  | { operation: 'geodetic_parse'; options: GeodeticParseOptions }
  | { operation: 'escape_separator'; options?: EscapeSeparatorOptions }
  | { operation: 'unescape_separator'; options?: EscapeSeparatorOptions }
  /** Typed so that payloads validate; running it is refused with a PostProcessingError. */
  | { operation: 'prophet'; options: ProphetOptions };

export type PostProcessingOperationName = PostProcessingOperation['operation'];

/** Every operation name, in a Record so that a missing one fails the build. */
const OPERATION_NAMES: Record<PostProcessingOperationName, true> = {
  aggregate: true,
  pivot: true,
  rolling: true,
  cum: true,
  resample: true,
  contribution: true,
  compare: true,
  sort: true,
  rename: true,
  flatten: true,
  boxplot: true,
  histogram: true,
  diff: true,
  select: true,
  rank: true,
  geohash_decode: true,
  geohash_encode: true,
  geodetic_parse: true,
  escape_separator: true,
  unescape_separator: true,
  prophet: true,
};

export const POST_PROCESSING_OPERATIONS = Object.keys(OPERATION_NAMES) as PostProcessingOperationName[];

export function isPostProcessingOperationName(name: unknown): name is PostProcessingOperationName {
  return typeof name === 'string' && Object.hasOwn(OPERATION_NAMES, name);
}

/** A bad operation or option; the chart data API answers 400 with its message. */
export class PostProcessingError extends Error {
  readonly operation: string;
  readonly option: string | undefined;
  constructor(operation: string, option: string | undefined, message: string) {
    super(message);
    this.name = 'PostProcessingError';
    this.operation = operation;
    this.option = option;
  }
}
