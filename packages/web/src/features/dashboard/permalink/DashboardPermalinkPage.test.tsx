// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { DashboardChartDto, DashboardDto } from '@vitrina/common';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/index.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { json, type RecordedRequest, stubFetch, stubLayoutApis } from '../../../testing/providers.tsx';
import { DashboardPage } from '../DashboardPage.tsx';
import { TEST_DASHBOARD } from '../header/testDashboard.tsx';
import { chartDto, DATASET } from '../view/canvasTestHarness.tsx';
import { DashboardPermalinkPage } from './DashboardPermalinkPage.tsx';
// The tabs are a lazy chunk the page loads when it first shows them: loaded ahead here, so the first
// test does not spend its wait for the restored tab compiling it.
import '../view/TabsView.tsx';

const REGION = {
  id: 'NATIVE_FILTER-region',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'region' } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { filterState: { value: ['West'] } },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};

// Chart 1 above the tabs, chart 2 in the first tab, chart 3 in the second, which the permalink opens.
const POSITION = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1', 'TABS-1'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1, width: 4, height: 50 } },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-2'], meta: { text: 'First' } },
  'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-2'], meta: {} },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2, width: 4, height: 50 } },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-3'], meta: { text: 'Second' } },
  'ROW-3': { id: 'ROW-3', type: 'ROW', children: ['CHART-3'], meta: {} },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3, width: 4, height: 50 } },
};

const DASHBOARD: DashboardDto = {
  ...TEST_DASHBOARD,
  position_json: JSON.stringify(POSITION),
  json_metadata: JSON.stringify({ native_filter_configuration: [REGION] }),
};
const CHARTS: DashboardChartDto[] = [chartDto(1), chartDto(2), chartDto(3)];

const PERMALINK = {
  dashboardId: String(DASHBOARD.id),
  state: {
    // A crafted mask: only the filter's value survives, rebuilt by the filter's own type.
    dataMask: {
      [REGION.id]: {
        filterState: { value: ['East'] },
        extraFormData: { adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'pg_sleep(10) IS NULL' }] },
      },
    },
    activeTabs: ['TAB-b'],
    anchor: 'CHART-3',
    urlParams: [],
  },
};

interface ChartAsked {
  sliceId: number;
  filters: unknown;
  extras: unknown;
}

/**
 * Every chart the page asked data for, from per-chart and batched requests alike; the filter bar's
 * option queries (no slice id) are not charts.
 */
function chartsAsked(requests: RecordedRequest[]): ChartAsked[] {
  const asked: ChartAsked[] = [];
  const add = (sliceId: number, queryContext: { queries?: Array<Record<string, unknown>> }) => {
    const query = queryContext.queries?.[0] ?? {};
    asked.push({ sliceId, filters: query.filters, extras: query.extras });
  };
  for (const request of requests) {
    if (request.method !== 'POST') continue;
    if (request.url.startsWith(`/api/v1/dashboard/${DASHBOARD.id}/chart_data`)) {
      const body = request.body as {
        charts: Array<{ slice_id: number; query_context?: never; extra_form_data?: { filters?: unknown[] } }>;
      };
      for (const chart of body.charts) {
        if (chart.query_context) add(chart.slice_id, chart.query_context);
        // A saved chart's query is built by the server: its filters in scope are what the page sent
        // (the query builder marks them isExtra).
        else {
          const filters = (chart.extra_form_data?.filters ?? []) as Array<Record<string, unknown>>;
          asked.push({
            sliceId: chart.slice_id,
            filters: filters.map((filter) => ({ ...filter, isExtra: true })),
            extras: undefined,
          });
        }
      }
    } else if (request.url.startsWith('/api/v1/chart/data')) {
      const formData = new URLSearchParams(request.url.split('?')[1] ?? '').get('form_data');
      const sliceId = formData ? (JSON.parse(formData) as { slice_id?: number }).slice_id : undefined;
      if (sliceId !== undefined) add(sliceId, request.body as never);
    }
  }
  return asked;
}

