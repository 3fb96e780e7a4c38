import type { Page } from '@playwright/test';
import {
  dashboardChart as chart,
  chooseRegion,
  createDashboard,
  createDashboardChart,
  putDashboardMetadata,
  regionFilter,
  waitRendered,
} from './dashboardApi.ts';
import { exampleDatasetId, expect, logIn, test, uniqueName } from './fixtures.ts';

/**
 * Cross-filters, filter sets and permalinks on dashboards the journeys make themselves from the
 * example sales dataset: a bar click filters the other chart, a saved filter set is applied again,
 * and a permalink opened in a fresh browser shows the same selection.
 */

test.describe.configure({ timeout: 180_000 });

/** Revenue by region as a table: one row per region. */
function regionTable(page: Page, datasetId: number, dashboardId: number, name: string) {
  const params = { query_mode: 'aggregate', groupby: ['region'], metrics: ['revenue'] };
  return createDashboardChart(page, { datasetId, dashboardId, name, vizType: 'table', params });
}

const tableRows = (page: Page, id: number) => chart(page, id).locator('tbody tr:not([aria-hidden])');

/** The number of regions the unfiltered table shows, once its rows are drawn. */
async function allRegions(page: Page, tableId: number): Promise<number> {
  let count = 0;
  await expect
    .poll(
      async () => {
        count = await tableRows(page, tableId).count();
        return count;
      },
      { message: 'the rows of the unfiltered table', timeout: 30_000 },
    )
    .toBeGreaterThan(1);
  return count;
}

test('clicking a bar cross-filters the other chart, and clearing it brings the rows back', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const dashboardId = await createDashboard(page, uniqueName('Cross-filter'));
  const barId = await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: 'Revenue by region bars',
    vizType: 'echarts_timeseries_bar',
    params: { x_axis: 'region', metrics: ['revenue'], groupby: [] },
  });
  const tableId = await regionTable(page, datasetId, dashboardId, 'Revenue by region table');
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, [barId, tableId]);
  const regions = await allRegions(page, tableId);

  // Click along the bottom of the plot until a bar is hit; the click on empty space does nothing.
  const canvas = chart(page, barId).getByTestId('echarts-container');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the bar chart is not drawn');
  const chips = page.getByTestId('cross-filter-chip');
  for (let x = 0.1; x < 0.98 && (await chips.count()) === 0; x += 0.04) {
    await canvas.click({ position: { x: box.width * x, y: box.height * 0.85 } });
    await page.waitForTimeout(150);
  }
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toContainText('region:');
  await expect(chips.first()).toContainText('Revenue by region bars');

  // The table is in the bar chart's scope: it shows only the clicked region.
  await expect(tableRows(page, tableId)).toHaveCount(1, { timeout: 30_000 });
  const region = (await chips.first().locator('strong').textContent()) ?? '';
  await expect(tableRows(page, tableId).first()).toContainText(region);

  await chips
    .first()
    .getByRole('button', { name: /Remove the cross-filter/ })
    .click();
  await expect(chips).toHaveCount(0);
  await expect(tableRows(page, tableId)).toHaveCount(regions, { timeout: 30_000 });
});

test('clicking a funnel step cross-filters the other chart on its region', async ({ adminPage: page }) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const dashboardId = await createDashboard(page, uniqueName('Funnel cross-filter'));
  const funnelId = await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: 'Revenue funnel',
    vizType: 'funnel',
    params: { groupby: ['region'], metric: 'revenue' },
  });
  const tableId = await regionTable(page, datasetId, dashboardId, 'Regions beside the funnel');
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, [funnelId, tableId]);
  await allRegions(page, tableId);

  // Steps are centred: click down the middle until one is hit.
  const canvas = chart(page, funnelId).getByTestId('echarts-container');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the funnel is not drawn');
  const chips = page.getByTestId('cross-filter-chip');
  for (let y = 0.15; y < 0.95 && (await chips.count()) === 0; y += 0.1) {
    await canvas.click({ position: { x: box.width * 0.5, y: box.height * y } });
    await page.waitForTimeout(150);
  }
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toContainText('region:');
  const region = (await chips.first().locator('strong').textContent()) ?? '';
  await expect(tableRows(page, tableId)).toHaveCount(1, { timeout: 30_000 });
  await expect(tableRows(page, tableId).first()).toContainText(region);
});

