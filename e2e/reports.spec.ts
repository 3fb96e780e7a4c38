import type { Page } from '@playwright/test';
import {
  chooseRegion,
  createDashboard,
  createDashboardChart,
  putDashboardMetadata,
  regionFilter,
  waitRendered,
} from './dashboardApi.ts';
import {
  createUser,
  csrfToken,
  exampleDatasetId,
  expect,
  logIn,
  openSubmenu,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * Scheduled reports: a dashboard's e-mail report set up from its header's "…" menu, found again in
 * Alerts & Reports, with its run history and why it has not sent yet. Each journey makes its own
 * dashboard, since a user may have one report per dashboard.
 */

test.describe.configure({ timeout: 120_000 });
const PAGE_LOAD = { timeout: 45_000 };

/** Opens the dashboard header's "Manage email reports" submenu until `entry` shows. */
async function openReportMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: 'More dashboard actions' }).click();
  const item = page.getByRole('menuitem', { name: entry });
  await openSubmenu(page.getByRole('menuitem', { name: 'Manage email reports', exact: true }), item);
  return item;
}

test('a dashboard report is set up from the header, listed in Alerts & Reports, and shows its run history', async ({
  adminPage: page,
}) => {
  const title = uniqueName('Report journey');
  const dashboardId = await createDashboard(page, title);
  const me = (await (await page.request.get('/api/v1/me/')).json()) as { result: { email: string } };

  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible(PAGE_LOAD);

  // Set up an email report: every day at 07:30, as a PDF.
  await (await openReportMenu(page, 'Set up an email report')).dispatchEvent('click');
  const modal = page.getByRole('dialog').filter({ hasText: 'Schedule a new email report' });
  await expect(modal).toBeVisible();
  const name = uniqueName('Daily report');
  await modal.getByLabel('Report name').fill(name);
  await modal.getByRole('combobox', { name: 'Repeats' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Every day$/ })
    .click();
  await modal.getByLabel('Time', { exact: true }).fill('07:30');
  await expect(modal.getByLabel('Crontab')).toHaveValue('30 7 * * *');
  await expect(modal.getByTestId('schedule-preview')).toContainText('At 07:30 AM');
  await modal.getByText('PDF attached in email').click();
  // A report made in the header goes to its maker.
  await expect(modal.getByLabel('Email recipients')).toHaveValue(me.result.email);
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The report has been created')).toBeVisible();
  await expect(modal).toBeHidden();

  // The header now finds it: it can be edited.
  await expect(await openReportMenu(page, 'Edit email report')).toBeVisible();
  await page.keyboard.press('Escape');

  // Alerts & Reports lists it on the Reports tab, active, with its schedule in words.
  await page.goto('/report/list/');
  await expect(page.getByRole('tab', { name: 'Reports', selected: true })).toBeVisible(PAGE_LOAD);
  const search = page.getByPlaceholder('Name', { exact: true });
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  // A new schedule starts in Superset's default state.
  await expect(row).toContainText('Not triggered');
  await expect(row).toContainText('At 07:30 AM');
  await expect(row).toContainText('Email');
  await expect(row.getByRole('switch', { name: `Active: ${name}` })).toBeChecked();

  // A click on the row opens its run history: no run yet, and when the next one is.
  await row.getByText(name, { exact: true }).click();
  const history = page.getByRole('dialog').filter({ hasText: `Run history: ${name}` });
  await expect(history).toBeVisible();
  const summary = history.getByTestId('delivery-summary');
  await expect(summary).toContainText("Why didn't it send?");
  await expect(summary).toContainText('It has not run yet.');
  await expect(summary).toContainText(/Next run: .+\(/);
  await expect(history.getByText('It has not run yet', { exact: true })).toBeVisible();

  // "Send now to me" runs the same path at once: the dashboard is drawn in the server's Chromium,
  // and with no mail server configured here the run ends as an Error, shown with its reason.
  await history.getByRole('button', { name: 'Send now to me' }).click();
  await expect(page.getByText(/The report could not be sent: No mail server is configured/)).toBeVisible(
    PAGE_LOAD,
  );
  const run = history.getByRole('row').filter({ hasText: 'No mail server is configured (SMTP_URL)' });
  await expect(run).toBeVisible();
  await expect(run.getByLabel('Error')).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  // It can be switched off from the list.
  await row.getByRole('switch', { name: `Active: ${name}` }).click();
  await expect(row.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();
  await expect(page.getByText('We were unable to active or deactivate this report.')).toHaveCount(0);

  // Deleted from the list, it is gone.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted: ${name}`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

/** Two tabs, "Overview" and "By region", each with one chart. */
function tabbedLayout(overviewChart: number, regionChart: number): string {
  const chart = (id: number) => ({
    id: `CHART-${id}`,
    type: 'CHART',
    children: [],
    meta: { chartId: id, width: 4, height: 50 },
  });
  const row = (id: string, chartId: number) => ({
    id,
    type: 'ROW',
    children: [`CHART-${chartId}`],
    meta: {},
  });
  return JSON.stringify({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-main'] },
    'TABS-main': { id: 'TABS-main', type: 'TABS', children: ['TAB-overview', 'TAB-region'], meta: {} },
    'TAB-overview': {
      id: 'TAB-overview',
      type: 'TAB',
      children: ['ROW-overview'],
      meta: { text: 'Overview' },
    },
    'TAB-region': { id: 'TAB-region', type: 'TAB', children: ['ROW-region'], meta: { text: 'By region' } },
    'ROW-overview': row('ROW-overview', overviewChart),
    'ROW-region': row('ROW-region', regionChart),
    [`CHART-${overviewChart}`]: chart(overviewChart),
    [`CHART-${regionChart}`]: chart(regionChart),
  });
}

test('a new dashboard report starts from the tab and the filter values on screen, and keeps them', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const title = uniqueName('Report of a view');
  const dashboardId = await createDashboard(page, title);
  const revenue = (name: string) =>
    createDashboardChart(page, {
      datasetId,
      dashboardId,
      name,
      vizType: 'big_number_total',
      params: { metric: 'revenue' },
    });
  const overview = await revenue('Revenue overview');
  const byRegion = await revenue('Revenue in the region');
  const layout = await page.request.put(`/api/v1/dashboard/${dashboardId}`, {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: { position_json: tabbedLayout(overview, byRegion) },
  });
  expect(layout.ok(), await layout.text()).toBe(true);
  await putDashboardMetadata(page, dashboardId, { native_filter_configuration: [regionFilter(datasetId)] });

  // The person looks at the second tab, with one region chosen and applied.
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible(PAGE_LOAD);
  await page.getByRole('tab', { name: 'By region' }).click();
  await waitRendered(page, [byRegion]);
  await chooseRegion(page, 'North America');

  await (await openReportMenu(page, 'Set up an email report')).dispatchEvent('click');
  const modal = page.getByRole('dialog').filter({ hasText: 'Schedule a new email report' });
  await expect(modal).toBeVisible();
  // The picture's tabs and filter values start as what is on screen.
  const tabs = modal.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Tabs' }) });
  await expect(tabs.locator('.ant-select-selection-item')).toHaveText(['By region']);
  const region = modal
    .locator('.ant-form-item')
    .filter({ has: page.getByRole('combobox', { name: 'Filter: Region' }) });
  await expect(region.locator('.ant-select-selection-item')).toHaveText(['North America']);

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/report/') && response.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Add' }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  await expect(modal).toBeHidden();

  // Stored as Superset's extra.dashboard: the report's picture shows the same view.
  const { id } = (await response.json()) as { id: number };
  const report = (await (await page.request.get(`/api/v1/report/${id}`)).json()) as {
    result: { extra: unknown };
  };
  expect(report.result.extra).toEqual({
    dashboard: {
      activeTabs: ['TAB-region'],
      nativeFilters: [
        {
          nativeFilterId: 'NATIVE_FILTER-region',
          filterType: 'filter_select',
          columnName: 'region',
          filterValues: ['North America'],
        },
      ],
    },
  });
});

test('a Russian user reads why a report did not send in Russian', async ({ page, request }) => {
  // A user of its own: the language is stored on the user, and the admin's must stay English.
  const user = await createUser(request, {
    role: 'Alpha',
    firstName: 'Olga',
    lastName: 'Otchyotova',
    prefix: 'e2e_report_ru',
  });
  await logIn(page, user);
  const headers = { 'X-CSRFToken': await csrfToken(page) };
  const language = await page.request.put('/api/v1/me/', { data: { preferred_language: 'ru' }, headers });
  expect(language.ok()).toBe(true);
  // A chart of its own on the example table: the server's first chart may be another journey's, on a
  // table that journey has dropped since (the run then fails on the query, not on the mail server).
  const chartId = await createDashboardChart(page, {
    datasetId: await exampleDatasetId(page, 'sales'),
    dashboardId: await createDashboard(page, uniqueName('Доска отчёта')),
    name: uniqueName('График отчёта'),
    vizType: 'table',
    params: { query_mode: 'aggregate', groupby: ['region'], metrics: ['revenue'] },
  });
  const name = uniqueName('Ежедневный отчёт');
  const created = await page.request.post('/api/v1/report/', {
    headers,
    data: {
      type: 'Report',
      name,
      crontab: '0 9 * * *',
      chart: chartId,
      report_format: 'CSV',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/report/list/');
  const search = page.getByPlaceholder('Название', { exact: true });
  await expect(search).toBeVisible(PAGE_LOAD);
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText(name, { exact: true }).click();
  const history = page.getByRole('dialog').filter({ hasText: name });
  await expect(history).toBeVisible();
  // The schedule in words, by the page's own Russian cron texts (24-hour clock).
  await expect(history).toContainText('В 09:00');

  // No mail server here: the run fails, and the server's reason is shown in Russian, by its code.
  await history.getByRole('button', { name: 'Отправить мне сейчас' }).click();
  await expect(
    page.getByText('Не удалось отправить отчёт: Почтовый сервер не настроен (SMTP_URL)'),
  ).toBeVisible(PAGE_LOAD);
  const run = history.getByRole('row').filter({ hasText: 'Почтовый сервер не настроен (SMTP_URL)' });
  await expect(run).toBeVisible();
  await expect(history.getByTestId('delivery-summary')).toContainText(
    'Почтовый сервер не настроен (SMTP_URL)',
  );
  await expect(history.getByText('No mail server is configured (SMTP_URL)')).toHaveCount(0);
});
