import {
  type CompiledQuery,
  compileQuery,
  GENERIC_DATA_TYPE,
  metricLabel,
  type NormalizedQueryContext,
  type NormalizedQueryObject,
  normalizeQueryContext,
} from '@vitrina/common';
import { runnableAnnotationLayers } from '@vitrina/common/query/annotationLayers';
import {
  joinTimeOffset,
  offsetPhrase,
  offsetQuery,
  queryTimeBounds,
  xAxisOf,
} from '@vitrina/common/query/timeOffsets';
import { TIME_GRAIN_NAMES } from '@vitrina/common/sql/timeGrains';
import type { QueryResult, ResultColumn } from '../drivers/driver.ts';
import type { AppContext } from '../http/types.ts';
import type { JsonValue } from '../platform/json.ts';
import { hasPermission, type Principal } from '../security/principal.ts';
import { annotationData } from './annotations.ts';
import { type CachedResult, cachedOrRun, cacheTimeoutSeconds, chartDataCacheKey } from './cache.ts';
import { type LoadedDatasource, loadDatasource, queryTimeoutMs } from './datasource.ts';
import { inlineParameters } from './displaySql.ts';
import { chartDataError } from './errors.ts';
import { filterStatus, withoutRejectedFilters } from './filterStatus.ts';
import { postProcess } from './postProcess.ts';
import { executeCompiled } from './runCompiled.ts';
import { chartDataSettings } from './settings.ts';

/**
 * The chart data flow (DESIGN §7 'A chart's data'): query context → access to the dataset and its
 * row-level security → each query object compiled for the dataset's dialect → cache lookup by key →
 * on a miss the driver runs it (timeout, cancel) → post-processing → one entry of `result[]`.
 *
 * Values in `data`: what the driver gives (big integers and decimals as strings), except TEMPORAL
 * columns, which are epoch milliseconds as Superset's JSON serialiser writes pandas timestamps.
 */

export type ResultEntry = { [key: string]: JsonValue };

export interface ChartDataRun {
  context: NormalizedQueryContext;
  /** Who asks: annotation layers run their saved charts as this user. */
  principal: Principal;
  source: LoadedDatasource;
  timeoutMs: number;
  samplesRowLimit: number;
  maxRowLimit: number;
  /** Whether the caller may send custom SQL (adhoc SQL metrics, columns, where, having). */
  allowCustomSql: boolean;
}

/** Who may write custom SQL: chart builders (explore), SQL Lab users, chart writers, admins. */
export function canWriteCustomSql(principal: Principal): boolean {
  return (
    hasPermission(principal, 'can_explore', 'Superset') ||
    hasPermission(principal, 'can_sqllab', 'Superset') ||
    hasPermission(principal, 'can_write', 'Chart')
  );
}

/** Parses the body and loads the dataset; throws the HTTP error of whatever is wrong. */
export async function prepareRun(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
): Promise<ChartDataRun> {
  const settings = chartDataSettings(ctx);
  try {
    const context = normalizeQueryContext(body, { maxRowLimit: settings.maxRowLimit });
    const source = await loadDatasource(ctx, principal, context.datasource);
    return {
      context,
      principal,
      source,
      timeoutMs: queryTimeoutMs(source.database, settings.queryTimeoutMs),
      samplesRowLimit: settings.samplesRowLimit,
      maxRowLimit: settings.maxRowLimit,
      allowCustomSql: canWriteCustomSql(principal),
    };
  } catch (error) {
    throw chartDataError(error, settings.queryTimeoutMs);
  }
}

/**
 * The query a result type really runs. samples: every dataset column, raw rows, no filters, at most
 * the samples row limit (Superset's _get_samples); drill_detail: the same keeping the query's filters,
 * time range and WHERE.
 */