function chartDataLines(body: unknown): Response {
  const { charts } = body as { charts: Array<{ key: string }> };
  const lines = charts.map((chart) =>
    JSON.stringify({
      key: chart.key,
      status: 200,
      result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }],
    }),
  );
  return new Response(`${lines.join('\n')}\n`, {
    status: 200,
    headers: { 'Content-Type': 'application/x-ndjson' },
  });
}

function answer(method: string, url: string, body: unknown): Response {
  if (url.startsWith('/api/v1/dashboard/permalink/abc')) return json(200, PERMALINK);
  if (url === `/api/v1/dashboard/${DASHBOARD.id}`) return json(200, { result: DASHBOARD });
  if (url === `/api/v1/dashboard/${DASHBOARD.id}/charts`) return json(200, { result: CHARTS });
  if (url.startsWith('/api/v1/me/roles')) {
    return json(200, { result: { id: 1, username: 'admin', roles: { Admin: [] }, permissions: {} } });
  }
  if (url.startsWith('/api/v1/security/csrf_token')) return json(200, { result: 'token' });
  if (url.startsWith(`/api/v1/dataset/${DATASET.id}`)) return json(200, { result: DATASET });
  if (method === 'POST' && url.startsWith(`/api/v1/dashboard/${DASHBOARD.id}/chart_data`))
    return chartDataLines(body);
  if (method === 'POST' && url.startsWith('/api/v1/chart/data')) {
    return json(200, {
      result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }],
    });
  }
  if (url.startsWith(`/api/v1/dashboard/${DASHBOARD.id}/filtersets`)) return json(200, { result: [] });
  return json(404, { message: 'Not found' });
}

/** The two pages on a data router (the dashboard's leave guard needs one), as the app routes them. */
function renderPage(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/superset/dashboard/p/:key', element: <DashboardPermalinkPage /> },
      { path: '/superset/dashboard/:idOrSlug/', element: <DashboardPage /> },
    ],
    { initialEntries: [address] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n('en')}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

let scrolled: string[];
beforeEach(() => {
  stubLayoutApis();
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.getAttribute('data-chart-id') ?? '');
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** Waits until charts 1 and 3 asked, then a while longer, and checks what every chart asked with. */
async function expectEachChartOnceWithTheRestoredSelection(requests: RecordedRequest[]) {
  await screen.findByText('Second', undefined, { timeout: 15_000 });
  const sliceIds = () => chartsAsked(requests).map((chart) => chart.sliceId);
  await waitFor(() => expect(sliceIds().sort()).toEqual([1, 3]));
  // Nothing more once the page has settled: no second query when the selection arrives.
  await new Promise((resolve) => setTimeout(resolve, 150));
  // Chart 2 sits in the first tab, which the permalink leaves closed.
  expect(sliceIds().sort()).toEqual([1, 3]);
  for (const chart of chartsAsked(requests)) {
    expect(chart.filters).toEqual([{ col: 'region', op: 'IN', val: ['East'], isExtra: true }]);
    expect(JSON.stringify(chart)).not.toContain('pg_sleep');
  }
  expect(scrolled).toEqual(['3']);
}

// The whole page is drawn (header, filter bar, charts): slower than one component on a busy machine.
describe('opening a dashboard permalink', { timeout: 30_000 }, () => {
  it('sends one request per chart, with the restored selection, in the restored tab', async () => {
    // The page's own switch to one request per chart: every query a chart starts is a request.
    window.history.replaceState(null, '', '/?dashboard_batching=0');
    const requests = stubFetch(answer);
    renderPage('/superset/dashboard/p/abc/');
    await expectEachChartOnceWithTheRestoredSelection(requests);
    const permalinkReads = requests.filter((request) => request.url.includes('/dashboard/permalink/'));
    expect(permalinkReads).toHaveLength(1);
  });

  it('waits for a permalink named in the address before the charts ask, batched', async () => {
    const requests = stubFetch(answer);
    const answering = globalThis.fetch;
    // The permalink answers after the charts' batch would have gone out.
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.includes('/permalink/')) await new Promise((resolve) => setTimeout(resolve, 60));
      return answering(url, init);
    });
    renderPage(`/superset/dashboard/${DASHBOARD.id}/?permalink_key=abc`);
    await expectEachChartOnceWithTheRestoredSelection(requests);
  });
});
