import { type CompiledQuery, compileQuery, type NormalizedQueryObject } from '@vitrina/common';
import { runnableAnnotationLayers } from '@vitrina/common/query/annotationLayers';
import { offsetQuery } from '@vitrina/common/query/timeOffsets';
import { chartDataCacheKey } from './cache.ts';
import { isSharedLoad } from './datasourceCache.ts';
import { inlineParameters } from './displaySql.ts';
import { chartDataError } from './errors.ts';
import { filterStatus, withoutRejectedFilters } from './filterStatus.ts';
import type { ChartDataRun } from './run.ts';

/**
 * A chart query is planned once: the query its result type really runs, compiled for the dataset's
 * dialect with the caller's row-level security and the plan's `now` (relative time ranges), and keyed.
 * The cache check, the dashboard batch's sharing of runs and the runs themselves all read the plan;
 * nothing else compiles or keys a chart query, so the key checked is the key run and stored.
 */

export interface Compiled extends CompiledQuery {
  /** The SQL with parameters written in, for display. */
  display: string;
}

/** A time offset's query: the main query's range shifted back, joined onto its rows. */
export interface PlannedOffset {
  offset: string;
  compiled: Compiled;
}

export interface PlannedQuery {
  /** What runs: the result type's shape of the query object (samples, drill detail: effectiveQuery). */
  query: NormalizedQueryObject;
  compiled: Compiled;
  /** One per time offset when the result type post-processes (their SQL is part of the key's SQL). */
  offsets: PlannedOffset[];
  /** The cache key of the entry (chart-data/v1): what the check reads and the run writes. */
  key: string;
}

export interface ChartQueryPlan {
  run: ChartDataRun;
  /** The instant relative time ranges were resolved at. */
  now: Date;
  /** One per query object, in order; none for result types that run no query (columns, timegrains). */
  queries: PlannedQuery[];
}

/** Result types answered without running the context's queries. */
const NO_QUERY_TYPES = new Set(['columns', 'timegrains']);

/** Whether a result type runs the query's post-processing (and time offsets, annotations). */
export function isProcessedType(resultType: string): boolean {
  return resultType === 'full' || resultType === 'results' || resultType === 'post_processed';
}

/**
 * Plans every query object of a run. Throws what the compiler throws (QueryValidationError,
 * CustomSqlError) for a query that cannot be compiled; `checkedPlan` answers it as HTTP.
 */
export function planChartQueries(run: ChartDataRun, now: Date): ChartQueryPlan {
  const type = run.context.result_type;
  const queries = NO_QUERY_TYPES.has(type)
    ? []
    : run.context.queries.map((asked) => planQuery(run, asked, now));
  return { run, now, queries };
}

/** planChartQueries with its failures as the chart data API answers them (400 naming the field). */
export function checkedPlan(run: ChartDataRun, now: Date): ChartQueryPlan {
  try {
    return rememberedPlan(run, now);
  } catch (error) {
    throw chartDataError(error, run.timeoutMs);
  }
}

/** Plans made this second, per shared dataset load and query context. */
interface SecondsPlans {
  second: number;
  plans: Map<string, Pick<ChartQueryPlan, 'now' | 'queries'>>;
}
const remembered = new WeakMap<object, SecondsPlans>();
const MAX_PLANS_PER_LOAD = 100;

/**
 * A busy chart asks the same query context many times a second: its plan (compiling and keying every
 * query) is made once per second per dataset load (kept a second by datasourceCache.ts, one per
 * caller, so the caller's access and row-level security are the load's) and query context. Within
 * that second relative time ranges resolve at the first request's instant, at most a second earlier.
 */
function rememberedPlan(run: ChartDataRun, now: Date): ChartQueryPlan {
  if (!isSharedLoad(run.source)) return planChartQueries(run, now);
  const second = Math.floor(now.getTime() / 1000);
  let held = remembered.get(run.source);
  if (!held || held.second !== second) {
    held = { second, plans: new Map() };
    remembered.set(run.source, held);
  }
  const key = `${run.allowCustomSql}|${run.maxRowLimit}|${run.samplesRowLimit}|${JSON.stringify(run.context)}`;
  const known = held.plans.get(key);
  if (known) return { run, now: known.now, queries: known.queries };
  const plan = planChartQueries(run, now);
  if (held.plans.size < MAX_PLANS_PER_LOAD) held.plans.set(key, { now: plan.now, queries: plan.queries });
  return plan;
}

function planQuery(run: ChartDataRun, asked: NormalizedQueryObject, now: Date): PlannedQuery {
  const query = effectiveQuery(run, asked);
  const compiled = compile(run, query, now);
  const offsets =
    isProcessedType(run.context.result_type) && query.metrics !== null
      ? query.time_offsets.map((offset) => ({
          offset,
          compiled: compile(run, offsetQuery(query, offset, { now }), now),
        }))
      : [];
  return { query, compiled, offsets, key: queryCacheKey(run, query, compiled) };
}

/** The count of a samples page's rows: the planned query without its page window. */
export function planRowCount(plan: ChartQueryPlan, planned: PlannedQuery): Compiled {
  return compile(plan.run, { ...planned.query, is_rowcount: true, row_offset: 0 }, plan.now);
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

/**
 * One query for the dataset's dialect, with the caller's row-level security. Exported for the explore
 * column-values view, which runs a query of its own shape (not a chart query, never cached).
 */
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

/** The cache key: the same inputs, in the same order, as before plans existed (warm caches stay valid). */
function queryCacheKey(run: ChartDataRun, query: NormalizedQueryObject, compiled: Compiled): string {
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
    datasourceType: source.datasourceType,
    postProcessing: processed ? query.post_processing : [],
    resultType: context.result_type,
    rls: source.rlsKey,
    timeOffsets: processed ? query.time_offsets : [],
    // Annotation data is read as the asking user: bind it to them, as Superset does.
    annotations: layers.length > 0 ? { layers, userId: run.principal.id } : null,
    filterStatus: filterStatus(query, source.compilerDataset),
  });
}
