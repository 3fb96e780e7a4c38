import type { Page } from '@playwright/test';
import { expect, navigateThroughMenu, test } from './fixtures.ts';

/**
 * The action log: an administrator opens a dashboard (the browser logs mount_dashboard and each
 * chart's load_chart through the event beacon), then Settings → Action Log, finds that opening by
 * filtering on the dashboard and the event's name, and sees the dashboard among the slowest ones.
 */

// The first journey after a fresh start waits for the examples, and the page for their first queries.
test.describe.configure({ timeout: 180_000 });

async function salesDashboard(page: Page): Promise<{ id: number; title: string }> {
  let dashboard = { id: 0, title: '' };
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/v1/dashboard/sales');
        if (!response.ok()) return false;
        const { result } = (await response.json()) as { result: { id: number; dashboard_title: string } };
        dashboard = { id: result.id, title: result.dashboard_title };
        return true;
      },
      { message: 'the example sales dashboard', timeout: 90_000 },
    )
    .toBe(true);
  return dashboard;
}

test('an admin finds the opening of a dashboard in the action log and among the slowest dashboards', async ({
  adminPage: page,
}) => {
  const dashboard = await salesDashboard(page);
  await page.goto(`/superset/dashboard/${dashboard.id}/`);
  const charts = page.locator('[data-test="chart-container"]');
  await expect(charts.first()).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('[data-test="chart-container"][data-chart-status="loading"]')).toHaveCount(0, {
    timeout: 45_000,
  });

  // The beacon leaves a second after the events and the server writes a second later: wait until the
  // opening is stored rather than sleeping.
  const q = encodeURIComponent(
    `(filters:!((col:dashboard_id,opr:eq,value:${dashboard.id}),(col:json,opr:ct,value:mount_dashboard)))`,
  );
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/log/?q=${q}`);
        return response.ok() ? ((await response.json()) as { count: number }).count : -1;
      },
      { message: 'the mount_dashboard entry', timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  // Each chart's answer is stored by the server with its timings.
  const chartData = encodeURIComponent(
    `(filters:!((col:action,opr:eq,value:chart_data),(col:dashboard_id,opr:eq,value:${dashboard.id})))`,
  );
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/log/?q=${chartData}`);
        return response.ok() ? ((await response.json()) as { count: number }).count : -1;
      },
      { message: 'the chart_data entries', timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  await navigateThroughMenu(page, 'Settings', 'Action Log');
  await expect(page).toHaveURL(/\/actionlog\/list\/$/);
  await expect(page.getByRole('heading', { name: 'Action Log', exact: true })).toBeVisible();

  await page.getByRole('spinbutton', { name: 'Id' }).fill(String(dashboard.id));
  const details = page.getByPlaceholder('Search the details, e.g. mount_dashboard');
  await details.fill('mount_dashboard');
  await details.press('Enter');

  const rows = page.locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: 'mount_dashboard' })).toHaveCount(0);
  const entry = rows.filter({ hasText: 'mount_dashboard' }).first();
  await expect(entry.getByRole('link', { name: `Dashboard ${dashboard.id}`, exact: true })).toBeVisible();
  await expect(entry).toContainText('admin');
  await entry.getByRole('button', { name: /expand row/i }).click();
  const shown = page.locator('[data-test="log-details"]').first();
  await expect(shown).toContainText('"mount_duration"');
  await expect(shown).toContainText(`"dashboard_id": ${dashboard.id}`);

  await page.getByRole('tab', { name: 'Slowest', exact: true }).click();
  await expect(page).toHaveURL(/tab=slowest/);
  const slowestDashboards = page.locator('[data-test="slowest-dashboards"]');
  await expect(slowestDashboards.getByRole('link', { name: dashboard.title, exact: true })).toBeVisible();
  await expect(
    page.locator('[data-test="slowest-charts"] [data-test="slowest-chart"]').first(),
  ).toBeVisible();
  await page.getByText('Last 30 days', { exact: true }).click();
  await expect(slowestDashboards.getByRole('link', { name: dashboard.title, exact: true })).toBeVisible();

  // The dashboard's link opens it.
  await slowestDashboards.getByRole('link', { name: dashboard.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${dashboard.id}/$`));
});
