import { open } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import {
  chooseLanguage,
  createUser,
  csrfToken,
  expect,
  logIn,
  openSubmenu,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * The dashboard header and menus: star, publish, refresh, a chart's query, CSV export and drill to
 * detail; a viewer without edit rights; the Russian title; and saving a title changed in edit mode.
 * Each journey works on its own copy of the example sales dashboard.
 */

// The first journey after a fresh start waits for the examples, and the page for their first queries.
test.describe.configure({ timeout: 180_000 });
const PAGE_LOAD = { timeout: 45_000 };

interface DashboardCopy {
  id: number;
  title: string;
  titleRu: string;
}

/** A fresh copy of the example sales dashboard (the server makes the examples after its first start). */
async function copyOfSalesDashboard(page: Page): Promise<DashboardCopy> {
  let metadata = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/v1/dashboard/sales');
        if (!response.ok()) return false;
        metadata =
          ((await response.json()) as { result: { json_metadata: string | null } }).result.json_metadata ??
          '{}';
        return true;
      },
      { message: 'the example sales dashboard', timeout: 90_000 },
    )
    .toBe(true);
  const title = uniqueName('Header journey');
  const titleRu = `Русский ${title}`;
  const copied = await page.request.post('/api/v1/dashboard/sales/copy/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      dashboard_title: title,
      dashboard_title_ru: titleRu,
      json_metadata: metadata,
      duplicate_slices: false,
    },
  });
  expect(copied.ok()).toBe(true);
  const { result } = (await copied.json()) as { result: { id: number } };
  return { id: result.id, title, titleRu };
}

async function setPublished(page: Page, id: number, published: boolean): Promise<void> {
  const response = await page.request.put(`/api/v1/dashboard/${id}`, {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: { published },
  });
  expect(response.ok()).toBe(true);
}

/** The first drawn chart's "…" menu. */
async function openChartMenu(page: Page) {
  const chart = page
    .locator('.dashboard-chart[data-chart-status="rendered"], .dashboard-chart[data-chart-status="success"]')
    .first();
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await chart.getByRole('button', { name: 'More chart actions' }).click();
}

/**
 * Hovers a submenu title (named by its text alone: its arrow is hidden from assistive technology)
 * until `item` shows; the submenu opens after a short delay, and a slow machine may miss the first hover.
 */
/** The first bytes of a download, to tell its file type by its signature. */
async function downloadedSignature(download: Download, length: number): Promise<string> {
  const path = await download.path();
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(length);
    await handle.read(bytes, 0, length, 0);
    return bytes.toString('latin1');
  } finally {
    await handle.close();
  }
}

test('the dashboard menu downloads the dashboard as a PNG image and as a PDF', async ({
  adminPage: page,
}) => {
  const dashboard = await copyOfSalesDashboard(page);
  await page.goto(`/superset/dashboard/${dashboard.id}/`);
  await expect(page.getByRole('heading', { name: dashboard.title })).toBeVisible(PAGE_LOAD);
  await expect(
    page
      .locator(
        '.dashboard-chart[data-chart-status="rendered"], .dashboard-chart[data-chart-status="success"]',
      )
      .first(),
  ).toBeVisible({ timeout: 30_000 });

  const formats = [
    { item: 'Download as image', extension: /\.png$/, signature: '\x89PNG' },
    { item: 'Export to PDF', extension: /\.pdf$/, signature: '%PDF' },
  ];
  for (const format of formats) {
    await page.getByRole('button', { name: 'More dashboard actions' }).click();
    const item = page.getByRole('menuitem', { name: format.item, exact: true });
    await openSubmenu(page.getByRole('menuitem', { name: 'Download', exact: true }), item);
    const download = page.waitForEvent('download');
    await item.dispatchEvent('click');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(format.extension);
    expect(await downloadedSignature(file, format.signature.length)).toBe(format.signature);
  }
  await expect(page.getByText('Sorry, something went wrong. Try again later.')).toHaveCount(0);
});

