import { isRecord } from '../isRecord.ts';
import { isTimeGrain, NO_TIME_GRAIN, TIME_GRAIN_ALIASES, type TimeGrain } from '../sql/timeGrains.ts';
import { QueryValidationError, underField } from './errors.ts';
import { isPostProcessingOperationName, type PostProcessingOperation } from './postProcessing/types.ts';
import {
  type AdhocColumn,
  type AdhocMetric,
  AGGREGATES,
  type Aggregate,
  DATASOURCE_TYPES,
  type DatasourceType,
  type NormalizedExtras,
  type NormalizedQueryContext,
  type NormalizedQueryObject,
  type OrderByItem,
  QUERY_FILTER_OPERATORS,
  type QueryColumn,
  type QueryFilter,
  type QueryFilterOperator,
  type QueryFilterScalar,
  type QueryFilterValue,
  type QueryMetric,
  RESULT_FORMATS,
  RESULT_TYPES,
  type ResultFormat,
  type ResultType,
  TIMESTAMP_LABEL,
} from './types.ts';

/** Superset's ROW_LIMIT: what a query gets when it names none. */
export const DEFAULT_ROW_LIMIT = 10_000;
/** Superset's SQL_MAX_ROW: the configured ceiling when none is given. */
export const DEFAULT_MAX_ROW_LIMIT = 100_000;

export interface NormalizeOptions {
  /** The configured maximum row count; a row_limit above it is refused. Default 100000. */
  maxRowLimit?: number;
}

type Raw = Record<string, unknown>;

const fail = (field: string, message: string): never => {
  throw new QueryValidationError(message, field);
};

function optionalString(raw: Raw, key: string): string | null {
  const value = raw[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return fail(key, `"${key}" must be a string`);
  return value;
}

function optionalBoolean(raw: Raw, key: string, fallback: boolean): boolean {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') return fail(key, `"${key}" must be true or false`);
  return value;
}

function nonNegativeInteger(raw: Raw, key: string, fallback: number): number {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    return fail(key, `"${key}" must be a non-negative integer`);
  }
  return value;
}

