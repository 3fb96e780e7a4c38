import { createHash, createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import { HttpError, type SipError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { JsonValue } from '../../platform/json.ts';
import type { JobHandler } from '../../platform/queue/jobQueue.ts';
import { loadGuestPrincipal } from '../../security/guestPrincipal.ts';
import { verifyGuestToken } from '../../security/guestToken.ts';
import { loadPrincipal, type Principal } from '../../security/principal.ts';
import { type ChartDataAudience, type ChartDataSubject, subjectOf } from './actionLog.ts';
import { readCached } from './cache.ts';
import { type ChartQueryPlan, checkedPlan } from './plan.ts';
import { type ChartDataRun, prepareRun } from './run.ts';
import { chartDataTimed } from './service.ts';
import { chartDataSettings } from './settings.ts';
import type { ServedPhases } from './timings.ts';

/**
 * Global async queries for chart data (Superset's GLOBAL_ASYNC_QUERIES): a JSON full-result request
 * whose results are not all cached is answered 202 with job metadata, runs on the job queue (any
 * worker), and its outcome is published on the caller's event channel, where
 * `GET /api/v1/async_event/` finds it. `result_url` points at the cached results by a context key.
 */

export const CHART_DATA_QUEUE = 'chart-data';
export const ASYNC_FLAG = 'GLOBAL_ASYNC_QUERIES';

export function asyncQueriesEnabled(ctx: AppContext): boolean {
  return ctx.config.featureFlags[ASYNC_FLAG] === true;
}

/**
 * The caller's event channel: one per browser session (derived from the session's id, so it needs
 * no storage and any server computes the same), one per user for bearer-token clients.
 */
export function asyncChannelId(ctx: AppContext, principal: Principal, sessionId: string | null): string {
  // A guest has no session and no user: its channel is its token's, as Superset derives it.
  const seed = principal.guest
    ? `guest:${principal.guest.token}`
    : sessionId
      ? `session:${sessionId}`
      : `user:${principal.id}`;
  return createHmac('sha256', ctx.secretKey).update(`async-channel:${seed}`).digest('hex').slice(0, 32);
}

/** The channel of the request's caller: its session's when it came with the session cookie. */
export function requestChannel(ctx: AppContext, request: FastifyRequest, principal: Principal): string {
  return asyncChannelId(ctx, principal, request.authMethod === 'session' ? request.sessionId : null);
}

export type AsyncStatus = 'pending' | 'running' | 'done' | 'error';

export interface AsyncJobMetadata {
  channel_id: string;
  job_id: string;
  user_id: number;
  status: AsyncStatus;
  errors: SipError[];
  result_url: string | null;
}

interface ChartDataJobPayload {
  channel_id: string;
  job_id: string;
  user_id: number;
  /** A guest's token: the job runs as that guest, with its scope and row-level security. */
  guest_token?: string;
  context: JsonValue;
  /** Where the results are read: result_url is this plus the cache key. */
  result_path: string;
  /** When it was enqueued (epoch ms: the worker may be another process); its queue wait starts here. */
  enqueued_at?: number;
  /** The chart and dashboard it was asked for, for the action log. */
  slice_id?: number | null;
  dashboard_id?: number | null;
}

export const CHART_DATA_RESULT_PATH = '/api/v1/chart/data/';

/** What the job's run cost and what it was for: the result fetch reports it and logs the answer. */
export interface JobAnswer extends ChartDataSubject, Pick<ChartDataAudience, 'sliceId' | 'dashboardId'> {
  /** Each entry's phases (queue wait included, before_ms the job's time from enqueueing). */
  phases: ServedPhases[];
}

/** The cached results of a whole query context: the keys of its entries, in query order. */
export interface CachedContext {
  kind: 'query-context';
  keys: string[];
  userId: number;
  answer?: JobAnswer;
}

const contextStorageKey = (key: string): string => `chart-data-context:${key}`;

export async function readCachedContext(ctx: AppContext, key: string): Promise<CachedContext | undefined> {
  return ctx.platform.cache.get<CachedContext & JsonValue>(contextStorageKey(key));
}

/** Whether every planned query is already cached (then the request is answered at once). */
export async function allCached(ctx: AppContext, plan: ChartQueryPlan): Promise<boolean> {
  if (plan.run.context.force) return false;
  for (const planned of plan.queries) {
    if (!(await readCached(ctx, planned.key))) return false;
  }
  return true;
}

/**
 * A JSON request's way: `queued` when it goes async (the flag on, full results, not all cached), else
 * the plan to answer now — the same plan whose keys the cache check read, so the answer reads them too.
 * A query that cannot compile is answered now (400 naming the field), not by a job.
 */
export async function planOrQueue(
  ctx: AppContext,
  run: ChartDataRun,
): Promise<{ queued: true } | { queued: false; plan: ChartQueryPlan }> {
  // Forced runs skip the cache, so they always go to the queue (and compile there).
  if (runsAsync(ctx, run) && run.context.force) return { queued: true };
  const plan = checkedPlan(run, new Date());
  if (runsAsync(ctx, run) && !(await allCached(ctx, plan))) return { queued: true };
  return { queued: false, plan };
}

/** Whether a run is one the async flow takes: JSON, full results, the flag on. */
export function runsAsync(ctx: AppContext, run: ChartDataRun): boolean {
  return (
    asyncQueriesEnabled(ctx) && run.context.result_format === 'json' && run.context.result_type === 'full'
  );
}

/** Queues the query context and answers the 202 job metadata. */
export async function submitAsync(
  ctx: AppContext,
  principal: Principal,
  channelId: string,
  context: unknown,
  options: { resultPath?: string; for?: Pick<ChartDataAudience, 'sliceId' | 'dashboardId'> } = {},
): Promise<AsyncJobMetadata> {
  const jobId = randomUUID();
  const payload: ChartDataJobPayload = {
    channel_id: channelId,
    job_id: jobId,
    user_id: principal.id,
    ...(principal.guest ? { guest_token: principal.guest.token } : {}),
    context: context as JsonValue,
    result_path: options.resultPath ?? CHART_DATA_RESULT_PATH,
    enqueued_at: Date.now(),
    slice_id: options.for?.sliceId ?? null,
    dashboard_id: options.for?.dashboardId ?? null,
  };
  await ctx.platform.queue.enqueue(CHART_DATA_QUEUE, payload as unknown as JsonValue, { jobId });
  return {
    channel_id: channelId,
    job_id: jobId,
    user_id: principal.id,
    status: 'pending',
    errors: [],
    result_url: null,
  };
}

function errorsOf(error: unknown): SipError[] {
  if (error instanceof HttpError) {
    const body = error.body as { message?: unknown; errors?: SipError[] };
    if (body.errors && body.errors.length > 0) return body.errors;
    const message = typeof body.message === 'string' ? body.message : error.message;
    return [{ message, error_type: 'GENERIC_COMMAND_ERROR', level: 'error' }];
  }
  const message = error instanceof Error ? error.message : String(error);
  return [{ message, error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }];
}

/** Who a job runs as: its guest (the token must still verify) or its user (still active). */
async function jobPrincipal(ctx: AppContext, payload: ChartDataJobPayload): Promise<Principal> {
  const db = ctx.metastore.db;
  if (payload.guest_token !== undefined) {
    const settings = ctx.config.guestTokens;
    const claims = await verifyGuestToken(settings, ctx.secretKey, payload.guest_token);
    if (!claims) throw new HttpError(403, { message: 'The guest token of this query has expired' });
    return loadGuestPrincipal(db, settings, claims, payload.guest_token);
  }
  const principal = await loadPrincipal(db, payload.user_id);
  if (!principal) throw new HttpError(403, { message: 'The user of this query is no longer active' });
  return principal;
}

/** Runs a queued query context as its user, caches it and publishes `done` (or `error`). */
export async function runChartDataJob(ctx: AppContext, payload: ChartDataJobPayload): Promise<void> {
  const meta = {
    channel_id: payload.channel_id,
    job_id: payload.job_id,
    user_id: payload.user_id,
  };
  // The queue wait on the wall clock (enqueued maybe elsewhere), the job's own time on this one's.
  const queueWait = payload.enqueued_at === undefined ? 0 : Math.max(0, Date.now() - payload.enqueued_at);
  const started = performance.now();
  try {
    const principal = await jobPrincipal(ctx, payload);
    const run = await prepareRun(ctx, principal, payload.context);
    const timed = await chartDataTimed(ctx, run);
    const keys = timed.map(({ entry }) => String(entry.cache_key));
    const key = createHash('sha256')
      .update(JSON.stringify(['query-context/v1', keys]))
      .digest('hex')
      .slice(0, 32);
    const before = queueWait + (performance.now() - started);
    const answer: JobAnswer = {
      ...subjectOf(run),
      sliceId: payload.slice_id ?? null,
      dashboardId: payload.dashboard_id ?? null,
      phases: timed.map(({ phases }) => ({
        cache: phases?.cache ?? 'miss',
        database_ms: phases?.database_ms ?? 0,
        post_processing_ms: phases?.post_processing_ms ?? 0,
        queue_wait_ms: queueWait,
        before_ms: before,
      })),
    };
    const cached: CachedContext = { kind: 'query-context', keys, userId: principal.id, answer };
    // As long as its entries live (Superset floors this with GLOBAL_ASYNC_QUERIES_MIN_CACHE_TTL).
    await ctx.platform.cache.set(
      contextStorageKey(key),
      cached as unknown as JsonValue,
      chartDataSettings(ctx).defaultCacheTimeoutSeconds,
    );
    await ctx.platform.events.publish(payload.channel_id, {
      ...meta,
      status: 'done',
      errors: [],
      result_url: `${payload.result_path ?? CHART_DATA_RESULT_PATH}${key}`,
    });
  } catch (error) {
    await ctx.platform.events.publish(payload.channel_id, {
      ...meta,
      status: 'error',
      errors: errorsOf(error) as unknown as JsonValue,
      result_url: null,
    });
  }
}

export function chartDataJobHandler(ctx: AppContext): JobHandler {
  return async (job) => runChartDataJob(ctx, job.payload as unknown as ChartDataJobPayload);
}