export function effectiveQuery(run: ChartDataRun, query: NormalizedQueryObject): NormalizedQueryObject {
  const type = run.context.result_type;
  if (type !== 'samples' && type !== 'drill_detail') return query;
  const drill = type === 'drill_detail';
  return {
    ...query,
    columns: run.source.columns.map((column) => column.column_name),
    metrics: null,
    filters: drill ? query.filters : [],
    extras: {
      where: drill ? query.extras.where : null,
      having: null,
      time_grain_sqla: null,
      relative_start: query.extras.relative_start,
      relative_end: query.extras.relative_end,
    },
    time_range: drill ? query.time_range : null,
    granularity: drill ? query.granularity : null,
    orderby: [],
    row_limit: Math.min(query.row_limit, run.samplesRowLimit),
    series_columns: [],
    series_limit: 0,
    series_limit_metric: null,
    time_offsets: [],
    is_timeseries: false,
    post_processing: [],
  };
}

export interface Compiled extends CompiledQuery {
  /** The SQL with parameters written in, for display. */
  display: string;
}

export function compile(run: ChartDataRun, query: NormalizedQueryObject, now: Date): Compiled {
  const { source } = run;
  // Dashboard filters on columns this dataset lacks are reported, not run (filterStatus.ts).
  const runnable = withoutRejectedFilters(query, source.compilerDataset);
  const compiled = compileQuery(runnable, source.compilerDataset, source.dialect, {
    now,
    rlsClauses: source.rlsClauses,
    maxRowLimit: run.maxRowLimit,
    allowCustomSql: run.allowCustomSql,
  });
  return { ...compiled, display: inlineParameters(compiled.sql, compiled.params, source.dialect) };
}

/** GenericDataType of a result column: 0 NUMERIC, 1 STRING, 2 TEMPORAL, 3 BOOLEAN (unknown → STRING). */
export function coltypeOf(run: ChartDataRun, column: ResultColumn): number {
  const generic = column.type ? run.source.dialect.genericType(column.type) : null;
  return generic === null ? GENERIC_DATA_TYPE.STRING : GENERIC_DATA_TYPE[generic];
}

const ISO_NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/** A driver's temporal value (ISO text, naive = UTC) → epoch milliseconds; other values as they are. */
export function toEpochMs(value: unknown): unknown {
  if (typeof value !== 'string') return value instanceof Date ? value.getTime() : value;
  const text = ISO_NO_ZONE.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const time = Date.parse(text);
  return Number.isNaN(time) ? value : time;
}

/** Epoch milliseconds back to naive ISO text (exports write timestamps as the drivers give them). */
export function fromEpochMs(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return new Date(value).toISOString().replace(/Z$/, '');
}

export interface Shaped {
  colnames: string[];
  coltypes: number[];
  records: Record<string, unknown>[];
  sqlRowcount: number;
}

/** Rows from the driver → records with temporals as epoch ms (no post-processing yet). */
export function framed(run: ChartDataRun, result: QueryResult): Shaped {
  const colnames = result.columns.map((column) => column.name);
  const types = result.columns.map((column) => coltypeOf(run, column));
  const temporal = types.map((type) => type === GENERIC_DATA_TYPE.TEMPORAL);
  const records = result.rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let c = 0; c < colnames.length; c++) {
      const value = row[c] === undefined ? null : row[c];
      record[colnames[c] as string] = temporal[c] ? toEpochMs(value) : value;
    }
    return record;
  });
  return { colnames, coltypes: types, records, sqlRowcount: result.rows.length };
}

/**
 * The query's post-processing over a frame; new columns get the type of their values. A resample
 * step learns the query's time range (Superset fills asfreq buckets over it), unless it names one.
 */
