import type { Page, WebSocket } from '@playwright/test';
import { createDashboard, createDashboardChart, waitRendered } from './dashboardApi.ts';
import { startExtraServer } from './extraServer.ts';
import { test as base, exampleDatasetId, expect, logIn, uniqueName } from './fixtures.ts';

/**
 * Charts with GLOBAL_ASYNC_QUERIES on: chart data answers 202 with a job, the worker runs it and the
 * page hears of its outcome over the async events websocket — or by polling, when the websocket is
 * switched off or cannot be reached — then reads its results. The journeys run against a server of
 * their own, started here with the flag on (the other journeys' servers have it off).
 */

/** Past the ports of the regular journey servers (8188 + worker) and the sign-in servers (+40). */
const PORT_OFFSET = 60;

const test = base.extend<object, { asyncServer: string }>({
  asyncServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from this pattern.
    async ({}, use, workerInfo) => {
      // `all`: the worker that runs the chart data jobs is in the same process.
      const server = await startExtraServer({
        portOffset: PORT_OFFSET,
        workerIndex: workerInfo.parallelIndex,
        name: 'async',
        role: 'all',
        env: {
          VITRINA_ADMIN_PASSWORD: 'admin',
          VITRINA_FEATURE_FLAGS: JSON.stringify({ GLOBAL_ASYNC_QUERIES: true }),
        },
      });
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ asyncServer }, use) => {
    await use(asyncServer);
  },
});

// The first journey waits for the examples to load, and a polling one for the websocket to give up.
test.describe.configure({ timeout: 180_000 });

const WEBSOCKET = /\/api\/v1\/async_event\/ws/;

/** What the page asked and heard: the chart data answers' statuses, the jobs, and the events by way. */
function watch(page: Page) {
  const seen = {
    chartDataStatuses: [] as number[],
    jobs: [] as string[],
    websocketEvents: [] as Array<{ job_id: string; status: string }>,
    polledEvents: [] as Array<{ job_id: string; status: string }>,
    websockets: [] as WebSocket[],
  };
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/v1/chart/data' && response.request().method() === 'POST') {
      seen.chartDataStatuses.push(response.status());
      if (response.status() === 202) seen.jobs.push(((await response.json()) as { job_id: string }).job_id);
    }
    if (url.pathname === '/api/v1/async_event/' && response.ok()) {
      const body = (await response.json()) as { result: Array<{ job_id: string; status: string }> };
      seen.polledEvents.push(...body.result);
    }
  });
  page.on('websocket', (socket) => {
    if (!WEBSOCKET.test(socket.url())) return;
    seen.websockets.push(socket);
    socket.on('framereceived', (frame) => {
      seen.websocketEvents.push(JSON.parse(String(frame.payload)) as { job_id: string; status: string });
    });
  });
  return seen;
}

/** Every chart asked went through a job (none was cached yet): one 202 per chart, nothing else failed. */
function expectJobsFor(seen: ReturnType<typeof watch>, chartIds: number[]): void {
  expect(seen.chartDataStatuses.filter((status) => status === 202).length).toBeGreaterThanOrEqual(
    chartIds.length,
  );
  expect(seen.chartDataStatuses.every((status) => status === 200 || status === 202)).toBe(true);
}

/**
 * A new dashboard with three charts of the example sales dataset. Their row limits are the journey's
 * own, so nothing is cached yet and every chart's data goes through a job.
 */
async function dashboardOfNewCharts(page: Page): Promise<{ dashboardId: number; chartIds: number[] }> {
  const datasetId = await exampleDatasetId(page, 'sales');
  const dashboardId = await createDashboard(page, uniqueName('Async dashboard'));
  // A row limit of its own makes the queries new (no cached answer); it stays under the 100,000 maximum.
  const rowLimit = 1000 + Math.floor(Math.random() * 90_000);
  const charts = [
    { vizType: 'table', params: { query_mode: 'aggregate', groupby: ['region'], metrics: ['revenue'] } },
    { vizType: 'echarts_timeseries_bar', params: { x_axis: 'region', metrics: ['revenue'], groupby: [] } },
    { vizType: 'pie', params: { groupby: ['region'], metric: 'revenue' } },
  ];
  const chartIds: number[] = [];
  for (const [index, { vizType, params }] of charts.entries()) {
    chartIds.push(
      await createDashboardChart(page, {
        datasetId,
        dashboardId,
        name: uniqueName(`Async chart ${index}`),
        vizType,
        params: { ...params, row_limit: rowLimit + index },
      }),
    );
  }
  return { dashboardId, chartIds };
}