test('a saved filter set is applied again, renamed, made primary and deleted', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const dashboardId = await createDashboard(page, uniqueName('Filter sets'));
  const tableId = await regionTable(page, datasetId, dashboardId, 'Regions');
  await putDashboardMetadata(page, dashboardId, { native_filter_configuration: [regionFilter(datasetId)] });
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, [tableId]);
  const regions = await allRegions(page, tableId);

  await chooseRegion(page, 'North America');
  await expect(tableRows(page, tableId)).toHaveCount(1, { timeout: 30_000 });

  const sets = page.getByTestId('filter-sets');
  await sets.getByRole('textbox', { name: 'Filter set name' }).fill('North America only');
  await sets.getByRole('button', { name: 'Save' }).click();
  const saved = sets.getByTestId('filter-set');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('North America only');
  await expect(saved).toContainText('Applied');

  // Cleared, the table shows every region; the set brings the selection back.
  await page.locator('[data-test="filter-bar"]').getByRole('button', { name: 'Clear all' }).click();
  await expect(tableRows(page, tableId)).toHaveCount(regions, { timeout: 30_000 });
  await expect(saved).not.toContainText('Applied');
  await saved.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(tableRows(page, tableId)).toHaveCount(1, { timeout: 30_000 });
  await expect(tableRows(page, tableId).first()).toContainText('North America');
  await expect(saved).toContainText('Applied');

  // Each change reloads the list from the server.
  await saved.getByRole('button', { name: 'Rename' }).click();
  await saved.getByRole('textbox', { name: 'New name' }).fill('NA');
  await saved.getByRole('button', { name: 'Save the name' }).click();
  await expect(saved.getByText('NA', { exact: true })).toBeVisible();
  await saved.getByRole('button', { name: 'Make primary' }).click();
  await expect(saved).toContainText('Primary');
  await page.reload();
  await expect(page.getByTestId('filter-set')).toContainText('NA', { timeout: 45_000 });
  await expect(page.getByTestId('filter-set')).toContainText('Primary');
  await page.getByTestId('filter-set').getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('filter-set')).toHaveCount(0);
});

test('a permalink opened in a fresh browser shows the same selection', async ({
  adminPage: page,
  browser,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const dashboardId = await createDashboard(page, uniqueName('Permalink'));
  const tableId = await regionTable(page, datasetId, dashboardId, 'Regions');
  await putDashboardMetadata(page, dashboardId, { native_filter_configuration: [regionFilter(datasetId)] });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, [tableId]);
  await chooseRegion(page, 'North America');
  await expect(tableRows(page, tableId)).toHaveCount(1, { timeout: 30_000 });

  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/permalink$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'More dashboard actions' }).click();
  const copyLink = page.getByRole('menuitem', { name: 'Copy link' });
  await expect(async () => {
    await page.getByRole('menuitem', { name: /^Share\b/ }).hover();
    await expect(copyLink).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await copyLink.dispatchEvent('click');
  const answer = await created;
  expect(answer.status()).toBe(201);
  const { url } = (await answer.json()) as { url: string };
  expect(url).toMatch(/\/superset\/dashboard\/p\/[^/]+\/$/);
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const errors: string[] = [];
  other.on('pageerror', (error) => errors.push(error.message));
  await logIn(other);
  await other.goto(new URL(url).pathname);
  await expect(other).toHaveURL(new RegExp(`/superset/dashboard/${dashboardId}/\\?.*permalink_key=`), {
    timeout: 45_000,
  });
  await expect(tableRows(other, tableId)).toHaveCount(1, { timeout: 45_000 });
  await expect(tableRows(other, tableId).first()).toContainText('North America');
  await expect(other.locator('[data-test="filter-bar"]')).toContainText('North America');
  expect(errors, 'errors thrown in the page').toEqual([]);
  await fresh.close();
});
