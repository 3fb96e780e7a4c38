// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SAVED_CHARTS_PAGE_SIZE,
  savedChartsQuery,
  useChartFavoriteStatus,
  useCharts,
  useCreateChart,
  useDeleteCharts,
  useToggleChartFavorite,
} from './charts.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: Array<{ url: string; method: string; body: unknown }>;

function mockFetch(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
      calls.push({
        url: decodeURIComponent(url),
        method: init.method ?? 'GET',
        body: init.body && JSON.parse(String(init.body)),
      });
      return handler(url, init);
    }),
  );
}

function wrapper() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('the charts API', () => {
  it('lists charts with the rison list query', async () => {
    mockFetch(() => json(200, { count: 1, ids: [3], result: [{ id: 3, slice_name: 'Sales' }] }));
    const { result } = renderHook(
      () =>
        useCharts({
          filters: [{ col: 'viz_type', opr: 'eq', value: 'pie' }],
          order_column: 'slice_name',
          order_direction: 'asc',
          page: 0,
          page_size: 25,
        }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.data?.count).toBe(1));
    expect(calls[0]!.url).toBe(
      '/api/v1/chart/?q=(filters:!((col:viz_type,opr:eq,value:pie)),order_column:slice_name,order_direction:asc,page:0,page_size:25)',
    );
  });

  it('creates a chart with a POST of its fields', async () => {
    mockFetch(() => json(201, { id: 9, result: { slice_name: 'Orders' } }));
    const { result } = renderHook(() => useCreateChart(), { wrapper: wrapper() });
    await act(() =>
      result.current.mutateAsync({
        slice_name: 'Orders',
        slice_name_ru: 'Заказы',
        viz_type: 'pie',
        datasource_id: 2,
        datasource_type: 'table',
        params: '{}',
      }),
    );
    expect(calls[0]).toMatchObject({
      url: '/api/v1/chart/',
      method: 'POST',
      body: { slice_name: 'Orders', slice_name_ru: 'Заказы', datasource_id: 2 },
    });
  });

  it('deletes one chart by id and several with one bulk request', async () => {
    mockFetch(() => json(200, { message: 'OK' }));
    const { result } = renderHook(() => useDeleteCharts(), { wrapper: wrapper() });
    await act(() => result.current.mutateAsync([4]));
    await act(() => result.current.mutateAsync([4, 5]));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/v1/chart/4',
      'DELETE /api/v1/chart/?q=!(4,5)',
    ]);
  });

  it('reads the favourite status of the listed charts', async () => {
    mockFetch(() =>
      json(200, {
        result: [
          { id: 1, value: true },
          { id: 2, value: false },
        ],
      }),
    );
    const { result } = renderHook(() => useChartFavoriteStatus([2, 1]), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.data).toEqual({ 1: true, 2: false }));
    expect(calls[0]!.url).toBe('/api/v1/chart/favorite_status/?q=!(2,1)');
  });

  it('stars with POST, unstars with DELETE, and puts the star back when the call fails', async () => {
    let fail = false;
    mockFetch((url) => {
      if (url.includes('favorite_status')) return json(200, { result: [{ id: 1, value: false }] });
      if (fail) return json(404, { message: 'Not found' });
      return json(200, { result: 'OK' });
    });
    const Wrapper = wrapper();
    const { result } = renderHook(
      () => ({ status: useChartFavoriteStatus([1]), toggle: useToggleChartFavorite() }),
      {
        wrapper: Wrapper,
      },
    );
    await waitFor(() => expect(result.current.status.data).toEqual({ 1: false }));

    await act(() => result.current.toggle.mutateAsync({ id: 1, starred: true }));
    await act(() => result.current.toggle.mutateAsync({ id: 1, starred: false }));
    expect(
      calls.filter((call) => call.url.includes('/favorites/')).map((call) => `${call.method} ${call.url}`),
    ).toEqual(['POST /api/v1/chart/1/favorites/', 'DELETE /api/v1/chart/1/favorites/']);

    fail = true;
    await act(async () => {
      await result.current.toggle.mutateAsync({ id: 1, starred: true }).catch(() => undefined);
    });
    // The mutation's observer reports its state through react-query's notify batch, after act returns.
    await waitFor(() => expect(result.current.toggle.isError).toBe(true));
    await waitFor(() => expect(result.current.status.data).toEqual({ 1: false }));
  });

  it('asks for saved charts 200 at a time, by text and owner', () => {
    expect(savedChartsQuery('  sales ', 3)).toEqual({
      filters: [
        { col: 'slice_name', opr: 'chart_all_text', value: 'sales' },
        { col: 'owners', opr: 'rel_m_m', value: 3 },
      ],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: SAVED_CHARTS_PAGE_SIZE,
    });
    expect(SAVED_CHARTS_PAGE_SIZE).toBe(200);
    expect(savedChartsQuery('').filters).toBeUndefined();
  });
});