function list(raw: Raw, key: string): unknown[] {
  const value = raw[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fail(key, `"${key}" must be a list`);
  return value;
}

/** A grain code, legacy aliases (`PT0.5H`, `P0.25Y`) mapped to the current ones. */
export function normalizeTimeGrain(value: unknown, field: string): TimeGrain | null {
  if (value === undefined || value === null || value === '' || value === NO_TIME_GRAIN) return null;
  if (typeof value !== 'string') return fail(field, 'A time grain must be a string such as "P1D"');
  const grain = TIME_GRAIN_ALIASES[value] ?? value;
  if (!isTimeGrain(grain)) return fail(field, `Unknown time grain "${value}"`);
  return grain;
}

function normalizeColumn(value: unknown, field: string): QueryColumn {
  if (typeof value === 'string') {
    if (value === '') return fail(field, 'A column name cannot be empty');
    return value;
  }
  if (!isRecord(value)) return fail(field, 'A column must be a column name or an adhoc column');
  const { sqlExpression, label, expressionType, columnType, timeGrain, isColumnReference } = value;
  if (expressionType !== undefined && expressionType !== 'SQL') {
    return fail(`${field}.expressionType`, 'An adhoc column must have expressionType "SQL"');
  }
  if (typeof sqlExpression !== 'string' || sqlExpression.trim() === '') {
    return fail(`${field}.sqlExpression`, 'An adhoc column needs a non-empty sqlExpression');
  }
  if (label !== undefined && label !== null && typeof label !== 'string') {
    return fail(`${field}.label`, 'An adhoc column label must be a string');
  }
  if (
    columnType !== undefined &&
    columnType !== null &&
    columnType !== 'BASE_AXIS' &&
    columnType !== 'SERIES'
  ) {
    return fail(`${field}.columnType`, 'columnType must be "BASE_AXIS" or "SERIES"');
  }
  const column: AdhocColumn = {
    // Superset names an unlabelled adhoc column after its expression.
    label: typeof label === 'string' && label !== '' ? label : sqlExpression,
    sqlExpression,
    expressionType: 'SQL',
  };
  if (columnType) column.columnType = columnType;
  const grain = normalizeTimeGrain(timeGrain, `${field}.timeGrain`);
  if (grain) column.timeGrain = grain;
  if (isColumnReference === true) column.isColumnReference = true;
  return column;
}

function isAggregate(value: unknown): value is Aggregate {
  return (AGGREGATES as readonly unknown[]).includes(value);
}

function normalizeMetric(value: unknown, field: string): QueryMetric {
  if (typeof value === 'string') {
    if (value === '') return fail(field, 'A metric name cannot be empty');
    return value;
  }
  if (!isRecord(value)) return fail(field, 'A metric must be a saved metric name or an adhoc metric');
  const label = value.label;
  if (label !== undefined && label !== null && typeof label !== 'string') {
    return fail(`${field}.label`, 'A metric label must be a string');
  }
  const extra: Pick<AdhocMetric, 'hasCustomLabel' | 'optionName'> = {};
  if (typeof value.hasCustomLabel === 'boolean') extra.hasCustomLabel = value.hasCustomLabel;
  if (typeof value.optionName === 'string') extra.optionName = value.optionName;
  if (value.expressionType === 'SIMPLE') {
    const { aggregate, column } = value;
    if (!isAggregate(aggregate)) {
      return fail(
        `${field}.aggregate`,
        `Unknown aggregate "${String(aggregate)}"; use one of ${AGGREGATES.join(', ')}`,
      );
    }
    if (!isRecord(column) || typeof column.column_name !== 'string' || column.column_name === '') {
      return fail(`${field}.column`, 'A SIMPLE metric needs a column with a column_name');
    }
    const columnName = column.column_name;
    // Superset's get_metric_name: an unlabelled SIMPLE metric is called AGG(column).
    const name = typeof label === 'string' && label !== '' ? label : `${aggregate}(${columnName})`;
    const type = typeof column.type === 'string' ? column.type : null;
    return {
      expressionType: 'SIMPLE',
      aggregate,
      column: { column_name: columnName, type },
      label: name,
      ...extra,
    };
  }
  if (value.expressionType === 'SQL') {
    const { sqlExpression } = value;
    if (typeof sqlExpression !== 'string' || sqlExpression.trim() === '') {
      return fail(`${field}.sqlExpression`, 'A SQL metric needs a non-empty sqlExpression');
    }
    if (typeof label !== 'string' || label === '') {
      return fail(`${field}.label`, 'A SQL metric needs a label');
    }
    return { expressionType: 'SQL', sqlExpression, label, ...extra };
  }
  return fail(`${field}.expressionType`, 'An adhoc metric must have expressionType "SIMPLE" or "SQL"');
}

function isFilterOperator(value: unknown): value is QueryFilterOperator {
  return (QUERY_FILTER_OPERATORS as readonly unknown[]).includes(value);
}

function isScalar(value: unknown): value is QueryFilterScalar {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

const UNARY: ReadonlySet<QueryFilterOperator> = new Set([
  'IS NULL',
  'IS NOT NULL',
  'IS TRUE',
  'IS FALSE',
  'LATEST PARTITION',
]);

function normalizeFilter(value: unknown, field: string): QueryFilter {
  if (!isRecord(value)) return fail(field, 'A filter must be an object {col, op, val}');
  if (value.col === undefined || value.col === null) return fail(`${field}.col`, 'A filter needs a column');
  const col = normalizeColumn(value.col, `${field}.col`);
  const { op, val } = value;
  if (!isFilterOperator(op)) {
    return fail(`${field}.op`, `Unknown filter operator "${String(op)}"`);
  }
  const filter: QueryFilter = { col, op };
  if (typeof value.isExtra === 'boolean') filter.isExtra = value.isExtra;
  const grain = normalizeTimeGrain(value.grain, `${field}.grain`);
  if (grain) filter.grain = grain;
  if (UNARY.has(op)) return filter;
  if (op === 'TEMPORAL_RANGE') {
    if (typeof val !== 'string')
      return fail(`${field}.val`, 'A TEMPORAL_RANGE filter needs a time range string');
    filter.val = val;
    return filter;
  }
  if (op === 'IN' || op === 'NOT IN') {
    // A single value is accepted as a one-element list, as Superset does.
    const values: unknown[] = Array.isArray(val) ? val : [val];
    if (!values.every(isScalar)) {
      return fail(`${field}.val`, `${op} takes a list of strings, numbers, booleans or nulls`);
    }
    filter.val = values as QueryFilterValue;
    return filter;
  }
  if (val === undefined) return fail(`${field}.val`, `The ${op} filter needs a value`);
  if (!isScalar(val))
    return fail(`${field}.val`, `The ${op} filter takes a single string, number or boolean`);
  if ((op === 'LIKE' || op === 'NOT LIKE' || op === 'ILIKE') && typeof val !== 'string') {
    return fail(`${field}.val`, `The ${op} filter takes a pattern string`);
  }
  filter.val = val;
  return filter;
}

function normalizeOrderBy(value: unknown, field: string): OrderByItem {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== 'boolean') {
    return fail(field, 'An orderby entry must be [metric or column, ascending]');
  }
  return [normalizeMetric(value[0], `${field}[0]`), value[1]];
}

function normalizeExtras(raw: Raw): NormalizedExtras {
  const extras = raw.extras ?? {};
  if (!isRecord(extras)) return fail('extras', '"extras" must be an object');
  const clause = (key: 'where' | 'having'): string | null => {
    // The deprecated top-level where/having are used when extras has none.
    const value = extras[key] ?? raw[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return fail(`extras.${key}`, `"${key}" must be a string of SQL`);
    return value.trim() === '' ? null : value;
  };
  const text = (key: 'relative_start' | 'relative_end'): string | null => {
    const value = extras[key];
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string') return fail(`extras.${key}`, `"${key}" must be a string`);
    return value;
  };
  return {
    where: clause('where'),
    having: clause('having'),
    time_grain_sqla: normalizeTimeGrain(extras.time_grain_sqla, 'extras.time_grain_sqla'),
    relative_start: text('relative_start'),
    relative_end: text('relative_end'),
  };
}

function normalizeRowLimit(raw: Raw, maxRowLimit: number): number {
  const value = raw.row_limit;
  // Superset's clients send 0 for "no explicit limit" (totals and row-count queries): the default applies.
  if (value === undefined || value === null || value === 0) return Math.min(DEFAULT_ROW_LIMIT, maxRowLimit);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    return fail('row_limit', '"row_limit" must be a positive integer');
  }
  if (value > maxRowLimit) {
    return fail('row_limit', `"row_limit" must be at most ${maxRowLimit}, the configured maximum`);
  }
  return value;
}

function normalizePostProcessing(raw: Raw): PostProcessingOperation[] {
  return list(raw, 'post_processing')
    .filter((step) => step !== null) // Superset clients send null for disabled steps.
    .map((step, index) => {
      const field = `post_processing[${index}]`;
      if (!isRecord(step)) return fail(field, 'A post-processing step must be an object');
      if (!isPostProcessingOperationName(step.operation)) {
        return fail(`${field}.operation`, `Unknown post-processing operation "${String(step.operation)}"`);
      }
      if (step.options !== undefined && step.options !== null && !isRecord(step.options)) {
        return fail(`${field}.options`, 'Post-processing options must be an object');
      }
      // Options are checked by the operation itself when it runs.
      return step as unknown as PostProcessingOperation;
    });
}

function stringRecord(raw: Raw, key: string): Record<string, string> {
  const value = raw[key];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) return fail(key, `"${key}" must be an object`);
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) out[name] = String(entry);
  return out;
}

