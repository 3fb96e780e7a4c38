/**
 * Form data → query pieces every chart type shares: datasource, adhoc filters (WHERE and HAVING, simple
 * and custom SQL), time range, time grain, row limit. A chart's buildQuery starts from `baseQueryObject`
 * and adds its columns, metrics, orderby and post-processing.
 */
import { DEFAULT_ROW_LIMIT } from '../../query/normalize.ts';
import {
  type AdhocColumn,
  type DatasourceType,
  isAdhocColumn,
  QUERY_FILTER_OPERATORS,
  type QueryColumn,
  type QueryContext,
  type QueryFilter,
  type QueryFilterOperator,
  type QueryMetric,
  type QueryObject,
} from '../../query/types.ts';
import { TIME_GRAINS, type TimeGrain } from '../../sql/timeGrains.ts';
import type { AdhocFilter, FormData } from '../types.ts';
import { applyExtraFormDataToQuery, extraFormDataOf, extraTimeGrainOf } from './extraFormData.ts';

export const NO_FILTER = 'No filter';

/** `"3__table"` → `{id: 3, type: 'table'}`; a bad key is an Error naming it. */
export function parseDatasourceKey(key: string): { id: number; type: DatasourceType } {
  const match = /^(\d+)__(table|dataset|query|saved_query|view)$/.exec(key);
  if (!match) throw new Error(`Invalid datasource key: ${key}`);
  return { id: Number(match[1]), type: match[2] as DatasourceType };
}

/** Superset's operator spellings in saved adhoc filters (operatorId or operator) → query operators. */
const OPERATOR_ALIASES: Record<string, QueryFilterOperator> = {
  EQUALS: '==',
  NOT_EQUALS: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  LIKE: 'LIKE',
  NOT_LIKE: 'NOT LIKE',
  ILIKE: 'ILIKE',
  IS_NOT_NULL: 'IS NOT NULL',
  IS_NULL: 'IS NULL',
  LATEST_PARTITION: 'LATEST PARTITION',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
  '=': '==',
  '<>': '!=',
};

export function queryOperatorOf(operator: string): QueryFilterOperator | null {
  const upper = operator.trim().toUpperCase();
  if ((QUERY_FILTER_OPERATORS as readonly string[]).includes(upper)) return upper as QueryFilterOperator;
  return OPERATOR_ALIASES[upper] ?? OPERATOR_ALIASES[operator.trim()] ?? null;
}

const UNARY: ReadonlySet<QueryFilterOperator> = new Set([
  'IS NOT NULL',
  'IS NULL',
  'IS TRUE',
  'IS FALSE',
  'LATEST PARTITION',
]);

export interface FilterParts {
  filters: QueryFilter[];
  where: string;
  having: string;
}

/**
 * Adhoc filters → query filters plus custom-SQL WHERE / HAVING (each clause parenthesised and ANDed).
 * Simple HAVING filters on a metric label become HAVING SQL the compiler checks like any custom SQL.
 */
export function adhocFiltersToQuery(adhocFilters: readonly AdhocFilter[] | undefined): FilterParts {
  const filters: QueryFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const filter of adhocFilters ?? []) {
    if (filter.expressionType === 'SQL') {
      const sql = filter.sqlExpression.trim();
      if (!sql) continue;
      (filter.clause === 'HAVING' ? having : where).push(`(${sql})`);
      continue;
    }
    const op = queryOperatorOf(filter.operatorId ?? filter.operator) ?? queryOperatorOf(filter.operator);
    if (!op) continue;
    if (filter.clause === 'HAVING') continue;
    const entry: QueryFilter = { col: filter.subject, op };
    if (!UNARY.has(op)) {
      const value = filter.comparator;
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
        if (op !== 'TEMPORAL_RANGE') continue;
        entry.val = NO_FILTER;
      } else {
        entry.val = value as QueryFilter['val'];
      }
    }
    if (filter.isExtra) entry.isExtra = true;
    filters.push(entry);
  }
  return { filters, where: where.join(' AND '), having: having.join(' AND ') };
}

