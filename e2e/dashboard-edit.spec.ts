import type { Locator, Page } from '@playwright/test';
import { createDashboard } from './dashboardApi.ts';
import { expect, test, uniqueName } from './fixtures.ts';

/**
 * The server makes the examples after its first start; this journey may be the first to run, so it
 * waits for the example sales dashboard (made after its charts) before it looks for them.
 */
async function waitForExamples(page: Page) {
  await expect
    .poll(async () => (await page.request.get('/api/v1/dashboard/sales')).ok(), {
      message: 'the example sales dashboard',
      timeout: 90_000,
    })
    .toBe(true);
}

const zone = (page: Page, parent: string) => page.locator(`[data-test="drop-zone"][data-parent-id${parent}]`);

/**
 * The drop zone is scrolled into view before the drag starts: scrolling while the mouse button is down
 * leaves the browser's drag over whatever the old scroll position put under the pointer.
 */
async function dropOn(source: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await source.dragTo(target);
}

async function dragChartIn(page: Page, name: string, target: Locator) {
  const palette = page.locator('[data-test="dashboard-palette"]');
  await palette.getByRole('searchbox', { name: 'Filter your charts' }).fill(name);
  const card = palette.locator('[data-test="palette-chart"]', { hasText: name });
  await expect(card).toHaveCount(1);
  await dropOn(card, target);
}

async function dragElementIn(page: Page, name: string, target: Locator) {
  const element = page
    .locator('[data-test="dashboard-palette"]')
    .locator('[data-test="palette-element"]', { hasText: name });
  await dropOn(element, target);
}

function chartWidthStyle(chart: Locator) {
  return chart.evaluate((element) => (element.closest('.dashboard-child') as HTMLElement).style.width);
}

test('an author builds a dashboard in edit mode: charts, header, markdown and tabs, a resize, undo and redo', async ({
  adminPage: page,
}) => {
  test.slow();
  page.context().setDefaultTimeout(20_000);
  await waitForExamples(page);
  const title = uniqueName('Edited dashboard');
  const id = await createDashboard(page, title);
  await page.goto(`/superset/dashboard/${id}/?edit=true`);
  await expect(page.locator('[data-test="dashboard-palette"]')).toBeVisible();
  await expect(page.locator('[data-test="dashboard-canvas"]')).toBeVisible();

  // Two example charts: the first gets a row of its own, the second joins that row.
  await dragChartIn(page, 'Total revenue', zone(page, '="GRID_ID"').last());
  const charts = page.locator('[data-test="chart-container"]');
  await expect(charts).toHaveCount(1);
  await dragChartIn(page, 'Monthly revenue trend', zone(page, '^="ROW-"').last());
  await expect(charts).toHaveCount(2);
  await expect(page.locator('[data-test="dashboard-row"]')).toHaveCount(1);
  await expect(charts.first()).toHaveAttribute('data-chart-status', 'rendered', { timeout: 30_000 });
  await expect(charts.nth(1)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 30_000 });
  // Charts on the dashboard are marked in the palette and cannot be added twice.
  await page.locator('[data-test="dashboard-palette"]').getByRole('searchbox').fill('Total revenue');
  await expect(page.locator('[data-test="palette-chart"]', { hasText: 'Total revenue' })).toContainText(
    'Added',
  );

  // Layout elements: a header, markdown and tabs at the end of the grid.
  await page.locator('[data-test="dashboard-palette"]').getByRole('tab', { name: 'Layout elements' }).click();
  await dragElementIn(page, 'Header', zone(page, '="GRID_ID"').last());
  await expect(page.locator('[data-test="dashboard-header-component"]')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Header text' }).fill('Revenue at a glance');
  await page.getByRole('textbox', { name: 'Header text' }).press('Enter');

  await dragElementIn(page, 'Text / Markdown', zone(page, '="GRID_ID"').last());
  await expect(page.locator('[data-test="dashboard-markdown"]')).toHaveCount(1);
  await expect(
    page.locator('[data-test="dashboard-markdown"]').getByRole('heading', { name: 'Markdown' }),
  ).toBeVisible();

  await dragElementIn(page, 'Tabs', zone(page, '="GRID_ID"').last());
  await expect(page.locator('[data-test="dashboard-tabs"]')).toHaveCount(1);
  await expect(
    page.locator('[data-test="dashboard-tabs"]').locator('[data-test="dashboard-tab-title"]'),
  ).toHaveText(['New tab']);

  // Resize the first chart two columns wider with its corner handle.
  const first = charts.first();
  const before = await chartWidthStyle(first);
  const handle = page
    .locator('[data-test="editable-component"][data-layout-type="CHART"]')
    .first()
    .locator('[data-test="resize-handle"]');
  await first.hover();
  const box = await handle.boundingBox();
  if (!box) throw new Error('no resize handle');
  const columnPitch = ((await first.boundingBox())?.width ?? 0) / 4;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + columnPitch, box.y + 20, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + columnPitch * 2, box.y + 40, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => chartWidthStyle(first)).not.toBe(before);
  const resized = await chartWidthStyle(first);

  // Undo and redo from the keyboard.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => chartWidthStyle(first)).toBe(before);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => chartWidthStyle(first)).toBe(resized);

  // Saving is the header's Save button; the saved layout holds everything built here.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit dashboard' })).toBeVisible();
  const saved = await page.request.get(`/api/v1/dashboard/${id}`);
  const positionJson = ((await saved.json()) as { result: { position_json: string } }).result.position_json;
  const layout = JSON.parse(positionJson) as Record<
    string,
    { type?: string; meta?: Record<string, unknown> }
  >;
  const nodes = Object.values(layout).filter((node) => typeof node === 'object');
  expect(nodes.filter((node) => node.type === 'CHART')).toHaveLength(2);
  expect(nodes.some((node) => node.type === 'HEADER' && node.meta?.text === 'Revenue at a glance')).toBe(
    true,
  );
  expect(nodes.some((node) => node.type === 'MARKDOWN')).toBe(true);
  expect(nodes.some((node) => node.type === 'TABS')).toBe(true);
  expect(nodes.some((node) => node.type === 'CHART' && node.meta?.width === 6)).toBe(true);
  // Saved without a Russian title: it gets the Russian placeholder.
  expect(((await saved.json()) as { result: { dashboard_title_ru: string } }).result.dashboard_title_ru).toBe(
    '[ Безымянный Дашборд ]',
  );

  // Publish and star it; after a reload it is as saved, published and starred.
  await page.getByRole('button', { name: 'Draft' }).click();
  await expect(page.getByText('This dashboard is now published')).toBeVisible();
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Published' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  await expect(charts).toHaveCount(2);
  await expect(page.locator('[data-test="dashboard-header-component"]')).toContainText('Revenue at a glance');
  await expect(page.locator('[data-test="dashboard-markdown"]')).toHaveCount(1);
  await expect(page.locator('[data-test="dashboard-tabs"]')).toHaveCount(1);
  expect(await chartWidthStyle(charts.first())).toBe(resized);
});

test('a dashboard that does not exist says so', async ({ adminPage: page }) => {
  await page.goto('/superset/dashboard/no-such-dashboard-slug/');
  await expect(
    page.getByText('There is no dashboard “no-such-dashboard-slug”, or it was deleted.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'All dashboards' })).toBeVisible();
});