/**
 * As Superset: a BASE_AXIS adhoc column without a grain of its own is bucketed by
 * extras.time_grain_sqla (the x-axis of modern charts that send the grain in extras only).
 */
function applyAxisGrain(columns: QueryColumn[], grain: TimeGrain): void {
  columns.forEach((column, i) => {
    if (typeof column !== 'string' && column.columnType === 'BASE_AXIS' && !column.timeGrain) {
      columns[i] = { ...column, timeGrain: grain };
    }
  });
}

/**
 * A query object as a client sent it → the one shape the compiler reads. Accepts the deprecated
 * fields (groupby, granularity_sqla, top-level where/having, timeseries_limit, timeseries_limit_metric)
 * and turns a legacy timeseries query (is_timeseries + granularity) into a leading `__timestamp`
 * column bucketed by extras.time_grain_sqla. Throws QueryValidationError naming the field at fault.
 */
export function normalizeQueryObject(raw: unknown, options: NormalizeOptions = {}): NormalizedQueryObject {
  const maxRowLimit = options.maxRowLimit ?? DEFAULT_MAX_ROW_LIMIT;
  if (!isRecord(raw)) return fail('', 'A query object must be an object');
  const columnsKey = raw.columns !== undefined && raw.columns !== null ? 'columns' : 'groupby';
  const columns = list(raw, columnsKey).map((column, i) => normalizeColumn(column, `${columnsKey}[${i}]`));
  const metrics =
    raw.metrics === undefined || raw.metrics === null
      ? null
      : list(raw, 'metrics').map((metric, i) => normalizeMetric(metric, `metrics[${i}]`));
  const filters = list(raw, 'filters').map((filter, i) => normalizeFilter(filter, `filters[${i}]`));
  const extras = normalizeExtras(raw);
  if (extras.time_grain_sqla) applyAxisGrain(columns, extras.time_grain_sqla);
  const granularity = optionalString(raw, 'granularity') ?? optionalString(raw, 'granularity_sqla');
  const isTimeseries = optionalBoolean(raw, 'is_timeseries', false);
  if (
    isTimeseries &&
    granularity &&
    !columns.some((c) => typeof c !== 'string' && c.label === TIMESTAMP_LABEL)
  ) {
    const timestamp: AdhocColumn = {
      label: TIMESTAMP_LABEL,
      sqlExpression: granularity,
      expressionType: 'SQL',
      columnType: 'BASE_AXIS',
      isColumnReference: true,
    };
    if (extras.time_grain_sqla) timestamp.timeGrain = extras.time_grain_sqla;
    columns.unshift(timestamp);
  }
  const seriesLimitKey =
    raw.series_limit !== undefined && raw.series_limit !== null ? 'series_limit' : 'timeseries_limit';
  const seriesMetricKey =
    raw.series_limit_metric !== undefined && raw.series_limit_metric !== null
      ? 'series_limit_metric'
      : 'timeseries_limit_metric';
  const seriesMetric = raw[seriesMetricKey];
  return {
    columns,
    metrics,
    filters,
    extras,
    time_range: optionalString(raw, 'time_range'),
    granularity,
    orderby: list(raw, 'orderby').map((item, i) => normalizeOrderBy(item, `orderby[${i}]`)),
    order_desc: optionalBoolean(raw, 'order_desc', true),
    row_limit: normalizeRowLimit(raw, maxRowLimit),
    row_offset: nonNegativeInteger(raw, 'row_offset', 0),
    series_columns: list(raw, 'series_columns').map((c, i) => normalizeColumn(c, `series_columns[${i}]`)),
    series_limit: nonNegativeInteger(raw, seriesLimitKey, 0),
    series_limit_metric:
      seriesMetric === undefined || seriesMetric === null
        ? null
        : normalizeMetric(seriesMetric, seriesMetricKey),
    time_offsets: list(raw, 'time_offsets').map((o, i) =>
      typeof o === 'string' ? o : fail(`time_offsets[${i}]`, 'A time offset must be a string'),
    ),
    annotation_layers: list(raw, 'annotation_layers'),
    url_params: stringRecord(raw, 'url_params'),
    applied_time_extras: stringRecord(raw, 'applied_time_extras'),
    is_timeseries: isTimeseries,
    is_rowcount: optionalBoolean(raw, 'is_rowcount', false),
    apply_fetch_values_predicate: optionalBoolean(raw, 'apply_fetch_values_predicate', false),
    post_processing: normalizePostProcessing(raw),
  };
}

