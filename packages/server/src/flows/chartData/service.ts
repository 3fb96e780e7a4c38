import { nativeAnnotationLayers, runnableAnnotationLayers } from '@vitrina/common/query/annotationLayers';
import { TIME_GRAIN_NAMES } from '@vitrina/common/sql/timeGrains';
import { ForbiddenError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { JsonValue } from '../../platform/json.ts';
import { appendJsonFields } from '../../platform/jsonBytes.ts';
import { copyWithRawFields, pickWithRawFields, setRawJsonField } from '../../platform/rawJsonFields.ts';
import type { Principal } from '../../security/principal.ts';
import { annotationData, nativeAnnotationData } from './annotations.ts';
import {
  type Cached,
  type CachedResult,
  cachedOrRun,
  cacheTimeoutSeconds,
  encodedResultOf,
  encodeResult,
  readCachedBytes,
} from './cache.ts';
import { engineRecords } from './engineRecords.ts';
import { chartDataError } from './errors.ts';
import { filterStatus } from './filterStatus.ts';
import { jsonRecords, toJson } from './jsonRecords.ts';
import { materialize, timeBounds } from './materialize.ts';
import {
  type ChartQueryPlan,
  checkedPlan,
  isProcessedType,
  type PlannedQuery,
  planRowCount,
} from './plan.ts';
import { type ChartDataRun, prepareRun } from './run.ts';
import { executeCompiled } from './runCompiled.ts';
import { HIT_PHASES, servedPhases, serverStopwatch, type TimedEntry } from './timings.ts';

// The flow's entry points for the resources that call it (charts, explore): one import for a run.
export { type Compiled, compile } from './plan.ts';
export { type ChartDataRun, canWriteCustomSql, prepareRun } from './run.ts';

/**
 * The chart data flow (DESIGN §7 'A chart's data'): query context → access to the dataset and its
 * row-level security (run.ts) → each query object planned: compiled for the dataset's dialect and keyed
 * (plan.ts) → cache lookup by the plan's key → on a miss the driver runs the plan's SQL (timeout,
 * cancel) → post-processing → one entry of `result[]`.
 *
 * Values in `data`: what the driver gives (big integers and decimals as strings), except TEMPORAL
 * columns, which are epoch milliseconds as Superset's JSON serialiser writes pandas timestamps.
 */

export type ResultEntry = { [key: string]: JsonValue };

/** Runs one planned query (result types full, results, samples, drill_detail, post_processed). */
async function runPlannedEntry(
  ctx: AppContext,
  plan: ChartQueryPlan,
  planned: PlannedQuery,
): Promise<TimedEntry> {
  const { entry, fromCache } = await runPlanned(ctx, plan, planned);
  const resultType = plan.run.context.result_type;
  const encoded = fromCache ? undefined : encodedResultOf(entry);
  return {
    entry: presentCached(entry, fromCache, resultType, plan.run.principal),
    phases: servedPhases(fromCache, entry.phases),
    ...(encoded && presentedWhole(resultType, plan.run.principal)
      ? { encoded: { bytes: appendJsonFields(encoded.bytes, cachedFields(false, null)), ms: encoded.ms } }
      : {}),
  };
}

/**
 * A cache hit sent as it was stored: the result's JSON bytes with is_cached and cached_dttm added, never
 * decoded (the bytes are those presentCached's object would encode to). Only where the answer is the
 * stored result as it is: not forced, not a guest (who must not see `query`), not the `results` pick,
 * no native annotation layers (read on every request). Undefined sends the request the long way.
 */
async function storedHit(
  ctx: AppContext,
  plan: ChartQueryPlan,
  planned: PlannedQuery,
): Promise<TimedEntry | undefined> {
  const { context, principal } = plan.run;
  if (context.force || principal.guest || context.result_type === 'results') return undefined;
  if (
    isProcessedType(context.result_type) &&
    nativeAnnotationLayers(planned.query.annotation_layers).length > 0
  ) {
    return undefined;
  }
  const stored = await readCachedBytes(ctx, planned.key);
  if (!stored || stored.result.length <= 2) return undefined;
  ctx.metrics.chartDataCacheHits.inc();
  const bytes = appendJsonFields(stored.result, cachedFields(true, stored.cachedAt));
  return { entry: { rowcount: stored.rows }, phases: HIT_PHASES, stored: bytes };
}

/** is_cached and cached_dttm as presentCached sets them, encoded to be appended to a result. */
function cachedFields(fromCache: boolean, cachedAt: string | null): string {
  return `"is_cached":${fromCache},"cached_dttm":${JSON.stringify(cachedAt)}`;
}

/** One planned query through the cache under the plan's key: the cached entry, or the run's, stored. */
export async function runPlanned(
  ctx: AppContext,
  plan: ChartQueryPlan,
  planned: PlannedQuery,
): Promise<Cached> {
  const { run, now } = plan;
  const { source, context } = run;
  const { query, key } = planned;
  const processed = isProcessedType(context.result_type);
  const layers = processed ? runnableAnnotationLayers(query.annotation_layers) : [];
  const cacheTimeout = cacheTimeoutSeconds(
    ctx,
    context.custom_cache_timeout,
    source.dataset.cache_timeout,
    source.database.cache_timeout,
  );
  const cached = await cachedOrRun(ctx, key, context.force, async (): Promise<CachedResult> => {
    // The driver's time apart from the rest of the run (timings.ts).
    const watch = serverStopwatch<'database'>();
    const started = watch.now();
    // The engine's own JSON records where the answer is the rows as they are, else the rows read here.
    const shaped =
      (await engineRecords(plan, planned, processed, watch)) ??
      (await materialize(plan, planned, processed, undefined, watch));
    const rowCount = 'json' in shaped ? shaped.rowCount : shaped.records.length;
    const bounds = timeBounds(query, now);
    const filters = filterStatus(query, source.compilerDataset);
    const reader = { principal: run.principal, force: context.force };
    const annotations =
      layers.length > 0
        ? await annotationData(ctx, reader, query, layers, (layerContext) => runLayer(ctx, run, layerContext))
        : { data: {}, errors: [] };
    const result: CachedResult['result'] = {
      cache_key: key,
      cache_timeout: cacheTimeout,
      queried_dttm: new Date().toISOString().replace(/Z$/, ''),
      status: 'success',
      query: shaped.queries.join(';\n\n'),
      language: 'sql',
      data: 'json' in shaped ? [] : jsonRecords(shaped.records),
      colnames: shaped.colnames,
      coltypes: shaped.coltypes,
      indexnames: Array.from({ length: rowCount }, (_, i) => i),
      rowcount: rowCount,
      sql_rowcount: 'json' in shaped ? rowCount : shaped.sqlRowcount,
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
    };
    if ('json' in shaped) setRawJsonField(result, 'data', shaped.json);
    const database = watch.ms('database');
    const entry: CachedResult = {
      datasetId: source.dataset.id,
      ...(source.datasourceType ? { datasourceType: source.datasourceType } : {}),
      rls: source.rlsKey,
      ...(layers.length > 0 ? { userId: run.principal.id } : {}),
      cachedAt: new Date().toISOString().replace(/Z$/, ''),
      cacheTimeout,
      result,
      phases: { database_ms: database, post_processing_ms: Math.max(0, watch.now() - started - database) },
    };
    encodeResult(entry);
    return entry;
  });
  const native = processed ? nativeAnnotationLayers(query.annotation_layers) : [];
  return native.length > 0 ? withNativeAnnotations(ctx, cached, native) : cached;
}

/**
 * A served entry with its native annotation layers added: read on every request, after the cache, so
 * an annotation added or edited shows without waiting for the chart's cached data to expire.
 */
async function withNativeAnnotations(
  ctx: AppContext,
  cached: Cached,
  layers: ReturnType<typeof nativeAnnotationLayers>,
): Promise<Cached> {
  const { result } = cached.entry;
  const bound = (value: JsonValue | undefined) => (typeof value === 'number' ? value : null);
  const native = await nativeAnnotationData(ctx.metastore.db, layers, {
    from: bound(result.from_dttm),
    to: bound(result.to_dttm),
  });
  const previous = result.annotation_data;
  const errors = Array.isArray(result.errors) ? result.errors : [];
  return {
    ...cached,
    entry: {
      ...cached.entry,
      result: {
        ...result,
        annotation_data: { ...(isJsonObject(previous) ? previous : {}), ...native.data },
        errors: [...errors, ...(toJson(native.errors) as JsonValue[])],
      },
    },
  };
}

function isJsonObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Superset's answer when a guest asks for a chart's SQL. */
export const GUEST_QUERY_FORBIDDEN = 'Guest users cannot view the query of a chart';

/** An annotation layer's saved chart, run through this flow as the annotated chart's reader. */
async function runLayer(ctx: AppContext, run: ChartDataRun, context: unknown): Promise<ResultEntry[]> {
  return chartDataJson(ctx, await prepareRun(ctx, run.principal, context));
}

/** Whether presentCached shows every field of the result (then its encoded bytes are extended, not re-encoded). */
function presentedWhole(resultType: string, viewer: Pick<Principal, 'guest'>): boolean {
  return resultType !== 'results' && !viewer.guest;
}

/** A cached entry as the response shows it: is_cached and cached_dttm tell whether and since when. */
export function presentCached(
  entry: CachedResult,
  fromCache: boolean,
  resultType: string,
  viewer: Pick<Principal, 'guest'>,
): ResultEntry {
  // Copied with a raw `data` left unread (an answer sent as its encoded text never parses it).
  const full: ResultEntry = copyWithRawFields(entry.result);
  full.is_cached = fromCache;
  full.cached_dttm = fromCache ? entry.cachedAt : null;
  // An embedded dashboard's guest sees the data, never the SQL behind it (Superset strips `query`).
  if (viewer.guest) delete full.query;
  if (resultType !== 'results') return full;
  return pickWithRawFields(full, ['data', 'colnames', 'coltypes', 'rowcount', 'sql_rowcount']) as ResultEntry;
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
  return runPlan(ctx, checkedPlan(run, new Date()));
}

/** chartDataJson with what each entry cost. */
export async function chartDataTimed(ctx: AppContext, run: ChartDataRun): Promise<TimedEntry[]> {
  return runPlanTimed(ctx, checkedPlan(run, new Date()));
}

/** A plan's `result[]` (JSON): one entry per query object, in order. */
export async function runPlan(ctx: AppContext, plan: ChartQueryPlan): Promise<ResultEntry[]> {
  return (await runPlanTimed(ctx, plan)).map(({ entry }) => entry);
}

const untimed = (entry: ResultEntry): TimedEntry => ({ entry, phases: null });

/**
 * runPlan with what each entry cost (no phases for the types that run nothing). `asStored`: a cache hit
 * may come as its stored JSON bytes (TimedEntry.stored, storedHit), for a caller that only sends it on.
 */
export async function runPlanTimed(
  ctx: AppContext,
  plan: ChartQueryPlan,
  { asStored = false }: { asStored?: boolean } = {},
): Promise<TimedEntry[]> {
  const { run } = plan;
  switch (run.context.result_type) {
    // These run nothing: one entry per query object all the same, as Superset answers them.
    case 'columns':
      return run.context.queries.map(() => untimed(columnsEntry(run)));
    case 'timegrains':
      return run.context.queries.map(() => untimed(timegrainsEntry(run)));
    case 'query':
      if (run.principal.guest) throw new ForbiddenError(GUEST_QUERY_FORBIDDEN);
      return plan.queries.map(({ compiled }) =>
        untimed({ query: compiled.display, language: 'sql', error: null }),
      );
  }
  const entries: TimedEntry[] = [];
  try {
    for (const planned of plan.queries) {
      const hit = asStored ? await storedHit(ctx, plan, planned) : undefined;
      entries.push(hit ?? (await runPlannedEntry(ctx, plan, planned)));
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
  const plan = checkedPlan(run, new Date());
  const planned = plan.queries[0];
  if (!planned) throw new Error('samples: no query object');
  try {
    const { entry } = await runPlannedEntry(ctx, plan, planned);
    const counted = await executeCompiled(run, planRowCount(plan, planned));
    const total = Number(counted.rows[0]?.[0] ?? 0);
    return { ...entry, page: paging.page, per_page: paging.perPage, total_count: total };
  } catch (error) {
    throw chartDataError(error, run.timeoutMs);
  }
}
