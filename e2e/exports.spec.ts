import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { createDashboard, createDashboardChart } from './dashboardApi.ts';
import { ADMIN, createUser, csrfToken, expect, logIn, openSubmenu, test, uniqueName } from './fixtures.ts';

/**
 * The chart menus' extra CSV exports (B §6): a pivot table's "Export to pivoted .CSV" on a dashboard, a
 * table's "Export to full .CSV" in Explore, past the chart's row limit, and a user without can_csv who
 * sees neither. The journeys make their own dataset, charts and dashboard through the API.
 */

test.describe.configure({ timeout: 180_000 });
const PAGE_LOAD = { timeout: 45_000 };

/** Eight rows: two regions, two years, two products. */
const SALES_SQL = [
  ['North', 2023, 'A', 10],
  ['North', 2023, 'B', 20],
  ['North', 2024, 'A', 30],
  ['North', 2024, 'B', 40],
  ['South', 2023, 'A', 1],
  ['South', 2023, 'B', 2],
  ['South', 2024, 'A', 3],
  ['South', 2024, 'B', 4],
]
  .map(
    ([region, year, product, revenue]) =>
      `SELECT '${region}' AS region, ${year} AS year, '${product}' AS product, ${revenue} AS revenue`,
  )
  .join(' UNION ALL ');

const REVENUE = { expressionType: 'SQL', sqlExpression: 'SUM(revenue)', label: 'revenue' };
const TABLE_ROW_LIMIT = 3;