export function asArray<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...value] : [value as T];
}

/** Metrics of a form-data control (a list, or one metric for single-metric charts). */
export function metricsOf(formData: FormData, control = 'metrics'): QueryMetric[] {
  return asArray(formData[control] as QueryMetric | QueryMetric[] | null | undefined).filter(
    (metric) => metric !== null && metric !== '',
  );
}

/** Columns of a form-data control (groupby, columns, series…). */
export function columnsOf(formData: FormData, control = 'groupby'): QueryColumn[] {
  return asArray(formData[control] as QueryColumn | QueryColumn[] | null | undefined).filter(
    (column) => column !== null && column !== '',
  );
}

/** The chart's time grain; a dashboard's time-grain filter (extra_form_data) overrides it. */
export function timeGrainOf(formData: FormData): TimeGrain | undefined {
  const imposed = extraTimeGrainOf(formData);
  if (imposed) return imposed;
  const grain = formData.time_grain_sqla;
  return typeof grain === 'string' && (TIME_GRAINS as readonly string[]).includes(grain)
    ? (grain as TimeGrain)
    : undefined;
}

/**
 * The x-axis of modern charts as a BASE_AXIS adhoc column, bucketed by the time grain when the axis is
 * temporal (`x_axis` names a column; a temporal one is bucketed by `time_grain_sqla`).
 */
export function baseAxisColumn(formData: FormData, temporal: boolean): QueryColumn | null {
  const axis = formData.x_axis as QueryColumn | undefined | null;
  if (axis === undefined || axis === null || axis === '') return null;
  const grain = timeGrainOf(formData);
  if (isAdhocColumn(axis)) {
    return { ...axis, columnType: 'BASE_AXIS', ...(temporal && grain ? { timeGrain: grain } : {}) };
  }
  const column: AdhocColumn = {
    label: axis,
    sqlExpression: axis,
    expressionType: 'SQL',
    columnType: 'BASE_AXIS',
    isColumnReference: true,
  };
  if (temporal && grain) column.timeGrain = grain;
  return column;
}

/** Positive integer from a control (row_limit, limit…) or the fallback. */
export function intOf(value: unknown, fallback: number): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) && parsed >= 0 ? Math.trunc(parsed) : fallback;
}

/**
 * The query object every chart starts from: filters, WHERE/HAVING, time range, grain, row limit, with
 * the dashboard's filters (extra_form_data) applied.
 */
export function baseQueryObject(formData: FormData): QueryObject {
  const { filters, where, having } = adhocFiltersToQuery(formData.adhoc_filters);
  const query: QueryObject = {
    filters,
    extras: {
      ...(where ? { where } : {}),
      ...(having ? { having } : {}),
      ...(timeGrainOf(formData) ? { time_grain_sqla: timeGrainOf(formData) as string } : {}),
    },
    row_limit: intOf(formData.row_limit, DEFAULT_ROW_LIMIT),
    order_desc: formData.order_desc !== false,
    applied_time_extras: {},
  };
  // Legacy explore kept the time column and range outside the adhoc filters.
  if (typeof formData.granularity_sqla === 'string' && formData.granularity_sqla) {
    query.granularity = formData.granularity_sqla;
    query.time_range = typeof formData.time_range === 'string' ? formData.time_range : NO_FILTER;
  }
  return applyExtraFormDataToQuery(query, extraFormDataOf(formData));
}

/** Wraps query objects into the query context POSTed to /api/v1/chart/data. */
export function queryContext(formData: FormData, queries: QueryObject[]): QueryContext {
  return {
    datasource: parseDatasourceKey(formData.datasource),
    force: formData.force === true,
    queries,
    form_data: formData as Record<string, unknown>,
    result_format: 'json',
    result_type: 'full',
  };
}

/** Label of a column for display and result keys, like the compiler names it. */
export function columnName(column: QueryColumn): string {
  return isAdhocColumn(column) ? column.label : column;
}