test('the header stars, publishes and refreshes; a chart shows its query, exports CSV and drills to detail', async ({
  adminPage: page,
}) => {
  const dashboard = await copyOfSalesDashboard(page);
  await page.goto(`/superset/dashboard/${dashboard.id}/`);
  await expect(page.getByRole('heading', { name: dashboard.title })).toBeVisible(PAGE_LOAD);

  // The star is stored: it is still on after a reload.
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible(PAGE_LOAD);

  // A copy starts as a draft: publish it, then hide it again.
  await page.getByRole('button', { name: 'Draft' }).click();
  await expect(page.getByText('This dashboard is now published')).toBeVisible();
  await page.getByRole('button', { name: 'Published' }).click();
  await expect(page.getByText('This dashboard is now hidden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Draft' })).toBeVisible();

  // Refresh dashboard asks for every chart's data again, bypassing the cache.
  const refreshed = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      /\/chart_data|\/api\/v1\/chart\/data/.test(request.url()) &&
      /force/.test(request.url() + (request.postData() ?? '')),
  );
  await page.getByRole('button', { name: 'More dashboard actions' }).click();
  await page.getByRole('menuitem', { name: 'Refresh dashboard' }).click();
  await refreshed;

  // View query: the SQL the server compiled for the chart.
  await openChartMenu(page);
  await page.getByRole('menuitem', { name: 'View query', exact: true }).click();
  const queryDialog = page.getByRole('dialog');
  await expect(queryDialog.getByText(/SELECT/i).first()).toBeVisible();
  await queryDialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(queryDialog).toBeHidden();

  // Export to CSV downloads a file.
  await openChartMenu(page);
  const exportCsv = page.getByRole('menuitem', { name: 'Export to .CSV' });
  await openSubmenu(page.getByRole('menuitem', { name: 'Download', exact: true }), exportCsv);
  const download = page.waitForEvent('download');
  // A pointer path from the submenu title to its item can cross the parent menu and close the submenu
  // on a slow machine; the click event itself is what the item handles.
  await exportCsv.dispatchEvent('click');
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // Drill to detail: the rows behind the chart, a page at a time.
  await openChartMenu(page);
  await page.getByRole('menuitem', { name: 'Drill to detail' }).click();
  const drill = page.getByTestId('drill-to-detail');
  // The detail rows come from the 1M-row example table: slow on a busy machine.
  await expect(drill.getByText(/^Rows: [1-9]/)).toBeVisible(PAGE_LOAD);
  await expect(drill.locator('.ant-table-row').first()).toBeVisible();
});

test('a viewer without edit rights stays in view mode, even with ?edit=true', async ({
  adminPage: page,
  browser,
}) => {
  const dashboard = await copyOfSalesDashboard(page);
  await setPublished(page, dashboard.id, true);

  const viewer = await createUser(page.request, {
    role: 'Gamma',
    firstName: 'Vera',
    lastName: 'Viewer',
    prefix: 'e2e_viewer',
  });

  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  await logIn(viewerPage, viewer);
  await viewerPage.goto(`/superset/dashboard/${dashboard.id}/?edit=true`);
  await expect(viewerPage.getByRole('heading', { name: dashboard.title })).toBeVisible(PAGE_LOAD);
  await expect(viewerPage.getByRole('button', { name: 'Edit dashboard' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Add to favorites' })).toBeVisible();
  await context.close();
});

test('the title shows in Russian when the interface is Russian', async ({ adminPage: page }) => {
  const dashboard = await copyOfSalesDashboard(page);
  await page.goto(`/superset/dashboard/${dashboard.id}/`);
  await expect(page.getByRole('heading', { name: dashboard.title })).toBeVisible(PAGE_LOAD);
  await chooseLanguage(page, 'Русский', 'ru');
  await expect(page.getByRole('heading', { name: dashboard.titleRu })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Редактировать дашборд' })).toBeVisible();
  // Back to English for the journeys after this one.
  await chooseLanguage(page, 'English', 'en');
  await expect(page.getByRole('heading', { name: dashboard.title })).toBeVisible();
});

test('a title changed in edit mode is saved and kept after a reload', async ({ adminPage: page }) => {
  const dashboard = await copyOfSalesDashboard(page);
  await page.goto(`/superset/dashboard/${dashboard.id}/?edit=true`);
  await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible(PAGE_LOAD);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await page.getByRole('button', { name: 'More dashboard actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit properties' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dashboard properties' });
  const renamed = `${dashboard.title} renamed`;
  await dialog.getByLabel('Title', { exact: true }).fill(renamed);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('This dashboard was saved successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit dashboard' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${dashboard.id}/$`));

  await page.reload();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible(PAGE_LOAD);
});
