import type { Page } from '@playwright/test';
import { createDashboard } from './dashboardApi.ts';
import { expect, openSubmenu, test, uniqueName } from './fixtures.ts';

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