test('a dashboard draws all its charts from jobs whose outcome comes over the websocket', async ({
  page,
}) => {
  await logIn(page);
  const { dashboardId, chartIds } = await dashboardOfNewCharts(page);
  const seen = watch(page);
  // One request per chart: the dashboard's own stream answers at once, flag or not (docs/decisions.md).
  await page.goto(`/superset/dashboard/${dashboardId}/?dashboard_batching=0`);
  await waitRendered(page, chartIds, 60_000);
  expectJobsFor(seen, chartIds);
  expect(seen.websockets).toHaveLength(1);
  expect(seen.websocketEvents.filter((e) => e.status === 'done').map((e) => e.job_id)).toEqual(
    expect.arrayContaining(seen.jobs),
  );
  expect(seen.polledEvents).toEqual([]);
  await expect(page.locator('.dashboard-chart[data-chart-status="failed"]')).toHaveCount(0);

  // The same dashboard in one stream draws its charts too, now from the cache or run in the stream.
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, chartIds, 60_000);
});

test('when the websocket cannot be reached, the page falls back to polling and draws every chart', async ({
  page,
}) => {
  await logIn(page);
  const { dashboardId, chartIds } = await dashboardOfNewCharts(page);
  // A proxy that accepts the upgrade and drops it at once: after 6 reconnects 2.5 s apart, the page polls.
  let attempts = 0;
  await page.routeWebSocket(WEBSOCKET, (socket) => {
    attempts += 1;
    socket.close();
  });
  const seen = watch(page);
  await page.goto(`/superset/dashboard/${dashboardId}/?dashboard_batching=0`);
  await waitRendered(page, chartIds, 60_000);
  expect(attempts).toBe(7);
  expectJobsFor(seen, chartIds);
  expect(seen.polledEvents.filter((e) => e.status === 'done').map((e) => e.job_id)).toEqual(
    expect.arrayContaining(seen.jobs),
  );
});

test('with the websocket switched off by the server, the page polls from the start', async ({ page }) => {
  await logIn(page);
  const { dashboardId, chartIds } = await dashboardOfNewCharts(page);
  // What VITRINA_ASYNC_TRANSPORT=polling makes the server say (resources/asyncEvents has its test).
  await page.route('**/api/v1/feature_flags/', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { conf: Record<string, unknown> };
    body.conf.GLOBAL_ASYNC_QUERIES_TRANSPORT = 'polling';
    await route.fulfill({ response, json: body });
  });
  const seen = watch(page);
  await page.goto(`/superset/dashboard/${dashboardId}/?dashboard_batching=0`);
  await waitRendered(page, chartIds, 60_000);
  expect(seen.websockets).toEqual([]);
  expect(seen.polledEvents.filter((e) => e.status === 'done').map((e) => e.job_id)).toEqual(
    expect.arrayContaining(seen.jobs),
  );
  expectJobsFor(seen, chartIds);
});

test('explore draws a chart from its job, and SQL Lab runs a query, with async queries on', async ({
  page,
}) => {
  await logIn(page);
  const { chartIds } = await dashboardOfNewCharts(page);
  const seen = watch(page);
  await page.goto(`/explore/?slice_id=${chartIds[1]}`);
  const frame = page.locator('.vitrina-chart-frame');
  await expect(frame).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  await expect(frame.locator('canvas').first()).toBeVisible();
  expect(seen.chartDataStatuses).toContain(202);
  expect(seen.websocketEvents.map((e) => e.job_id)).toEqual(expect.arrayContaining(seen.jobs));

  // SQL Lab has its own way of running queries; the flag leaves it as it is.
  await page.goto('/sqllab/');
  await expect(page.getByTestId('sqllab')).toBeVisible();
  await expect(page.getByLabel('Database').locator('..')).toContainText('examples');
  const editor = page.locator('.sqllab-editor .cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill('SELECT region, COUNT(*) AS total FROM sales GROUP BY region ORDER BY region');
  await page.getByRole('button', { name: /Run( selection)?$/ }).click();
  await expect(
    page.locator('.sqllab-results-grid').getByRole('columnheader', { name: 'total' }),
  ).toBeVisible();
  await expect(page.getByTestId('sqllab-row-count')).toContainText('rows returned');
});