async function examplesDatabaseId(page: Page): Promise<number> {
  const q = encodeURIComponent('(filters:!((col:database_name,opr:eq,value:examples)))');
  let id: number | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/v1/database/?q=${q}`);
    const { result } = (await response.json()) as { result: Array<{ id: number }> };
    expect(result, 'the examples database').toHaveLength(1);
    id = result[0]!.id;
  }).toPass({ timeout: 90_000 });
  return id as number;
}

interface Setup {
  dashboardId: number;
  pivotId: number;
  tableId: number;
}

/** A virtual dataset of eight rows, a pivot table and a raw table of it, on a new published dashboard. */
async function setUp(page: Page): Promise<Setup> {
  const created = await page.request.post('/api/v1/dataset/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      database: await examplesDatabaseId(page),
      schema: 'main',
      table_name: uniqueName('export_sales'),
      sql: SALES_SQL,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const datasetId = ((await created.json()) as { id: number }).id;
  const dashboardId = await createDashboard(page, uniqueName('Exports'));
  const pivotId = await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: uniqueName('Revenue pivot'),
    vizType: 'pivot_table_v2',
    params: { groupbyRows: ['region'], groupbyColumns: ['year'], metrics: [REVENUE], row_limit: 100 },
  });
  const tableId = await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: uniqueName('Sales rows'),
    vizType: 'table',
    params: {
      query_mode: 'raw',
      all_columns: ['region', 'year', 'product', 'revenue'],
      row_limit: TABLE_ROW_LIMIT,
    },
  });
  // Published, so users who own none of it may open it.
  const published = await page.request.put(`/api/v1/dashboard/${dashboardId}`, {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: { published: true },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return { dashboardId, pivotId, tableId };
}

/** The downloaded CSV's lines, without a byte order mark. */
async function csvLines(download: Download): Promise<string[]> {
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
}

const dashboardChart = (page: Page, id: number) => page.locator(`.dashboard-chart[data-chart-id="${id}"]`);

async function openDashboardChartDownloads(page: Page, chartId: number, item: string) {
  const chart = dashboardChart(page, chartId);
  await expect(chart).toHaveAttribute('data-chart-status', 'rendered', PAGE_LOAD);
  await chart.getByRole('button', { name: 'More chart actions' }).click();
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  await openSubmenu(page.getByRole('menuitem', { name: 'Download', exact: true }), entry);
  return entry;
}

test('a pivot table exports its pivot and a table exports all its rows past the row limit', async ({
  adminPage: page,
}) => {
  const { dashboardId, pivotId, tableId } = await setUp(page);

  // On the dashboard: the pivot table's pivoted CSV has a row per region and a column per year.
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  const pivotItem = await openDashboardChartDownloads(page, pivotId, 'Export to pivoted .CSV');
  const pivotDownload = page.waitForEvent('download');
  await pivotItem.dispatchEvent('click');
  const pivot = await csvLines(await pivotDownload);
  expect(pivot[0]).toMatch(/^region,/);
  expect(pivot[0]).toMatch(/2023/);
  expect(pivot[0]).toMatch(/2024/);
  expect(pivot).toHaveLength(3);
  const north = pivot.find((line) => line.startsWith('North,'));
  expect(north?.split(',').slice(1).map(Number)).toEqual([30, 70]);
  // The table has no pivoted export on the dashboard; the pivot table has no full one.
  await page.keyboard.press('Escape');

  // In Explore: the table draws its row limit, the full CSV holds every row.
  await page.goto(`/explore/?slice_id=${tableId}`);
  const frame = page.locator('.vitrina-chart-frame');
  await expect(frame).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  await page.getByRole('button', { name: 'More chart actions' }).click();
  const fullItem = page.getByRole('menuitem', { name: 'Export to full .CSV' });
  await openSubmenu(page.getByRole('menuitem', { name: /^download Download/ }), fullItem);
  await expect(page.getByRole('menuitem', { name: 'Export to pivoted .CSV' })).toHaveCount(0);
  const fullDownload = page.waitForEvent('download');
  await fullItem.dispatchEvent('click');
  const full = await csvLines(await fullDownload);
  expect(full[0]).toBe('region,year,product,revenue');
  expect(full.length - 1).toBeGreaterThan(TABLE_ROW_LIMIT);
  expect(full.length - 1).toBe(8);
  expect(full).toContain('South,2024,B,4');
});

/** A role as Gamma's but without can_csv, with access to all data; answers its name. */
async function roleWithoutCsv(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/security/login', {
    data: { ...ADMIN, provider: 'db', refresh: false },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const roles = (await (
    await request.get('/api/v1/security/roles/?q=(page_size:100)', { headers })
  ).json()) as {
    result: Array<{ id: number; name: string }>;
  };
  const gamma = roles.result.find((role) => role.name === 'Gamma');
  expect(gamma, 'the Gamma role').toBeDefined();
  const gammaPairs = (
    (await (await request.get(`/api/v1/security/roles/${gamma?.id}/permissions/`, { headers })).json()) as {
      result: Array<{ id: number; permission_name: string; view_menu_name: string }>;
    }
  ).result;
  const allPairs = (
    (await (
      await request.get('/api/v1/security/permissions-resources/?q=(page_size:1000)', { headers })
    ).json()) as { result: Array<{ id: number; permission: { name: string }; view_menu: { name: string } }> }
  ).result;
  const allData = allPairs.find(
    (pair) =>
      pair.permission.name === 'all_datasource_access' && pair.view_menu.name === 'all_datasource_access',
  );
  expect(allData, 'all_datasource_access').toBeDefined();
  const name = uniqueName('e2e_no_csv');
  const created = await request.post('/api/v1/security/roles/', { headers, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const roleId = ((await created.json()) as { id: number }).id;
  const ids = [
    ...gammaPairs.filter((pair) => pair.permission_name !== 'can_csv').map((pair) => pair.id),
    allData?.id as number,
  ];
  const set = await request.post(`/api/v1/security/roles/${roleId}/permissions`, {
    headers,
    data: { permission_view_menu_ids: ids },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return name;
}

test('a user without can_csv sees no CSV exports in the chart menus', async ({
  adminPage: page,
  browser,
}) => {
  const { dashboardId, pivotId, tableId } = await setUp(page);
  const role = await roleWithoutCsv(page.request);
  const viewer = await createUser(page.request, {
    role,
    firstName: 'Nora',
    lastName: 'Nocsv',
    prefix: 'e2e_nocsv',
  });
  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  await logIn(viewerPage, viewer);

  // On the dashboard, the pivot table's Download submenu keeps only the image.
  await viewerPage.goto(`/superset/dashboard/${dashboardId}/`);
  await openDashboardChartDownloads(viewerPage, pivotId, 'Download as image');
  for (const item of ['Export to .CSV', 'Export to pivoted .CSV', 'Export to full .CSV']) {
    await expect(viewerPage.getByRole('menuitem', { name: item, exact: true })).toHaveCount(0);
  }

  // In Explore, the table's menu has no CSV either.
  await viewerPage.goto(`/explore/?slice_id=${tableId}`);
  await expect(viewerPage.locator('.vitrina-chart-frame')).toHaveAttribute('data-chart-status', 'success', {
    timeout: 60_000,
  });
  await viewerPage.getByRole('button', { name: 'More chart actions' }).click();
  const imageItem = viewerPage.getByRole('menuitem', { name: 'Download as image' });
  await openSubmenu(viewerPage.getByRole('menuitem', { name: /^download Download/ }), imageItem);
  for (const item of ['Export to .CSV', 'Export to pivoted .CSV', 'Export to full .CSV']) {
    await expect(viewerPage.getByRole('menuitem', { name: item, exact: true })).toHaveCount(0);
  }
  await context.close();
});
