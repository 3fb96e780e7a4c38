/**
 * The query context of `POST /api/v1/chart/data` and its query objects, as Superset sends them
 * (reference/superset-api.md §3.1). `QueryObject` is the wire shape (deprecated fields included);
 * `NormalizedQueryObject` is what normalizeQueryObject gives the compiler: one spelling per field,
 * defaults applied, validated.
 */
import type { TimeGrain } from '../sql/timeGrains.ts';
import type { PostProcessingOperation } from './postProcessing/types.ts';

export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export const QUERY_FILTER_OPERATORS = [
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'IN',
  'NOT IN',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'IS NOT NULL',
  'IS NULL',
  'LATEST PARTITION',
  'IS TRUE',
  'IS FALSE',
  'TEMPORAL_RANGE',
] as const;
export type QueryFilterOperator = (typeof QUERY_FILTER_OPERATORS)[number];

export const RESULT_TYPES = [
  'full',
  'samples',
  'query',
  'results',
  'columns',
  'timegrains',
  'post_processed',
  'drill_detail',
] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

export const DATASOURCE_TYPES = ['table', 'dataset', 'query', 'saved_query', 'view'] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

/** An adhoc column: custom SQL, or (isColumnReference) the name of a dataset column. */
export interface AdhocColumn {
  label: string;
  sqlExpression: string;
  expressionType: 'SQL';
  columnType?: 'BASE_AXIS' | 'SERIES';
  /** Buckets the column to this grain (modern charts' x-axis). */
  timeGrain?: TimeGrain;
  /** sqlExpression is a dataset column name, not SQL. */
  isColumnReference?: boolean;
}

/** A dataset column's name, or an adhoc column. */
export type QueryColumn = string | AdhocColumn;

export interface SimpleAdhocMetric {
  expressionType: 'SIMPLE';
  column: { column_name: string; type?: string | null };
  aggregate: Aggregate;
  label: string;
  hasCustomLabel?: boolean;
  optionName?: string;
}

export interface SqlAdhocMetric {
  expressionType: 'SQL';
  sqlExpression: string;
  label: string;
  hasCustomLabel?: boolean;
  optionName?: string;
}

export type AdhocMetric = SimpleAdhocMetric | SqlAdhocMetric;

/** A saved metric's `metric_name`, or an adhoc metric. */
export type QueryMetric = string | AdhocMetric;

export type QueryFilterScalar = string | number | boolean | null;
export type QueryFilterValue = QueryFilterScalar | QueryFilterScalar[];

export interface QueryFilter {
  col: QueryColumn;
  op: QueryFilterOperator;
  /** Absent for the unary operators (IS NULL, IS TRUE…); a list for IN / NOT IN; a time range for TEMPORAL_RANGE. */
  val?: QueryFilterValue;
  grain?: TimeGrain;
  isExtra?: boolean;
}

export interface QueryExtras {
  where?: string;
  having?: string;
  time_grain_sqla?: string | null;
  relative_start?: string;
  relative_end?: string;
}

/** One entry of `orderby`: a metric (label, saved name or adhoc) or a column, and ascending. */
export type OrderByItem = [QueryMetric, boolean];

/** A query object as clients send it: every field optional, deprecated spellings accepted. */
export interface QueryObject {
  columns?: QueryColumn[];
  metrics?: QueryMetric[] | null;
  filters?: QueryFilter[];
  extras?: QueryExtras;
  time_range?: string | null;
  granularity?: string | null;
  orderby?: OrderByItem[];
  order_desc?: boolean;
  row_limit?: number | null;
  row_offset?: number;
  series_columns?: QueryColumn[];
  series_limit?: number;
  series_limit_metric?: QueryMetric | null;
  time_offsets?: string[];
  annotation_layers?: unknown[];
  url_params?: Record<string, string>;
  applied_time_extras?: Record<string, string>;
  is_timeseries?: boolean;
  is_rowcount?: boolean;
  apply_fetch_values_predicate?: boolean;
  post_processing?: PostProcessingOperation[];
  /** @deprecated → columns */
  groupby?: QueryColumn[];
  /** @deprecated → granularity */
  granularity_sqla?: string | null;
  /** @deprecated → extras.where */
  where?: string;
  /** @deprecated → extras.having */
  having?: string;
  /** @deprecated → series_limit */
  timeseries_limit?: number;
  /** @deprecated → series_limit_metric */
  timeseries_limit_metric?: QueryMetric | null;
}

/** The body of `POST /api/v1/chart/data`. */
export interface QueryContext {
  datasource: { id: number | string; type: DatasourceType };
  queries: QueryObject[];
  form_data?: Record<string, unknown> | null;
  result_type?: ResultType;
  result_format?: ResultFormat;
  force?: boolean;
  custom_cache_timeout?: number | null;
}

export interface NormalizedExtras {
  where: string | null;
  having: string | null;
  time_grain_sqla: TimeGrain | null;
  relative_start: string | null;
  relative_end: string | null;
}

/** A query object after normalizeQueryObject: one spelling per field, defaults applied. */
export interface NormalizedQueryObject {
  /** Legacy timeseries queries get a leading `__timestamp` adhoc column here. */
  columns: QueryColumn[];
  /**
   * null when the client sent none: raw records, no GROUP BY (a table chart in raw mode). A list, even
   * empty, groups by the columns, as Superset does (an empty list gives distinct values).
   */
  metrics: QueryMetric[] | null;
  filters: QueryFilter[];
  extras: NormalizedExtras;
  /** null, or a range such as 'Last week'; 'No filter' is kept as sent (it resolves to no bounds). */
  time_range: string | null;
  granularity: string | null;
  orderby: OrderByItem[];
  order_desc: boolean;
  row_limit: number;
  row_offset: number;
  series_columns: QueryColumn[];
  series_limit: number;
  series_limit_metric: QueryMetric | null;
  time_offsets: string[];
  annotation_layers: unknown[];
  url_params: Record<string, string>;
  applied_time_extras: Record<string, string>;
  is_timeseries: boolean;
  is_rowcount: boolean;
  apply_fetch_values_predicate: boolean;
  post_processing: PostProcessingOperation[];
}

export interface NormalizedQueryContext {
  datasource: { id: number | string; type: DatasourceType };
  queries: NormalizedQueryObject[];
  form_data: Record<string, unknown> | null;
  result_type: ResultType;
  result_format: ResultFormat;
  force: boolean;
  custom_cache_timeout: number | null;
}

/** The label of the legacy timeseries column (is_timeseries + granularity). */
export const TIMESTAMP_LABEL = '__timestamp';

export function isAdhocColumn(column: QueryColumn): column is AdhocColumn {
  return typeof column !== 'string';
}

/** The output name of a column: its name, or an adhoc column's label. */
export function columnLabel(column: QueryColumn): string {
  return typeof column === 'string' ? column : column.label;
}

/** The output name of a metric: a saved metric's name, or an adhoc metric's label. */
export function metricLabel(metric: QueryMetric): string {
  return typeof metric === 'string' ? metric : metric.label;
}
