import type { Locator, Page } from '@playwright/test';
import { createDashboard, createDashboardChart } from './dashboardApi.ts';
import { chartFrame } from './explorePage.ts';
import { chooseLanguage, createUser, exampleDatasetId, expect, logIn, test, uniqueName } from './fixtures.ts';

/**
 * The home page: the person's recents, their starred and own dashboards and charts, and their saved
 * queries, each section folding and remembering it; the greeting in their name, in both languages.
 */

test.describe.configure({ timeout: 180_000 });
const PAGE_LOAD = { timeout: 60_000 };

/** A section of the home page: its header (a button that folds it) and its content. */
function section(page: Page, title: string): { header: Locator; body: Locator } {
  const panel = page.locator('.ant-collapse-item').filter({
    has: page.locator('.ant-collapse-header', { hasText: title }),
  });
  return { header: panel.locator('.ant-collapse-header'), body: panel };
}

test('home shows what the person opened and starred, folds sections and greets them by name', async ({
  adminPage: page,
}) => {
  const me = (await (await page.request.get('/api/v1/me/')).json()) as {
    result: { first_name: string; username: string };
  };
  const firstName = me.result.first_name || me.result.username;

  const datasetId = await exampleDatasetId(page, 'sales');
  const title = uniqueName('Home board');
  const dashboardId = await createDashboard(page, title);
  const chartName = uniqueName('Home chart');
  const chartId = await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: chartName,
    vizType: 'table',
    params: { query_mode: 'aggregate', groupby: ['region'], metrics: ['revenue'] },
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${firstName}!` })).toBeVisible();

  // Open the dashboard and the chart, as a person would.
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible(PAGE_LOAD);
  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', PAGE_LOAD);

  // Back home through the logo: both are under Recents → Viewed, newest first.
  await page.getByRole('link', { name: 'Vitrina' }).click();
  const recents = section(page, 'Recents');
  await expect(recents.body.getByRole('tab', { name: 'Viewed', selected: true })).toBeVisible();
  // Leaving Explore sent its events, so the first look normally finds the chart; a reload is the fallback.
  let looks = 0;
  await expect(async () => {
    if (looks++ > 0) await page.reload();
    await expect(recents.body.getByRole('article', { name: chartName })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(recents.body.getByRole('article', { name: title })).toBeVisible();
  const viewed = await recents.body
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  expect(viewed.indexOf(chartName)).toBeLessThan(viewed.indexOf(title));
  // A card leads to its chart; a chart without a picture shows a drawing of its kind.
  await expect(recents.body.getByRole('article', { name: chartName }).getByRole('img')).toBeVisible();
  await recents.body.getByRole('article', { name: chartName }).getByRole('link', { name: chartName }).click();
  await expect(page).toHaveURL(new RegExp(`/explore/\\?slice_id=${chartId}`));
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', PAGE_LOAD);

  // Star the dashboard on its page: Dashboards → Favorite shows it.
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible(PAGE_LOAD);
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  await page.goto('/');
  const dashboards = section(page, 'Dashboards');
  await expect(dashboards.body.getByRole('tab', { name: 'Favorite', selected: true })).toBeVisible();
  await expect(dashboards.body.getByRole('article', { name: title })).toBeVisible();
  // Mine: the dashboards the admin owns, this one among them.
  await dashboards.body.getByRole('tab', { name: 'Mine' }).click();
  await expect(dashboards.body.getByRole('article', { name: title })).toBeVisible();
  await expect(dashboards.header.getByRole('link', { name: 'View all' })).toHaveAttribute(
    'href',
    '/dashboard/list/',
  );

  // Fold Charts: it stays folded after a reload, and so does the chosen tab of Dashboards.
  const charts = section(page, 'Charts');
  await expect(charts.header).toHaveAttribute('aria-expanded', 'true');
  await charts.header.click();
  await expect(charts.header).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(section(page, 'Charts').header).toHaveAttribute('aria-expanded', 'false');
  await expect(section(page, 'Recents').header).toHaveAttribute('aria-expanded', 'true');
  await expect(dashboards.body.getByRole('tab', { name: 'Mine', selected: true })).toBeVisible();
  await section(page, 'Charts').header.click();
  await expect(section(page, 'Charts').header).toHaveAttribute('aria-expanded', 'true');

  // The list view shows the same items as lines; the choice is kept too.
  const view = page.getByLabel('Show as');
  await view.getByText('List', { exact: true }).click();
  await expect(recents.body.getByRole('article', { name: title })).toBeVisible();
  await expect(recents.body.getByRole('article', { name: title }).getByRole('img')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  await view.getByText('Cards', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Cards' })).toBeChecked();

  // The README's picture of the running app; UPDATE_SCREENSHOT=1 refreshes the committed copy.
  const screenshotPath =
    process.env.UPDATE_SCREENSHOT === '1' ? 'docs/screenshot.png' : '.test-output/screenshot.png';
  await page.screenshot({ path: screenshotPath, fullPage: true });
});

test('a new person sees empty sections with something to do, in Russian too', async ({
  browser,
  request,
}) => {
  const user = await createUser(request, {
    role: 'Alpha',
    firstName: 'Vera',
    lastName: 'Vitrinova',
    prefix: 'e2e_home',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  await expect(page.getByRole('heading', { name: 'Welcome, Vera!' })).toBeVisible();
  const recents = section(page, 'Recents');
  await expect(recents.body.getByText('Dashboards and charts you open will appear here.')).toBeVisible();
  await recents.body.getByRole('tab', { name: 'Created' }).click();
  await expect(recents.body.getByText('Dashboards and charts you create will appear here.')).toBeVisible();
  // An Alpha may make dashboards: the empty tab offers it.
  await expect(recents.body.getByRole('button', { name: /^(plus )?Dashboard$/ })).toBeVisible();
  const charts = section(page, 'Charts');
  await expect(charts.body.getByText('Charts you star will appear here.')).toBeVisible();
  await charts.body.getByRole('button', { name: 'See all charts' }).click();
  await expect(page).toHaveURL(/\/chart\/list\/$/);

  // In Russian: the greeting and the sections' titles.
  await page.goto('/');
  await chooseLanguage(page, 'Русский', 'ru');
  await expect(page.getByRole('heading', { name: 'Добро пожаловать, Vera!' })).toBeVisible();
  await expect(section(page, 'Недавнее').header).toBeVisible();
  await expect(section(page, 'Дашборды').body.getByRole('tab', { name: 'Избранные' })).toBeVisible();
  await expect(
    section(page, 'Недавнее').body.getByRole('tab', { name: 'Созданные', selected: true }),
  ).toBeVisible();
  await context.close();
});
