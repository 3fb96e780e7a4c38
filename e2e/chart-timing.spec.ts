import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Where a chart's time went: on the example sales dashboard a chart's menu opens its Timing view (the
 * server's database time and cache verdict, the browser's round trip and drawing), and explore's chart
 * menu opens the same view for the chart opened there.
 */

// The first journey after a fresh start waits for the examples, and the page for their first queries.
test.describe.configure({ timeout: 180_000 });
const PAGE_LOAD = { timeout: 45_000 };
const MS = /^\d+(\.\d)? ms$/;

async function exampleDashboardReady(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.request.get('/api/v1/dashboard/sales')).ok(), {
      message: 'the example sales dashboard',
      timeout: 90_000,
    })
    .toBe(true);
}

/** The Timing dialog's server rows and its render time, once the chart has drawn. */
async function expectTimings(dialog: Locator): Promise<void> {
  await expect(dialog.getByText('Database', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('timing-database').first()).toHaveText(MS);
  await expect(dialog.getByText('Cache', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByTestId('timing-cache').first()).toHaveText(/^(Hit|Miss)$/);
  await expect(dialog.getByTestId('timing-serialisation').first()).toHaveText(MS);
  await expect(dialog.getByTestId('timing-roundTrip')).toHaveText(MS);
  await expect(dialog.getByTestId('timing-render')).toHaveText(MS);
}

test("a chart's Timing view on a dashboard and in explore shows where its time went", async ({
  adminPage: page,
}) => {
  await exampleDashboardReady(page);
  await page.goto('/superset/dashboard/sales/');
  const chart = page.locator('.dashboard-chart[data-chart-status="rendered"]').first();
  await expect(chart).toBeVisible(PAGE_LOAD);
  const chartId = await chart.getAttribute('data-chart-id');
  expect(chartId).toMatch(/^\d+$/);

  await chart.getByRole('button', { name: 'More chart actions' }).click();
  await page.getByRole('menuitem', { name: 'Timing', exact: true }).click();
  const dashboardDialog = page.getByRole('dialog');
  await expect(dashboardDialog.getByText(/^Timing: /)).toBeVisible();
  await expectTimings(dashboardDialog);
  await dashboardDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dashboardDialog).toBeHidden();

  // The same chart in explore: its own answer, its own timing.
  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(page.locator('.vitrina-chart-frame')).toHaveAttribute('data-chart-status', 'success', {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'More chart actions' }).click();
  await page.getByRole('menuitem', { name: 'Timing' }).click();
  const exploreDialog = page.getByRole('dialog');
  await expectTimings(exploreDialog);
  await exploreDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(exploreDialog).toBeHidden();
});
