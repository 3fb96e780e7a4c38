// @vitest-environment jsdom

import { act, renderHook, waitFor } from '@testing-library/react';
import type { QueryContext } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../testing/i18n.ts';
import { chartFailureText } from './chartFailure.ts';
import { chartDataPath, firstQueryError, useChartData } from './useChartData.ts';

const t = testI18n('en').t;

const CONTEXT: QueryContext = {
  datasource: { id: 3, type: 'table' },
  queries: [{ columns: ['country'], metrics: ['count'], row_limit: 100 }],
  result_format: 'json',
  result_type: 'full',
};

const ANSWER = {
  result: [
    { data: [{ country: 'FR', count: 2 }], colnames: ['country', 'count'], coltypes: [1, 0], rowcount: 1 },
  ],
};

interface PendingRequest {
  url: string;
  body: unknown;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

let requests: PendingRequest[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url.startsWith('/api/v1/security/csrf_token/'))
        return Promise.resolve(json(200, { result: 'token' }));
      return new Promise<Response>((resolve, reject) => {
        requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined, resolve, reject });
      });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function nextRequest(): Promise<PendingRequest> {
  await waitFor(() => expect(requests.length).toBeGreaterThan(0));
  return requests.shift()!;
}

describe('useChartData', () => {
  it('posts the query context and answers the result', async () => {
    const { result } = renderHook(() => useChartData(CONTEXT, { sliceId: 12, dashboardId: 4 }));
    expect(result.current.status).toBe('loading');
    const request = await nextRequest();
    expect(request.url).toBe(chartDataPath({ sliceId: 12, dashboardId: 4 }));
    expect(decodeURIComponent(request.url)).toBe(
      '/api/v1/chart/data?form_data={"slice_id":12,"dashboard_id":4}',
    );
    expect(request.body).toEqual(CONTEXT);
    await act(async () => request.resolve(json(200, ANSWER)));
    expect(result.current.status).toBe('success');
    expect(result.current.queriesData).toEqual(ANSWER.result);
    expect(result.current.failure).toBeNull();
  });

  it('does nothing without a query context', () => {
    const { result } = renderHook(() => useChartData(null));
    expect(result.current.status).toBe('idle');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('maps a failed query to the server error text', async () => {
    const { result } = renderHook(() => useChartData(CONTEXT));
    const request = await nextRequest();
    await act(async () =>
      request.resolve(
        json(400, {
          message: 'column "revenue" does not exist',
          errors: [{ message: 'column "revenue" does not exist', error_type: 'GENERIC_DB_ENGINE_ERROR' }],
        }),
      ),
    );
    expect(result.current.status).toBe('failed');
    expect(result.current.failure?.kind).toBe('server');
    expect(chartFailureText(result.current.failure!, t)).toBe('column "revenue" does not exist');
  });

  it("says 'Network error.' when the request never got an answer", async () => {
    const { result } = renderHook(() => useChartData(CONTEXT));
    const request = await nextRequest();
    await act(async () => request.reject(new TypeError('Failed to fetch')));
    expect(result.current.status).toBe('failed');
    expect(result.current.failure?.kind).toBe('network');
    expect(chartFailureText(result.current.failure!, t)).toBe('Network error.');
  });

  it('gives the chart timeout when the request runs out of time', async () => {
    const { result } = renderHook(() => useChartData(CONTEXT, { timeoutSeconds: 30 }));
    const request = await nextRequest();
    await act(async () => request.reject(new DOMException('signal timed out', 'TimeoutError')));
    expect(result.current.failure?.kind).toBe('timeout');
    expect(chartFailureText(result.current.failure!, t)).toMatch(
      /^Query timeout - visualization queries are set to time out at 30 seconds\./,
    );
  });

  it('treats a query error inside a 200 answer as a failure, and "no data" as a success', async () => {
    const { result } = renderHook(() => useChartData(CONTEXT));
    const request = await nextRequest();
    await act(async () =>
      request.resolve(
        json(200, { result: [{ ...ANSWER.result[0], status: 'failed', error: 'Division by zero' }] }),
      ),
    );
    expect(result.current.status).toBe('failed');
    expect(chartFailureText(result.current.failure!, t)).toBe('Division by zero');

    expect(firstQueryError([{ ...ANSWER.result[0]!, error: 'No data' }])).toBeNull();
  });

  it('stops: the chart says stopped and a late answer is dropped', async () => {
    const { result } = renderHook(() => useChartData(CONTEXT));
    const request = await nextRequest();
    act(() => result.current.stop());
    expect(result.current.status).toBe('stopped');
    await act(async () => request.resolve(json(200, ANSWER)));
    expect(result.current.status).toBe('stopped');
    expect(result.current.queriesData).toBeNull();
  });

  it('runs again when the query context changes and drops the older answer', async () => {
    const { result, rerender } = renderHook(({ context }) => useChartData(context), {
      initialProps: { context: CONTEXT },
    });
    const first = await nextRequest();
    // The same content in a new object does not ask again.
    rerender({ context: structuredClone(CONTEXT) });
    const changed = { ...CONTEXT, queries: [{ ...CONTEXT.queries[0]!, row_limit: 10 }] };
    rerender({ context: changed });
    const second = await nextRequest();
    expect(requests).toHaveLength(0);
    expect((second.body as QueryContext).queries[0]!.row_limit).toBe(10);

    await act(async () => first.resolve(json(200, { result: [] })));
    expect(result.current.status).toBe('loading');
    await act(async () => second.resolve(json(200, ANSWER)));
    expect(result.current.status).toBe('success');
    expect(result.current.queriesData).toEqual(ANSWER.result);
  });

  it('refetches with force, keeping the last answer while it loads', async () => {
    const { result } = renderHook(() => useChartData(CONTEXT));
    await act(async () => (await nextRequest()).resolve(json(200, ANSWER)));
    act(() => result.current.refetch(true));
    expect(result.current.status).toBe('loading');
    expect(result.current.queriesData).toEqual(ANSWER.result);
    const request = await nextRequest();
    expect((request.body as QueryContext).force).toBe(true);
    await act(async () => request.resolve(json(200, ANSWER)));
    expect(result.current.status).toBe('success');
  });
});