export function postProcessed(
  query: NormalizedQueryObject,
  frame: Shaped,
  range: { from: number | null; to: number | null } = { from: null, to: null },
): Shaped {
  // As Superset: an empty result skips post-processing (a pivot of nothing has no columns to refer to).
  if (query.post_processing.length === 0 || frame.records.length === 0) return frame;
  const { colnames, coltypes } = frame;
  const numeric = new Set(colnames.filter((_, i) => coltypes[i] === GENERIC_DATA_TYPE.NUMERIC));
  const operations = query.post_processing.map((step) =>
    step.operation === 'resample' && step.options && step.options.time_range_start === undefined
      ? {
          ...step,
          options: { ...step.options, time_range_start: range.from, time_range_end: range.to },
        }
      : step,
  );
  const processed = postProcess({ colnames, records: frame.records }, operations, numeric);
  const typeByName = new Map(colnames.map((name, i) => [name, coltypes[i] as number]));
  return {
    colnames: processed.colnames,
    coltypes: processed.colnames.map((name) => typeByName.get(name) ?? inferType(processed.records, name)),
    records: processed.records,
    sqlRowcount: frame.sqlRowcount,
  };
}

/** Rows from the driver → records with temporals as epoch ms, then the query's post-processing. */
export function shapeResult(
  run: ChartDataRun,
  query: NormalizedQueryObject,
  result: QueryResult,
  withPostProcessing: boolean,
): Shaped {
  const frame = framed(run, result);
  return withPostProcessing ? postProcessed(query, frame) : frame;
}

export interface Materialized extends Shaped {
  /** The SQL that ran, for display: the main query, then one per time offset. */
  queries: string[];
}

/**
 * Runs a compiled query and everything its answer needs before post-processing: one more query per
 * time offset (the range shifted back), joined on as `<metric>__<offset>` columns; then, when asked,
 * the post-processing (which sees the offset columns, so `compare` works on them).
 */
export async function materialize(
  run: ChartDataRun,
  query: NormalizedQueryObject,
  compiled: Compiled,
  now: Date,
  withPostProcessing: boolean,
  /** The main query's rows when the caller has already read them. */
  first?: QueryResult,
): Promise<Materialized> {
  const execute = (sql: Compiled) => executeCompiled(run, sql);
  let frame = framed(run, first ?? (await execute(compiled)));
  const queries = [compiled.display];
  const offsets = withPostProcessing ? query.time_offsets : [];
  if (offsets.length > 0 && query.metrics !== null) {
    const outer = queryTimeBounds(query, now);
    const metrics = query.metrics.map(metricLabel);
    const xAxis = xAxisOf(query);
    for (const offset of offsets) {
      const shiftedQuery = offsetQuery(query, offset, { now });
      const shiftedSql = compile(run, shiftedQuery, now);
      queries.push(shiftedSql.display);
      const shifted = framed(run, await execute(shiftedSql));
      const joined = joinTimeOffset(frame, shifted, {
        offset,
        phrase: outer ? offsetPhrase(offset, outer) : offset,
        metrics,
        xAxis,
      });
      const typeOf = new Map(frame.colnames.map((name, i) => [name, frame.coltypes[i] as number]));
      frame = {
        colnames: joined.colnames,
        coltypes: joined.colnames.map(
          (name, i) =>
            frame.coltypes[i] ??
            typeOf.get(metrics.find((metric) => name === `${metric}__${offset}`) ?? '') ??
            GENERIC_DATA_TYPE.NUMERIC,
        ),
        records: joined.records,
        sqlRowcount: frame.sqlRowcount,
      };
    }
  }
  const shaped = withPostProcessing ? postProcessed(query, frame, timeBounds(query, now)) : frame;
  return { ...shaped, queries };
}

function inferType(records: Record<string, unknown>[], name: string): number {
  for (const record of records) {
    const value = record[name];
    if (value === null || value === undefined) continue;
    if (typeof value === 'number') return GENERIC_DATA_TYPE.NUMERIC;
    if (typeof value === 'boolean') return GENERIC_DATA_TYPE.BOOLEAN;
    return GENERIC_DATA_TYPE.STRING;
  }
  return GENERIC_DATA_TYPE.STRING;
}

