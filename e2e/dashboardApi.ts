import type { Page } from '@playwright/test';
import { csrfToken, expect } from './fixtures.ts';

/** Dashboards and charts a journey makes for itself through the API, as a script would. */

/** A new empty dashboard, as the dashboards list's "+ Dashboard" would make it; answers its id. */
export async function createDashboard(page: Page, title: string): Promise<number> {
  const response = await page.request.post('/api/v1/dashboard/', {
    data: { dashboard_title: title },
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

export interface DashboardChart {
  datasetId: number;
  dashboardId: number;
  name: string;
  vizType: string;
  params: Record<string, unknown>;
}

/** A chart of a dataset saved onto a dashboard; answers its id. */
export async function createDashboardChart(
  page: Page,
  { datasetId, dashboardId, name, vizType, params }: DashboardChart,
): Promise<number> {
  const response = await page.request.post('/api/v1/chart/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      slice_name: name,
      viz_type: vizType,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: vizType, ...params }),
      dashboards: [dashboardId],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Replaces a dashboard's json_metadata (native filters, cross-filter scoping, orientation…). */
export async function putDashboardMetadata(
  page: Page,
  dashboardId: number,
  metadata: Record<string, unknown>,
): Promise<void> {
  const response = await page.request.put(`/api/v1/dashboard/${dashboardId}`, {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: { json_metadata: JSON.stringify(metadata) },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A chart's frame on a dashboard page. */
export const dashboardChart = (page: Page, id: number) =>
  page.locator(`.dashboard-chart[data-chart-id="${id}"]`);

/** Waits until every chart in `ids` has drawn on the open dashboard. */
export async function waitRendered(page: Page, ids: number[], timeout = 45_000): Promise<void> {
  for (const id of ids) {
    await expect(dashboardChart(page, id)).toHaveAttribute('data-chart-status', 'rendered', { timeout });
  }
}

/** A native select filter on the example sales dataset's region column, as the filter modal saves it. */
export function regionFilter(datasetId: number) {
  return {
    id: 'NATIVE_FILTER-region',
    type: 'NATIVE_FILTER',
    name: 'Region',
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: 'region' } }],
    controlValues: { multiSelect: true },
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    description: '',
  };
}

/** Chooses `region` in the filter bar's Region filter and applies it. */
export async function chooseRegion(page: Page, region: string): Promise<void> {
  const bar = page.locator('[data-test="filter-bar"]');
  await bar.getByRole('combobox', { name: 'Region' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(region, { exact: true }).first().click();
  await page.keyboard.press('Escape');
  await bar.getByRole('button', { name: 'Apply filters' }).click();
}
