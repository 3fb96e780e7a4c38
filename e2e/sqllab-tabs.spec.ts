import { expect, test } from './fixtures.ts';
import { openSqlLab, setSql } from './sqlLabPage.ts';

/** SQL Lab journeys about tabs kept on the server: reloads, their history, their own settings. */

// A first start loads the examples database first, which a busy machine takes a while to do.
test.describe.configure({ timeout: 180_000 });

test('after a reload, one click on a tab that was not open shows its SQL and results', async ({
  adminPage: page,
}) => {
  await openSqlLab(page);
  const titles = page.getByTestId('sqllab-tab-title');
  await page.locator('.ant-tabs-nav-add').first().click();
  const names = await titles.allTextContents();
  const other = names[names.length - 1] ?? '';
  const first = names[0] ?? '';
  await setSql(page, 'SELECT 4242 AS answer');
  // The tab is stored with its latest query once that has run.
  const stored = page.waitForResponse(
    (response) =>
      /\/tabstateview\/\d+$/.test(response.url()) &&
      response.request().method() === 'PUT' &&
      (response.request().postData() ?? '').includes('latest_query_id'),
  );
  await page.getByRole('button', { name: /Run$/ }).click();
  await expect(page.locator('.sqllab-results-grid')).toContainText('4242');
  await stored;
  const activated = page.waitForResponse((response) => response.url().endsWith('/activate'));
  await page.getByRole('tab', { name: first }).click();
  await activated;
  await page.reload();
  await expect(page.getByRole('tab', { name: first, selected: true })).toBeVisible();
  await page.getByRole('tab', { name: other }).click();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('SELECT 4242 AS answer');
  await expect(page.locator('.sqllab-results-grid')).toContainText('4242');
  await expect(page.getByText('No data')).toHaveCount(0);
});

test("a long query's SQL stays inside its history cell, clear of the actions", async ({
  adminPage: page,
}) => {
  await openSqlLab(page);
  const long = `SELECT ${Array.from({ length: 40 }, (_, index) => `${index} AS column_number_${index}`).join(', ')}`;
  await setSql(page, long);
  await page.getByRole('button', { name: /Run$/ }).click();
  await expect(page.locator('.sqllab-results-grid')).toContainText('column_number_39');
  await page.getByRole('tab', { name: 'Query history' }).click();
  const row = page.locator('.sqllab-south .ant-table tbody tr.ant-table-row').first();
  const sqlCell = row.locator('td').nth(4);
  const sqlText = sqlCell.locator('code');
  const action = row.getByRole('button', { name: 'Open in a new tab' });
  await expect(action).toBeVisible();
  const [cell, text, button] = await Promise.all([
    sqlCell.boundingBox(),
    sqlText.boundingBox(),
    action.boundingBox(),
  ]);
  if (!cell || !text || !button) throw new Error('the history row is not laid out');
  // The SQL ends within its own cell, and the action's icon begins after it.
  expect(text.x + text.width).toBeLessThanOrEqual(cell.x + cell.width + 1);
  expect(button.x).toBeGreaterThanOrEqual(text.x + text.width);
});

test('removes a query from the tab history and completes a function name', async ({ adminPage: page }) => {
  await openSqlLab(page);
  // A tab of its own, so the history holds only this journey's run; removing asks the server only once
  // the tab is stored there, so wait for that.
  const stored = page.waitForResponse(
    (response) => /\/tabstateview\/$/.test(response.url()) && response.request().method() === 'POST',
  );
  await page.locator('.ant-tabs-nav-add').first().click();
  expect((await stored).ok()).toBe(true);
  await setSql(page, 'SELECT 31 AS thirty_one');
  await page.getByRole('button', { name: /Run$/ }).click();
  await expect(page.locator('.sqllab-results-grid')).toContainText('31');
  await page.getByRole('tab', { name: 'Query history' }).click();
  const rows = page.locator('.sqllab-south .ant-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  const removed = page.waitForResponse(
    (response) =>
      /\/tabstateview\/\d+\/query\//.test(response.url()) && response.request().method() === 'DELETE',
  );
  await rows.first().getByRole('button', { name: 'Remove from history' }).click();
  expect((await removed).ok()).toBe(true);
  await expect(page.getByText('No queries have been run in this tab yet')).toBeVisible();
  // The examples database is DuckDB: its functions are offered as the name is typed.
  await setSql(page, 'SELECT quantile_c');
  await page.keyboard.press('Control+Space');
  await page.getByRole('option', { name: /quantile_cont/ }).click();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('quantile_cont()');
});
