// @vitest-environment jsdom
import type { ChartDataResult, QueryContext } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { createBatchingFetcher } from './batchingFetcher.ts';

const context = (id: number): QueryContext => ({
  datasource: { id, type: 'table' },
  queries: [{ columns: ['city'], metrics: ['count'], row_limit: 10 }],
  result_format: 'json',
  result_type: 'full',
});

const result = (city: string): ChartDataResult[] => [
  { data: [{ city, count: 1 }], colnames: ['city', 'count'], coltypes: [1, 0], rowcount: 1 },
];

interface Sent {
  url: string;
  init: RequestInit;
  body: {
    charts: Array<{
      key: string;
      slice_id: number;
      query_context?: QueryContext;
      extra_form_data?: unknown;
      force?: boolean;
    }>;
  };
  /** Writes one line of the streamed answer. */
  line: (value: unknown) => void;
  end: () => void;
}

let sent: Sent[];
let answerStatus: number;
let answerBody: unknown;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  answerStatus = 200;
  answerBody = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
      if (answerStatus !== 200) return json(answerStatus, answerBody);
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      const encoder = new TextEncoder();
      sent.push({
        url,
        init,
        body: JSON.parse(String(init.body)),
        line: (value) => controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`)),
        end: () => controller.close(),
      });
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function nextBatch(): Promise<Sent> {
  await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
  return sent.shift() as Sent;
}

const keyOf = (batch: Sent, sliceId: number) =>
  batch.body.charts.find((chart) => chart.slice_id === sliceId)?.key as string;

describe('the dashboard batching fetcher', () => {
  it('sends the charts asked for together in one request and settles each as its line arrives', async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const first = fetcher(context(1), { sliceId: 11 });
    const second = fetcher(context(2), { sliceId: 12 });
    const third = fetcher(context(3), { sliceId: 13 });
    const batch = await nextBatch();
    expect(batch.url).toBe('/api/v1/dashboard/7/chart_data');
    expect(batch.init.method).toBe('POST');
    expect(batch.init.credentials).toBe('same-origin');
    expect((batch.init.headers as Record<string, string>)['X-CSRFToken']).toBe('token');
    expect(batch.body.charts.map((chart) => chart.slice_id)).toEqual([11, 12, 13]);
    expect(batch.body.charts[1]?.query_context).toEqual(context(2));

    let secondDone = false;
    second.then(() => {
      secondDone = true;
    });
    batch.line({ key: keyOf(batch, 11), status: 200, result: result('Berlin') });
    await expect(first).resolves.toEqual(result('Berlin'));
    expect(secondDone).toBe(false);
    batch.line({ key: keyOf(batch, 13), status: 200, result: result('Paris') });
    batch.line({ key: keyOf(batch, 12), status: 200, result: result('Rome') });
    batch.end();
    await expect(third).resolves.toEqual(result('Paris'));
    await expect(second).resolves.toEqual(result('Rome'));
    expect(sent).toHaveLength(0);
  });

  it('lets the server build a saved chart: its filters in scope and force, no query context', async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const moscow = { filters: [{ col: 'city', op: 'IN' as const, val: ['Москва'] }] };
    const filtered = fetcher(context(1), { sliceId: 11, extraFormData: moscow });
    const unfiltered = fetcher({ ...context(2), force: true }, { sliceId: 12, extraFormData: {} });
    const own = fetcher(context(3), { sliceId: 13 });
    const batch = await nextBatch();
    expect(batch.body.charts.map(({ key: _, ...item }) => item)).toEqual([
      { slice_id: 11, extra_form_data: moscow },
      { slice_id: 12, force: true },
      { slice_id: 13, query_context: context(3) },
    ]);
    for (const sliceId of [11, 12, 13]) {
      batch.line({ key: keyOf(batch, sliceId), status: 200, result: result(String(sliceId)) });
    }
    batch.end();
    await expect(filtered).resolves.toEqual(result('11'));
    await expect(unfiltered).resolves.toEqual(result('12'));
    await expect(own).resolves.toEqual(result('13'));
  });

  it("rejects a failing chart with its line's error and a query failure inside a result", async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const refused = fetcher(context(1), { sliceId: 11 });
    const failed = fetcher(context(2), { sliceId: 12 });
    const batch = await nextBatch();
    batch.line({
      key: keyOf(batch, 11),
      status: 403,
      errors: [{ message: 'No access to the dataset', error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR' }],
    });
    batch.line({
      key: keyOf(batch, 12),
      status: 200,
      result: [{ ...result('x')[0], status: 'failed', error: 'column "y" does not exist' }],
    });
    batch.end();
    const error = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'No access to the dataset' });
    await expect(failed).rejects.toMatchObject({ message: 'column "y" does not exist' });
  });

  it('fails the charts the stream never answered with a network error', async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const answered = fetcher(context(1), { sliceId: 11 });
    const forgotten = fetcher(context(2), { sliceId: 12 });
    const batch = await nextBatch();
    batch.line({ key: keyOf(batch, 11), status: 200, result: result('Berlin') });
    batch.end();
    await expect(answered).resolves.toEqual(result('Berlin'));
    await expect(forgotten).rejects.toMatchObject({ errorType: 'FRONTEND_NETWORK_ERROR' });
  });

  it('rejects every chart with the error of a refused request', async () => {
    answerStatus = 403;
    answerBody = { message: "You don't have access to this dashboard." };
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const results = await Promise.allSettled([
      fetcher(context(1), { sliceId: 11 }),
      fetcher(context(2), { sliceId: 12 }),
    ]);
    for (const settled of results) {
      expect(settled).toMatchObject({
        status: 'rejected',
        reason: { status: 403, message: "You don't have access to this dashboard." },
      });
    }
  });

  it('handles 401 through the API client: the login page, and every chart rejected', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/superset/dashboard/7/', search: '', assign });
    answerStatus = 401;
    answerBody = { message: 'Not authorized' };
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const results = await Promise.allSettled([fetcher(context(1), { sliceId: 11 })]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { status: 401 } });
    expect(assign).toHaveBeenCalledWith('/login/?next=%2Fsuperset%2Fdashboard%2F7%2F');
  });

  it('rejects an aborted chart with AbortError and cancels the request only when all its charts aborted', async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const stopFirst = new AbortController();
    const stopSecond = new AbortController();
    const first = fetcher(context(1), { sliceId: 11, signal: stopFirst.signal });
    const second = fetcher(context(2), { sliceId: 12, signal: stopSecond.signal });
    const batch = await nextBatch();
    const requestSignal = batch.init.signal as AbortSignal;
    stopFirst.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(requestSignal.aborted).toBe(false);
    stopSecond.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(requestSignal.aborted).toBe(true);
  });

  it('drops a chart aborted before the batch went out', async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const stop = new AbortController();
    const dropped = fetcher(context(1), { sliceId: 11, signal: stop.signal });
    const kept = fetcher(context(2), { sliceId: 12 });
    stop.abort();
    await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
    const batch = await nextBatch();
    expect(batch.body.charts.map((chart) => chart.slice_id)).toEqual([12]);
    batch.line({ key: keyOf(batch, 12), status: 200, result: result('Oslo') });
    batch.end();
    await expect(kept).resolves.toEqual(result('Oslo'));
  });

  it('sends charts asked for later in a new batch', async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const early = fetcher(context(1), { sliceId: 11 });
    const first = await nextBatch();
    const late = fetcher(context(2), { sliceId: 12 });
    const second = await nextBatch();
    expect(first.body.charts.map((chart) => chart.slice_id)).toEqual([11]);
    expect(second.body.charts.map((chart) => chart.slice_id)).toEqual([12]);
    for (const [batch, id] of [
      [first, 11],
      [second, 12],
    ] as const) {
      batch.line({ key: keyOf(batch, id), status: 200, result: result(String(id)) });
      batch.end();
    }
    await expect(early).resolves.toEqual(result('11'));
    await expect(late).resolves.toEqual(result('12'));
  });

  it('sends a chart without a saved chart id through the per-chart fetcher', async () => {
    const fallback = vi.fn(async () => result('Lima'));
    const fetcher = createBatchingFetcher({ dashboardId: 7, fallback });
    await expect(fetcher(context(1), {})).resolves.toEqual(result('Lima'));
    expect(fallback).toHaveBeenCalledWith(context(1), {});
    expect(sent).toHaveLength(0);
  });

  it('times a chart out on its own', async () => {
    const fetcher = createBatchingFetcher({ dashboardId: 7 });
    const slow = fetcher(context(1), { sliceId: 11, timeoutSeconds: 0.05 }).catch((error: unknown) => error);
    const batch = await nextBatch();
    expect(await slow).toMatchObject({ errorType: 'FRONTEND_TIMEOUT_ERROR' });
    expect((batch.init.signal as AbortSignal).aborted).toBe(true);
  });
});
