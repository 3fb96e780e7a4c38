import { expect, test, uniqueName } from './fixtures.ts';
import { openSqlLab, setSql } from './sqlLabPage.ts';

/**
 * Scheduling a query from SQL Lab (the examples database runs queries asynchronously, so it allows
 * schedules): the form, the toasts, the schedule in Saved queries, and unscheduling it there. That the
 * scheduler really runs a schedule is the API tests' part (flows/scheduledQueries): a journey would
 * wait for a minute to turn.
 */

test('schedules a query, finds it in Saved queries and unschedules it', async ({ adminPage: page }) => {
  const name = uniqueName('Nightly orders');
  await openSqlLab(page);
  await setSql(page, 'SELECT count(*) AS orders FROM main.sales');
  await page.getByRole('button', { name: 'Schedule' }).click();

  const dialog = page.getByRole('dialog', { name: 'Schedule query' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Orders so far, every morning');
  // Every day at 07:30, in Moscow time, until the end of 2099.
  await dialog.getByLabel('Time', { exact: true }).fill('07:30');
  await dialog.getByLabel('Time zone').click();
  await page.keyboard.type('Europe/Moscow');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('End date').fill('2099-12-31');
  await expect(dialog.getByLabel('Crontab')).toHaveValue('30 7 * * *');
  await expect(dialog.getByTestId('schedule-preview')).toContainText('(Europe/Moscow)');
  await expect(dialog.getByTestId('schedule-preview')).toContainText('next run');
  await dialog.getByRole('button', { name: 'Schedule' }).click();

  await expect(
    page.getByText('Your query has been scheduled. To see details of your query, navigate to Saved queries'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/savedqueryview/list/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const schedule = row.getByTestId('saved-query-schedule');
  await expect(schedule).toContainText('07:30');
  await expect(schedule).toContainText('(Europe/Moscow)');
  await expect(schedule).toContainText('Next run:');
  await expect(schedule).toContainText('Not run yet');

  await row.getByRole('button', { name: 'Unschedule' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Unschedule' }).click();
  await expect(page.getByText(`${name} is no longer scheduled`)).toBeVisible();
  await expect(row.getByTestId('saved-query-schedule')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Unschedule' })).toHaveCount(0);
  // Still a saved query, only no longer scheduled.
  await expect(row).toContainText('Orders so far, every morning');
});

test('says when the server refuses to schedule a query, and why', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await setSql(page, 'SELECT 1 AS one');
  await page.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule query' });
  // The server keeps names to 256 characters; the form leaves that check to it.
  await dialog.getByLabel('Name').fill('x'.repeat(300));
  await dialog.getByRole('button', { name: 'Schedule' }).click();

  await expect(page.getByText('Your query could not be scheduled')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Longer than maximum length 256.')).toBeVisible();
});
