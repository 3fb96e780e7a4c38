import type { ChartDataResult, QueryContext } from '@vitrina/common';
import type { ExtraFormData } from '@vitrina/common/filters/types';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { waitForAsyncJob } from '../api/async/browser.ts';
import { settleChartDataAnswer } from '../api/async/jobs.ts';
import { apiRequestWithStatus, DEFAULT_TIMEOUT_MS, type RequestOptions } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { type ChartFailure, chartFailureOf } from './chartFailure.ts';
import { isScreenshotRender } from './screenshotMode.ts';
import type { ChartStatus } from './types.ts';

export const CHART_DATA_PATH = '/api/v1/chart/data';

/** Superset's chart timeout is the web server timeout (60 s by default) in milliseconds. */
export const DEFAULT_CHART_TIMEOUT_SECONDS = DEFAULT_TIMEOUT_MS / 1000;

export interface ChartDataOptions {
  /** Sent in the `form_data` query parameter, as Superset does, so the server can log and authorise by chart. */
  sliceId?: number;
  dashboardId?: number;
  timeoutSeconds?: number;
  /**
   * A saved dashboard chart's filters in scope: the dashboard's one-request fetcher sends these instead
   * of the query context, and the server builds the same query from the saved chart. Fetchers that post
   * the query context ignore it (it is already merged into that context).
   */
  extraFormData?: ExtraFormData;
}

/** `/api/v1/chart/data`, with `?form_data={"slice_id":…,"dashboard_id":…}` when the chart is a saved one. */
export function chartDataPath({
  sliceId,
  dashboardId,
}: Pick<ChartDataOptions, 'sliceId' | 'dashboardId'>): string {
  const formData = {
    ...(sliceId === undefined ? {} : { slice_id: sliceId }),
    ...(dashboardId === undefined ? {} : { dashboard_id: dashboardId }),
  };
  if (Object.keys(formData).length === 0) return CHART_DATA_PATH;
  return `${CHART_DATA_PATH}?form_data=${encodeURIComponent(JSON.stringify(formData))}`;
}

/**
 * The first query's own error in an answer that arrived (a query entry with status 'failed' or an
 * error text). Superset counts an answer that only says there was no data as a success.
 */
export function firstQueryError(results: readonly ChartDataResult[]): ApiError | null {
  for (const result of results) {
    const errors = Array.isArray(result.errors) ? (result.errors as Array<{ message?: unknown }>) : [];
    const text =
      (typeof errors[0]?.message === 'string' && errors[0].message) ||
      (typeof result.error === 'string' && result.error) ||
      (result.status === 'failed' ? 'failed' : '');
    if (text && !/no data/i.test(text)) return new ApiError({ status: 200, serverMessage: text });
  }
  return null;
}

export interface FetchOptions extends ChartDataOptions {
  signal?: AbortSignal;
}

export type ChartDataFetcher = (
  queryContext: QueryContext,
  options?: FetchOptions,
) => Promise<ChartDataResult[]>;

/**
 * POSTs a query context and answers its `result[]`; a failed query inside the answer throws its error.
 * With GLOBAL_ASYNC_QUERIES the server may answer 202 instead: the job's event is awaited (within the
 * same timeout) and its result_url read (api/async).
 */
export async function fetchChartData(
  queryContext: QueryContext,
  { signal, timeoutSeconds = DEFAULT_CHART_TIMEOUT_SECONDS, ...ids }: FetchOptions = {},
): Promise<ChartDataResult[]> {
  // `signal` lets Stop cancel the request in flight where the client passes it on to fetch; either way
  // an answer that arrives after Stop is dropped by the hook.
  const options: RequestOptions & { signal?: AbortSignal } = {
    method: 'POST',
    body: queryContext,
    timeoutMs: timeoutSeconds * 1000,
    ...(signal ? { signal } : {}),
  };
  const answer = await apiRequestWithStatus<unknown>(chartDataPath(ids), options);
  const body = (await settleChartDataAnswer(answer, (job) =>
    waitForAsyncJob(job, {
      ...(signal ? { signal } : {}),
      timeoutMs: timeoutSeconds * 1000,
      screenshot: isScreenshotRender(),
    }),
  )) as { result?: ChartDataResult[] } | null;
  const results = body?.result ?? [];
  const failure = firstQueryError(results);
  if (failure) throw failure;
  return results;
}