/** from_dttm / to_dttm: the query's time_range, else its first TEMPORAL_RANGE filter (Superset's order). */
function timeBounds(query: NormalizedQueryObject, now: Date): { from: number | null; to: number | null } {
  try {
    const bounds = queryTimeBounds(query, now);
    return { from: bounds?.since?.getTime() ?? null, to: bounds?.until?.getTime() ?? null };
  } catch {
    return { from: null, to: null };
  }
}

function toJson(value: unknown): JsonValue {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object' && value !== null) {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJson(v);
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value as JsonValue;
}

/** Whether a result type runs the query's post-processing (and time offsets, annotations). */
export function isProcessedType(resultType: string): boolean {
  return resultType === 'full' || resultType === 'results' || resultType === 'post_processed';
}

/** Runs one query object (result types full, results, samples, drill_detail, post_processed). */
export async function runQuery(
  ctx: AppContext,
  run: ChartDataRun,
  raw: NormalizedQueryObject,
  now: Date,
): Promise<ResultEntry> {
  const { entry, fromCache } = await cachedQuery(ctx, run, raw, now);
  return presentCached(entry, fromCache, run.context.result_type);
}

/** The cache key of a query object and the run that fills it. */
export function queryCacheKey(run: ChartDataRun, query: NormalizedQueryObject, compiled: Compiled): string {
  const { source, context } = run;
  const processed = isProcessedType(context.result_type);
  const layers = processed ? runnableAnnotationLayers(query.annotation_layers) : [];
  return chartDataCacheKey({
    sql: compiled.sql,
    params: compiled.params,
    databaseId: source.database.id,
    databaseChangedOn: source.database.changed_on,
    datasetId: source.dataset.id,
    datasetChangedOn: source.dataset.changed_on,
    postProcessing: processed ? query.post_processing : [],
    resultType: context.result_type,
    rls: source.rlsKey,
    timeOffsets: processed ? query.time_offsets : [],
    // Annotation data is read as the asking user: bind it to them, as Superset does.
    annotations: layers.length > 0 ? { layers, userId: run.principal.id } : null,
    filterStatus: filterStatus(query, source.compilerDataset),
  });
}

/** One query object through the cache: the cached entry, or the run's, stored. */
export async function cachedQuery(
  ctx: AppContext,
  run: ChartDataRun,
  raw: NormalizedQueryObject,
  now: Date,
  options: { force?: boolean } = {},
): Promise<{ entry: CachedResult; fromCache: boolean; key: string }> {
  const { source, context } = run;
  const query = effectiveQuery(run, raw);
  const compiled = compile(run, query, now);
  const processed = isProcessedType(context.result_type);
  const layers = processed ? runnableAnnotationLayers(query.annotation_layers) : [];
  const key = queryCacheKey(run, query, compiled);
  const cacheTimeout = cacheTimeoutSeconds(
    ctx,
    context.custom_cache_timeout,
    source.dataset.cache_timeout,
    source.database.cache_timeout,
  );
  const force = options.force ?? context.force;
  const { entry, fromCache } = await cachedOrRun(ctx, key, force, async (): Promise<CachedResult> => {
    const shaped = await materialize(run, query, compiled, now, processed);
    const bounds = timeBounds(query, now);
    const filters = filterStatus(query, source.compilerDataset);
    const annotations =
      layers.length > 0 ? await annotationData(ctx, run, query, layers) : { data: {}, errors: [] };
    return {
      datasetId: source.dataset.id,
      rls: source.rlsKey,
      ...(layers.length > 0 ? { userId: run.principal.id } : {}),
      cachedAt: new Date().toISOString().replace(/Z$/, ''),
      cacheTimeout,
      result: {
        cache_key: key,
        cache_timeout: cacheTimeout,
        queried_dttm: new Date().toISOString().replace(/Z$/, ''),
        status: 'success',
        query: shaped.queries.join(';\n\n'),
        language: 'sql',
        data: toJson(shaped.records),
        colnames: shaped.colnames,
        coltypes: shaped.coltypes,
        indexnames: shaped.records.map((_, i) => i),
        rowcount: shaped.records.length,
        sql_rowcount: shaped.sqlRowcount,
        from_dttm: bounds.from,
        to_dttm: bounds.to,
        applied_filters: filters.applied,
        rejected_filters: filters.rejected,
        annotation_data: toJson(annotations.data),
        error: null,
        errors: toJson(annotations.errors),
        stacktrace: null,
        label_map: Object.fromEntries(shaped.colnames.map((name) => [name, [name]])),
        result_format: context.result_format,
        applied_template_filters: [],
      },
    };
  });
  return { entry, fromCache, key };
}

