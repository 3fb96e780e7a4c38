import type { Locator, Page } from '@playwright/test';
import { createDashboard } from './dashboardApi.ts';
import { choose } from './explorePage.ts';
import { csrfToken, exampleDatasetId, expect, test, uniqueName } from './fixtures.ts';

/**
 * Tags: an admin tags a dashboard and a chart from their properties, sees the tags in the lists (four,
 * then '+N'; long names cut with '…'), filters the chart list by a tag, follows a tag to the page of
 * everything carrying it and opens an object from there.
 */

// The first start builds the example data in the background, which slows the server down meanwhile.
test.describe.configure({ timeout: 240_000 });

/** A table chart of the example sales, saved as earlier work would be; answers its id. */
async function createChart(page: Page, name: string): Promise<number> {
  const datasetId = await exampleDatasetId(page, 'sales');
  const created = await page.request.post('/api/v1/chart/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      slice_name: name,
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        datasource: `${datasetId}__table`,
        viz_type: 'table',
        query_mode: 'aggregate',
        groupby: ['region'],
        metrics: ['revenue'],
        row_limit: 100,
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Types each name into a tag picker and confirms it: an existing tag is chosen, a new one made. */
async function pickTags(dialog: Locator, names: string[]): Promise<void> {
  const picker = dialog.getByRole('combobox', { name: 'Tags' });
  for (const name of names) {
    await picker.click();
    await picker.fill(name);
    await picker.press('Enter');
    await expect(dialog.getByTitle(name, { exact: true })).toBeVisible();
  }
}

async function search(page: Page, placeholder: string, text: string): Promise<void> {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(text);
  await box.press('Enter');
}

test('an admin tags a dashboard and a chart, filters by a tag and opens its objects', async ({
  adminPage: page,
}) => {
  const prefix = uniqueName('tg');
  const shared = `${prefix}_a`;
  const others = [`${prefix}_b`, `${prefix}_c`, `${prefix}_d`];
  const long = `${prefix}_z_quarterly_revenue`;
  const dashboardTitle = uniqueName('Tagged board');
  const chartName = uniqueName('Tagged chart');
  const untaggedName = `${chartName} untagged`;
  await createDashboard(page, dashboardTitle);
  const chartId = await createChart(page, chartName);
  await createChart(page, untaggedName);

  // The dashboard's properties, from the dashboards list: one new tag.
  await page.goto('/dashboard/list/');
  await search(page, 'Search by title', dashboardTitle);
  await page.getByRole('button', { name: `Edit the properties of ${dashboardTitle}` }).click();
  const dashboardDialog = page.getByRole('dialog', { name: 'Dashboard properties' });
  await pickTags(dashboardDialog, [shared]);
  await dashboardDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This dashboard was saved successfully.')).toBeVisible();
  await expect(dashboardDialog).toBeHidden();
  const dashboardRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: dashboardTitle, exact: true }) });
  await expect(dashboardRow.getByRole('link', { name: shared })).toBeVisible();

  // The chart's properties, in explore: the same tag and four more, one of them with a long name.
  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(page.getByRole('heading', { name: chartName })).toBeVisible();
  await page.getByRole('button', { name: 'More chart actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit chart properties' }).click();
  const chartDialog = page.getByRole('dialog', { name: 'Edit chart properties' });
  await pickTags(chartDialog, [shared, ...others, long]);
  await chartDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Chart [${chartName}] properties were saved`)).toBeVisible();
  await expect(chartDialog).toBeHidden();

  // The charts list shows four tags and '+1'; the long name is cut, the rest behind '+1'.
  await page.goto('/chart/list/');
  await search(page, 'Search by name', chartName);
  const chartRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: chartName, exact: true }) });
  await expect(page.getByRole('link', { name: untaggedName })).toBeVisible();
  for (const name of [shared, ...others]) await expect(chartRow.getByRole('link', { name })).toBeVisible();
  await expect(chartRow.getByRole('link', { name: long })).toHaveCount(0);
  await chartRow.getByRole('button', { name: 'Show all tags (+1)' }).click();
  const hidden = page.getByRole('link', { name: long });
  await expect(hidden).toBeVisible();
  await expect(hidden).toHaveText(`${long.slice(0, 20)}…`);
  await page.keyboard.press('Escape');

  // Filtering by the shared tag leaves the tagged chart and drops the other one.
  await choose(page, page.locator('body'), 'Tag', shared, new RegExp(`^${shared}$`));
  await expect(page.getByRole('link', { name: untaggedName })).toHaveCount(0);
  await expect(chartRow).toBeVisible();

  // The tag leads to every object carrying it; the dashboard opens from there.
  await chartRow.getByRole('link', { name: shared }).click();
  await expect(page).toHaveURL(/\/superset\/all_entities\/?\?id=\d+/);
  await expect(page.getByRole('heading', { name: `Tag: ${shared}` })).toBeVisible();
  const dashboards = page.getByRole('region', { name: 'Dashboards' });
  const charts = page.getByRole('region', { name: 'Charts' });
  await expect(charts.getByRole('link', { name: chartName, exact: true })).toBeVisible();
  await expect(charts.getByRole('link', { name: untaggedName })).toHaveCount(0);
  await dashboards.getByRole('link', { name: dashboardTitle }).click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/?/);
  await expect(page.getByRole('heading', { name: dashboardTitle })).toBeVisible();
});
