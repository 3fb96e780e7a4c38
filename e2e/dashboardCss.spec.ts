import type { Page } from '@playwright/test';
import { createDashboard } from './dashboardApi.ts';
import { expect, test, uniqueName } from './fixtures.ts';

/**
 * Dashboard CSS, written in the CSS editor as an author would: it styles the dashboard and nothing
 * else on the page (the review: it restyled the whole page and could load fonts from any site), and
 * nothing it names on another site is fetched.
 */

const FOREIGN_HOST = 'fonts.evil.example';

const AUTHOR_CSS = `@import url("https://${FOREIGN_HOST}/theme.css");
@font-face { font-family: Foreign; src: url(https://${FOREIGN_HOST}/foreign.woff2); }
body { background-color: rgb(10, 20, 30); }
/* The app's own header and navigation, outside the dashboard. */
.ant-layout-header, [aria-label="Main navigation"] { display: none !important; }
[data-test="dashboard-title"] { color: rgb(200, 0, 0); font-family: Foreign, sans-serif; }`;

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

test('dashboard CSS styles the dashboard only and loads nothing from other sites', async ({
  adminPage: page,
}) => {
  const title = uniqueName('CSS journey');
  const id = await createDashboard(page, title);
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(FOREIGN_HOST)) foreign.push(request.url());
  });

  // A plain-HTTP server: the policy must not send the browser to https for every script.
  const opened = await page.goto(`/superset/dashboard/${id}/`);
  expect(opened?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });

  await page.getByRole('button', { name: 'Edit dashboard' }).click();
  await page.getByRole('button', { name: 'More dashboard actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit CSS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit CSS' });
  await expect(dialog.getByText('It styles this dashboard only')).toBeVisible();
  await dialog.getByLabel('Dashboard CSS').fill(AUTHOR_CSS);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  const applied = async () => {
    // Inside the dashboard: its element takes the "body" background.
    await expect.poll(() => backgroundOf(page, '[data-test="dashboard-page"]')).toBe('rgb(10, 20, 30)');
    // Outside it: the page, its header and navigation stay as the app draws them.
    expect(await backgroundOf(page, 'body')).not.toBe('rgb(10, 20, 30)');
    await expect(page.getByRole('link', { name: 'Vitrina' })).toBeVisible();
    await expect(page.getByRole('menu', { name: 'Main navigation' })).toBeVisible();
    const css = await page.locator('[data-test="dashboard-css"]').textContent();
    expect(css).not.toContain(FOREIGN_HOST);
    expect(css).not.toContain('@import');
  };
  await applied();

  // Saved, and seen again after a reload as every viewer sees it.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
  await applied();
  // The dashboard's own title (a heading in view mode) takes its colour.
  await expect(page.getByRole('heading', { name: title })).toHaveCSS('color', 'rgb(200, 0, 0)');
  const fontsLoaded = await page.evaluate(() => {
    const families: string[] = [];
    document.fonts.forEach((font) => {
      families.push(font.family);
    });
    return families;
  });
  expect(fontsLoaded).not.toContain('Foreign');
  expect(foreign).toEqual([]);
});