function oneOf<T extends string>(raw: Raw, key: string, allowed: readonly T[], fallback: T): T {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (!(allowed as readonly unknown[]).includes(value)) {
    return fail(key, `"${key}" must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** The body of `POST /api/v1/chart/data`, each query normalized; fields are named from the body's root. */
export function normalizeQueryContext(raw: unknown, options: NormalizeOptions = {}): NormalizedQueryContext {
  if (!isRecord(raw)) return fail('', 'The query context must be an object');
  const datasource = raw.datasource;
  if (!isRecord(datasource)) return fail('datasource', 'The query context needs a datasource {id, type}');
  const { id, type } = datasource;
  if (!((typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id !== ''))) {
    return fail('datasource.id', 'datasource.id must be an integer or a uuid');
  }
  if (!(DATASOURCE_TYPES as readonly unknown[]).includes(type)) {
    return fail('datasource.type', `datasource.type must be one of ${DATASOURCE_TYPES.join(', ')}`);
  }
  if (!Array.isArray(raw.queries)) return fail('queries', '"queries" must be a list of query objects');
  const queries = raw.queries.map((query, i) =>
    underField(`queries[${i}]`, () => normalizeQueryObject(query, options)),
  );
  const formData = raw.form_data;
  if (formData !== undefined && formData !== null && !isRecord(formData)) {
    return fail('form_data', '"form_data" must be an object');
  }
  const timeout = raw.custom_cache_timeout;
  if (
    timeout !== undefined &&
    timeout !== null &&
    (typeof timeout !== 'number' || !Number.isSafeInteger(timeout))
  ) {
    return fail('custom_cache_timeout', '"custom_cache_timeout" must be an integer number of seconds');
  }
  return {
    datasource: { id, type: type as DatasourceType },
    queries,
    form_data: formData ?? null,
    result_type: oneOf<ResultType>(raw, 'result_type', RESULT_TYPES, 'full'),
    result_format: oneOf<ResultFormat>(raw, 'result_format', RESULT_FORMATS, 'json'),
    force: optionalBoolean(raw, 'force', false),
    custom_cache_timeout: timeout ?? null,
  };
}