/** A cached entry as the response shows it: is_cached and cached_dttm tell whether and since when. */
export function presentCached(entry: CachedResult, fromCache: boolean, resultType: string): ResultEntry {
  const full: ResultEntry = {
    ...entry.result,
    is_cached: fromCache,
    cached_dttm: fromCache ? entry.cachedAt : null,
  };
  if (resultType !== 'results') return full;
  const pick: ResultEntry = {};
  for (const name of ['data', 'colnames', 'coltypes', 'rowcount', 'sql_rowcount']) {
    pick[name] = full[name] ?? null;
  }
  return pick;
}

/** result_type columns: the dataset's columns (Superset's _get_columns). */
function columnsEntry(run: ChartDataRun): ResultEntry {
  return {
    data: run.source.columns.map((column) => ({
      column_name: column.column_name,
      verbose_name: column.verbose_name,
      dtype: column.type,
    })),
  };
}

/** result_type timegrains: the engine's grains (Superset's _get_timegrains). */
function timegrainsEntry(run: ChartDataRun): ResultEntry {
  const { dialect } = run.source;
  return {
    data: dialect.timeGrains().map((grain) => ({
      name: TIME_GRAIN_NAMES[grain],
      function: dialect.timeGrainExpression(grain, '{col}'),
      duration: grain,
    })),
  };
}

/** `POST /api/v1/chart/data` with result_format json: one entry per query object. */
export async function chartDataJson(ctx: AppContext, run: ChartDataRun): Promise<ResultEntry[]> {
  const now = new Date();
  const entries: ResultEntry[] = [];
  try {
    for (const query of run.context.queries) {
      switch (run.context.result_type) {
        case 'query': {
          const compiled = compile(run, query, now);
          entries.push({ query: compiled.display, language: 'sql', error: null });
          break;
        }
        case 'columns':
          entries.push(columnsEntry(run));
          break;
        case 'timegrains':
          entries.push(timegrainsEntry(run));
          break;
        default:
          entries.push(await runQuery(ctx, run, query, now));
      }
    }
  } catch (error) {
    throw chartDataError(error, run.timeoutMs);
  }
  return entries;
}

export interface SamplesPage {
  page: number;
  perPage: number;
}

/** `POST /datasource/samples`: one page of samples (or drill-detail rows) and the total row count. */
export async function samplesPage(
  ctx: AppContext,
  run: ChartDataRun,
  paging: SamplesPage,
): Promise<ResultEntry> {
  const now = new Date();
  const raw = run.context.queries[0];
  if (!raw) throw new Error('samples: no query object');
  try {
    const entry = await runQuery(ctx, run, raw, now);
    const countQuery = { ...effectiveQuery(run, raw), is_rowcount: true, row_offset: 0 };
    const compiled = compile(run, countQuery, now);
    const counted = await executeCompiled(run, compiled);
    const total = Number(counted.rows[0]?.[0] ?? 0);
    return { ...entry, page: paging.page, per_page: paging.perPage, total_count: total };
  } catch (error) {
    throw chartDataError(error, run.timeoutMs);
  }
}
