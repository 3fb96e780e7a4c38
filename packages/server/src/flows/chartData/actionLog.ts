import type { ChartDataTimings } from '@vitrina/common/api/chartData';
import { overallCache } from '@vitrina/common/query/timings';
import { type EventLog, type LogEntry, loggedGuest, loggedUserId } from '../../http/eventLog.ts';
import type { AppContext } from '../../http/types.ts';
import { currentRequestId } from '../../platform/requestScope.ts';
import type { Principal } from '../../security/principal.ts';
import type { ChartDataRun } from './run.ts';
import { encodeTimedResults, type TimedEntry } from './timings.ts';

/**
 * Each chart data answer in the action log (Superset logs `ChartRestApi.data` the same way): action
 * `chart_data`, who asked, the chart and dashboard it was for, the server's time, and the answer's
 * timings. Recording is queued by the EventLog and never fails the request it describes.
 */

export const CHART_DATA_ACTION = 'chart_data';
const MAX_REFERRER = 1000;

/** Where an answer went: the chart and the dashboard it was asked for, and the page that asked. */
export interface ChartDataAudience {
  sliceId: number | null;
  dashboardId: number | null;
  referrer: string | null;
}

/** What is known of the answer's query context (a cached result read by key knows only its dataset). */
export interface ChartDataSubject {
  vizType: string | null;
  datasource: string | null;
}

export interface ChartDataAnswer extends ChartDataAudience, ChartDataSubject {
  principal: Principal | null;
  /** The server's time for the answer. */
  durationMs: number;
  /** One per result that carries timings. */
  timings: readonly ChartDataTimings[];
  rowCount: number;
}

function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The chart and dashboard named by form data: the web's `?form_data={"slice_id","dashboard_id"}`, or
 * the query context's own form data (`slice_id`, `dashboardId` as Superset's dashboards set it). The
 * first source that names one wins.
 */
export function chartAndDashboardOf(
  ...sources: unknown[]
): Pick<ChartDataAudience, 'sliceId' | 'dashboardId'> {
  let sliceId: number | null = null;
  let dashboardId: number | null = null;
  for (const source of sources) {
    if (!isObject(source)) continue;
    sliceId ??= positiveId(source.slice_id);
    dashboardId ??= positiveId(source.dashboard_id) ?? positiveId(source.dashboardId);
  }
  return { sliceId, dashboardId };
}

/** The Referer header as the log keeps it (at most 1000 characters). */
export function referrerOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers.referer;
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, MAX_REFERRER) : null;
}

/** The chart type and `<id>__<type>` datasource of a run. */
export function subjectOf(run: ChartDataRun): ChartDataSubject {
  const vizType = run.context.form_data?.viz_type;
  const { id, type } = run.context.datasource;
  return { vizType: typeof vizType === 'string' ? vizType : null, datasource: `${id}__${type}` };
}

function requestIdDetail(): { request_id?: string } {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { request_id: requestId };
}

/** The log entry of an answer. */
export function chartDataLogEntry(answer: ChartDataAnswer): LogEntry {
  return {
    action: CHART_DATA_ACTION,
    userId: loggedUserId(answer.principal),
    dashboardId: answer.dashboardId,
    sliceId: answer.sliceId,
    durationMs: Math.round(answer.durationMs),
    referrer: answer.referrer,
    details: {
      timings: answer.timings,
      viz_type: answer.vizType,
      datasource: answer.datasource,
      row_count: answer.rowCount,
      cache: overallCache(answer.timings),
      ...loggedGuest(answer.principal),
      // The HTTP request (or the job it queued) that ran the query: its id is in the server's log lines.
      ...requestIdDetail(),
    },
  };
}

/** The rows of the answered results (their `rowcount`s). */
export function rowCountOf(entries: readonly { [key: string]: unknown }[]): number {
  return entries.reduce((sum, entry) => sum + (typeof entry.rowcount === 'number' ? entry.rowcount : 0), 0);
}

/** Records an answer; whatever goes wrong is logged, never thrown into the request. */
export function recordChartData(
  ctx: AppContext,
  answer: ChartDataAnswer,
  log?: { warn: (object: object, message: string) => void },
): void {
  const eventLog: EventLog = ctx.eventLog;
  try {
    eventLog.record(chartDataLogEntry(answer));
  } catch (error) {
    log?.warn({ err: error }, 'recording a chart data answer in the action log failed');
  }
}

/** Who asked, for what, and the request's clock: what a route knows when it answers. */
export interface AnswerRequest extends ChartDataAudience, ChartDataSubject {
  principal: Principal | null;
  /** The request's server time so far (Fastify's `reply.elapsedTime`). */
  elapsedMs: () => number;
  log?: { warn: (object: object, message: string) => void };
}

/**
 * Encodes an answer's results with their timings (timings.ts) and records it in the action log when
 * it ran or read any query; the JSON of each result (UTF-8 bytes), in order.
 */
export function encodeAndRecord(
  ctx: AppContext,
  results: readonly TimedEntry[],
  request: AnswerRequest,
): Buffer[] {
  const { texts, timings } = encodeTimedResults(results, request.elapsedMs);
  const measured = timings.filter((each): each is ChartDataTimings => each !== null);
  if (measured.length > 0) {
    const { elapsedMs, log, ...answer } = request;
    recordChartData(
      ctx,
      {
        ...answer,
        durationMs: Math.max(elapsedMs(), ...measured.map((each) => each.total_ms)),
        timings: measured,
        rowCount: rowCountOf(results.map(({ entry }) => entry)),
      },
      log,
    );
  }
  return texts;
}
