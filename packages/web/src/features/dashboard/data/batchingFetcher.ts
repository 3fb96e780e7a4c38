import {
  type ChartDataResult,
  DASHBOARD_CHART_DATA_CONTENT_TYPE,
  type DashboardChartDataLine,
  type DashboardChartDataRequest,
  type DashboardChartDataRequestItem,
} from '@vitrina/common';
import { isEmptyExtraFormData } from '@vitrina/common/filters/mergeExtraFormData';
import { apiStreamLines } from '../../../api/client.ts';
import { errorFromResponse, networkError, timeoutError } from '../../../api/errors.ts';
import {
  type ChartDataFetcher,
  DEFAULT_CHART_TIMEOUT_SECONDS,
  fetchChartData,
  firstQueryError,
} from '../../../viz/useChartData.ts';
import { abortReason, ChartRequest } from './chartRequest.ts';

/**
 * The dashboard's chart data fetcher: charts asking within a short while (they mount together) go out in
 * ONE request to `POST /api/v1/dashboard/{id}/chart_data`, whose streamed lines settle each chart as
 * they arrive. Browsers open six connections per host; thirty charts would otherwise queue behind each
 * other, and the server could not run their identical queries once.
 */

export const dashboardChartDataPath = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/chart_data`;

/** How long requests are gathered before the batch goes out (ms): one render's charts land in one batch. */
export const GATHER_MS = 10;

export interface BatchingFetcherOptions {
  dashboardId: number;
  gatherMs?: number;
  /** For charts that are not saved ones (no slice id). */
  fallback?: ChartDataFetcher;
}

export function createBatchingFetcher({
  dashboardId,
  gatherMs = GATHER_MS,
  fallback = fetchChartData,
}: BatchingFetcherOptions): ChartDataFetcher {
  let gathering: ChartRequest[] = [];
  let scheduled = false;
  let counter = 0;

  const flush = () => {
    scheduled = false;
    const batch = gathering.filter((request) => !request.settled);
    gathering = [];
    if (batch.length > 0) void sendBatch(dashboardId, batch);
  };

  return (queryContext, options = {}) => {
    const { sliceId, signal } = options;
    if (sliceId === undefined) return fallback(queryContext, options);
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<ChartDataResult[]>((resolve, reject) => {
      counter += 1;
      const request = new ChartRequest(
        `${sliceId}:${counter}`,
        sliceId,
        queryContext,
        options,
        resolve,
        reject,
      );
      signal?.addEventListener('abort', () => request.fail(abortReason(signal)), { once: true });
      request.expireAfter((options.timeoutSeconds ?? DEFAULT_CHART_TIMEOUT_SECONDS) * 1000, timeoutError);
      gathering.push(request);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, gatherMs);
      }
    });
  };
}

/** A streamed line this batch can use: an object with its chart's key. */
function asLine(value: unknown): DashboardChartDataLine | null {
  const line = value as DashboardChartDataLine | null;
  return line && typeof line === 'object' && typeof line.key === 'string' ? line : null;
}

function settleFromLine(request: ChartRequest, line: DashboardChartDataLine): void {
  if (line.status === 200 && 'result' in line) {
    const results = (line.result ?? []) as unknown as ChartDataResult[];
    const failure = firstQueryError(results);
    if (failure) request.fail(failure);
    else request.succeed(results);
    return;
  }
  request.fail(errorFromResponse(line.status, line));
}

/**
 * A chart's item in the request: a saved chart (its filters given) is built by the server from what is
 * saved, so the page sends only its filters in scope and whether to bypass the cache; any other chart
 * sends its query context.
 */
function requestItem(request: ChartRequest): DashboardChartDataRequestItem {
  const { key, sliceId, queryContext, options } = request;
  if (options.extraFormData === undefined) {
    return { key, slice_id: sliceId, query_context: queryContext as unknown as Record<string, unknown> };
  }
  return {
    key,
    slice_id: sliceId,
    ...(isEmptyExtraFormData(options.extraFormData)
      ? {}
      : { extra_form_data: options.extraFormData as DashboardChartDataRequestItem['extra_form_data'] }),
    ...(queryContext.force ? { force: true } : {}),
  };
}

async function sendBatch(dashboardId: number, batch: ChartRequest[]) {
  const controller = new AbortController();
  // Cancelled only when every chart of the batch is done (answered, aborted or timed out).
  const cancelWhenAllDone = () => {
    if (batch.every((request) => request.settled)) controller.abort();
  };
  for (const request of batch) request.onSettle = cancelWhenAllDone;
  const failRest = (error: unknown) => {
    for (const request of batch) request.fail(error);
  };
  const body: DashboardChartDataRequest = { charts: batch.map(requestItem) };

  const byKey = new Map(batch.map((request) => [request.key, request]));
  try {
    await apiStreamLines(
      dashboardChartDataPath(dashboardId),
      // No overall timeout: each chart keeps its own (expireAfter).
      {
        method: 'POST',
        body,
        accept: DASHBOARD_CHART_DATA_CONTENT_TYPE,
        signal: controller.signal,
        timeoutMs: 0,
      },
      (value) => {
        const line = asLine(value);
        const request = line && byKey.get(line.key);
        if (line && request) settleFromLine(request, line);
      },
    );
  } catch (error) {
    // Refused (the client's error, a 401 already sent to login), or the connection broke or was
    // cancelled once every chart was done: the charts still waiting fail with it.
    failRest(error);
    return;
  }
  failRest(networkError());
}
