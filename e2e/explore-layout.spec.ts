import type { Page } from '@playwright/test';
import { csrfToken, exampleDatasetId, expect, test, uniqueName } from './fixtures.ts';

/**
 * Explore's layout and chart type switches: the controls scroll on their own while the chart stays in
 * view, and a table's dimensions become the pivot table's rows.
 */

test.describe.configure({ timeout: 120_000 });

async function createRegionTable(page: Page): Promise<number> {
  const datasetId = await exampleDatasetId(page, 'sales');
  const response = await page.request.post('/api/v1/chart/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      slice_name: uniqueName('Revenue by region'),
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        datasource: `${datasetId}__table`,
        viz_type: 'table',
        query_mode: 'aggregate',
        groupby: ['region'],
        metrics: ['revenue'],
      }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const chartFrame = (page: Page) => page.locator('.vitrina-chart-frame');

test('the chart stays in view while the controls further down are scrolled to', async ({
  adminPage: page,
}) => {
  const chartId = await createRegionTable(page);
  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });

  // Scroll down the controls with the wheel, as a person reaching the last controls would.
  const controls = page.locator('[aria-label="Chart settings"]').first();
  await controls.hover();
  for (let step = 0; step < 10; step++) await page.mouse.wheel(0, 600);
  await expect.poll(() => controls.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);

  // The page itself did not move: the chart is still on screen, at the top of its pane.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await chartFrame(page).boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? 0) + 40).toBeLessThan(viewport?.height ?? 0);
});

test('switching a table to a pivot table keeps its dimension as the rows', async ({ adminPage: page }) => {
  const chartId = await createRegionTable(page);
  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });

  await page.getByRole('button', { name: /^Chart type: / }).click();
  const gallery = page.getByRole('dialog', { name: 'Change chart type' });
  await gallery.getByRole('textbox', { name: 'Search all charts' }).fill('pivot');
  await gallery.getByRole('option', { name: 'Pivot Table' }).click();
  await gallery.getByRole('button', { name: 'Select' }).click();
  await expect(page.getByRole('button', { name: 'Chart type: Pivot Table. Change it' })).toBeVisible();

  const rows = page.getByRole('group', { name: 'Rows', exact: true });
  await expect(rows.getByTestId('explore-option')).toHaveCount(1);
  await expect(rows.getByTestId('explore-option')).toContainText(/region|Region/);
  await expect(
    page.getByRole('group', { name: 'Metrics', exact: true }).getByTestId('explore-option'),
  ).toHaveCount(1);
});
