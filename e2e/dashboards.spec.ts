import type { Page } from '@playwright/test';
import { createDashboard } from './dashboardApi.ts';
import { expect, test, uniqueName } from './fixtures.ts';

/** The example dashboards are created in the background after the first start: wait for them. */
async function waitForExampleDashboard(page: Page, title: string): Promise<void> {
  const q = encodeURIComponent(`(filters:!((col:dashboard_title,opr:title_or_slug,value:'${title}')))`);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/dashboard/?q=${q}`);
        return response.ok() ? ((await response.json()) as { count: number }).count : 0;
      },
      { timeout: 120_000 },
    )
    .toBeGreaterThan(0);
}

// The first start builds the example data in the background, which slows the server down meanwhile.
test.describe.configure({ timeout: 180_000 });

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByPlaceholder('Search by title');
  await box.fill(text);
  await box.press('Enter');
}

test('finds an example dashboard by its Russian title, shows it as a card and stars it', async ({
  adminPage: page,
}) => {
  await waitForExampleDashboard(page, 'Обзор продаж');
  await page.goto('/dashboard/list/');
  await search(page, 'Обзор продаж');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sales overview' }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Published');

  await page.getByText('Card view').click();
  const card = page.getByRole('article', { name: 'Sales overview' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Published');
  // Its cover is a picture of the dashboard, drawn by the server's browser as this user sees it.
  const cover = card.getByRole('img', { name: 'Picture of the dashboard Sales overview' });
  await expect(cover).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(100);
  await card.getByRole('button', { name: 'Add Sales overview to favorites' }).click();
  await expect(card.getByRole('button', { name: 'Remove Sales overview from favorites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The star is kept: a fresh list shows it too.
  await page.reload();
  await search(page, 'Обзор продаж');
  await expect(page.getByRole('button', { name: 'Remove Sales overview from favorites' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Sales overview from favorites' }).click();
  await expect(page.getByRole('button', { name: 'Add Sales overview to favorites' })).toBeVisible();
});

test('"+ Dashboard" creates an untitled dashboard and opens it in edit mode', async ({ adminPage: page }) => {
  await page.goto('/dashboard/list/');
  await page.getByRole('button', { name: /^(plus )?Dashboard$/ }).click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/\?edit=true$/);
  const id = Number(/dashboard\/(\d+)\//.exec(page.url())![1]);
  const response = await page.request.get(`/api/v1/dashboard/${id}`);
  expect(((await response.json()) as { result: { dashboard_title: string } }).result.dashboard_title).toBe(
    '[ untitled dashboard ]',
  );
});

test('deletes two dashboards at once after asking', async ({ adminPage: page }) => {
  const prefix = uniqueName('bulk');
  await createDashboard(page, `${prefix} one`);
  await createDashboard(page, `${prefix} two`);
  await page.goto('/dashboard/list/');
  await search(page, prefix);
  for (const title of [`${prefix} one`, `${prefix} two`]) {
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
    await row.getByRole('checkbox').check();
  }
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 dashboards')).toBeVisible();
  await expect(page.getByRole('link', { name: `${prefix} one` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `${prefix} two` })).toHaveCount(0);
});

test('renames a dashboard from its properties in the list', async ({ adminPage: page }) => {
  const title = uniqueName('props');
  await createDashboard(page, title);
  await page.goto('/dashboard/list/');
  await search(page, title);
  await page.getByRole('button', { name: `Edit the properties of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Dashboard properties' });
  await dialog.getByLabel('Title', { exact: true }).fill(`${title} renamed`);
  await dialog.getByLabel('Title in Russian').fill(`${title} переименован`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This dashboard was saved successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: `${title} renamed` })).toBeVisible();
});