/**
 * How charts under this provider fetch their data: one request per chart by default; a dashboard
 * provides a fetcher that gathers its charts' requests into one streamed request.
 */
export const ChartDataFetcherContext = createContext<ChartDataFetcher>(fetchChartData);

/** When the last answer was asked for and when it arrived (performance.now), for its Timing view. */
export interface AnswerTiming {
  startedAt: number;
  receivedAt: number;
}

export interface ChartDataState {
  status: ChartStatus;
  /** The last answer; kept while the next one loads, after a Stop and after a failure. */
  queriesData: ChartDataResult[] | null;
  failure: ChartFailure | null;
  /** The last answer's request times; a new object with each answer. */
  answered: AnswerTiming | null;
}

export interface ChartData extends ChartDataState {
  /** Stops the running request: the chart shows 'Updating chart was stopped'. */
  stop: () => void;
  /** Asks again; `force` bypasses the server's cache. */
  refetch: (force?: boolean) => void;
}

const IDLE: ChartDataState = { status: 'idle', queriesData: null, failure: null, answered: null };

/**
 * A chart's data: runs the query context whenever it changes (nothing while it is null), with Stop,
 * refetch, the chart timeout, and failures mapped for the chart frame.
 */
export function useChartData(queryContext: QueryContext | null, options: ChartDataOptions = {}): ChartData {
  const { sliceId, dashboardId, timeoutSeconds = DEFAULT_CHART_TIMEOUT_SECONDS } = options;
  const fetcher = useContext(ChartDataFetcherContext);
  const [state, setState] = useState<ChartDataState>(IDLE);
  const running = useRef<AbortController | null>(null);
  const latest = useRef(queryContext);
  latest.current = queryContext;
  // Read at each run, not a dependency: the query context already changes with it.
  const extraFormData = useRef(options.extraFormData);
  extraFormData.current = options.extraFormData;

  const run = useCallback(
    (context: QueryContext) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState((current) => ({ ...current, status: 'loading', failure: null }));
      const startedAt = performance.now();
      fetcher(context, {
        signal: controller.signal,
        timeoutSeconds,
        ...(sliceId === undefined ? {} : { sliceId }),
        ...(dashboardId === undefined ? {} : { dashboardId }),
        ...(extraFormData.current === undefined ? {} : { extraFormData: extraFormData.current }),
      }).then(
        (queriesData) => {
          if (controller.signal.aborted) return;
          running.current = null;
          const answered = { startedAt, receivedAt: performance.now() };
          setState({ status: 'success', queriesData, failure: null, answered });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          running.current = null;
          setState((current) => ({
            ...current,
            status: 'failed',
            failure: chartFailureOf(error, timeoutSeconds),
          }));
        },
      );
    },
    [fetcher, sliceId, dashboardId, timeoutSeconds],
  );

  // Re-run when the query context changes in content, not merely in identity.
  const contextKey = useMemo(() => (queryContext ? JSON.stringify(queryContext) : null), [queryContext]);
  useEffect(() => {
    if (contextKey === null || !latest.current) {
      running.current?.abort();
      running.current = null;
      setState(IDLE);
      return;
    }
    run(latest.current);
  }, [contextKey, run]);

  useEffect(() => () => running.current?.abort(), []);

  const stop = useCallback(() => {
    const controller = running.current;
    if (!controller) return;
    controller.abort();
    running.current = null;
    setState((current) => ({ ...current, status: 'stopped', failure: null }));
  }, []);

  const refetch = useCallback(
    (force = false) => {
      const context = latest.current;
      if (context) run(force ? { ...context, force: true } : context);
    },
    [run],
  );

  return { ...state, stop, refetch };
}
