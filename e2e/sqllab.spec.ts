import { csrfToken, exampleDatasetId, expect, test, uniqueName } from './fixtures.ts';
import { openSqlLab, runSql, setSql } from './sqlLabPage.ts';

/** SQL Lab journeys on the examples database (DuckDB, schema `main`, table `sales`). */

test('writes and runs a query and sees its results', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await setSql(page, 'SELECT 1 AS one, 9007199254740993 AS big, NULL AS nothing');
  await runSql(page);
  const grid = page.locator('.sqllab-results-grid');
  await expect(grid.getByRole('columnheader', { name: 'one' })).toBeVisible();
  await expect(grid).toContainText('9007199254740993');
  await expect(grid).toContainText('NULL');
  await expect(page.getByTestId('sqllab-row-count')).toContainText('1 rows returned');
  // The history lists the run.
  await page.getByRole('tab', { name: 'Query history' }).click();
  await expect(page.getByText('Success').first()).toBeVisible();
  // The tab comes back after a reload (tabs live on the server), and so do its results.
  await page.waitForTimeout(6000);
  await page.reload();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('9007199254740993 AS big');
  await expect(page.locator('.sqllab-results-grid')).toContainText('9007199254740993');
  await expect(page.getByTestId('sqllab-row-count')).toContainText('1 rows returned');
});

test('runs with Ctrl+Enter and stops a slow query', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await setSql(
    page,
    'SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE (a.range * b.range) % 7 = 3',
  );
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('sqllab-running')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('Query was stopped', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Run$/ })).toBeVisible();
});

test('opens two tabs and cycles through them', async ({ adminPage: page }) => {
  await openSqlLab(page);
  const titles = page.getByTestId('sqllab-tab-title');
  const before = await titles.count();
  await page.locator('.ant-tabs-nav-add').first().click();
  await expect(titles).toHaveCount(before + 1);
  const names = await titles.allTextContents();
  const newest = names[names.length - 1] ?? '';
  expect(newest).toMatch(/^Untitled Query \d+$/);
  await expect(page.getByRole('tab', { name: newest, selected: true })).toBeVisible();
  // Next from the last tab wraps to the first.
  await page.getByRole('button', { name: 'Actions' }).hover();
  await page.getByRole('menuitem', { name: 'Next tab' }).click();
  await expect(page.getByRole('tab', { name: names[0] ?? '', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Actions' }).hover();
  await page.getByRole('menuitem', { name: 'Previous tab' }).click();
  await expect(page.getByRole('tab', { name: newest, selected: true })).toBeVisible();
  // Rename by double-click.
  await page.getByTestId('sqllab-tab-title').last().dblclick();
  await page.getByLabel('Tab name').fill('Renamed tab');
  await page.getByLabel('Tab name').press('Enter');
  await expect(page.getByRole('tab', { name: 'Renamed tab' })).toBeVisible();
});

test('after a reload, a tab that was not the open one opens with its own SQL', async ({
  adminPage: page,
}) => {
  await openSqlLab(page);
  const titles = page.getByTestId('sqllab-tab-title');
  await page.locator('.ant-tabs-nav-add').first().click();
  const names = await titles.allTextContents();
  const other = names[names.length - 1] ?? '';
  const stored = page.waitForResponse(
    (response) => /\/tabstateview\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await setSql(page, 'SELECT 42 AS answer');
  await stored;
  // Another tab becomes the open one, so the reload brings this one back only by its name.
  const activated = page.waitForResponse((response) => response.url().endsWith('/activate'));
  await page.getByRole('tab', { name: names[0] ?? '' }).click();
  await activated;
  await page.reload();
  await expect(page.getByRole('tab', { name: names[0] ?? '', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: other }).click();
  await expect(page.getByRole('tab', { name: other, selected: true })).toBeVisible();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('SELECT 42 AS answer');
});

test('browses a table and previews its data', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await page.getByLabel('Schema').click();
  await page.getByTitle('main', { exact: true }).click();
  await page.getByLabel('Add a table').click();
  await page.getByTitle('sales', { exact: true }).click();
  const table = page.getByTestId('sqllab-table-sales');
  await expect(table).toBeVisible();
  await expect(table.locator('span').filter({ hasText: /\w/ }).nth(1)).toBeVisible();
  await table.getByRole('button', { name: 'Preview data' }).click();
  await expect(page.getByRole('tab', { name: /Preview: sales/ })).toBeVisible();
  await expect(page.locator('.sqllab-results-grid').last()).toBeVisible();
  await table.getByRole('button', { name: 'Remove table' }).click();
  await expect(table).toHaveCount(0);
});

test('saves a query, reloads, and reopens it from the saved queries list', async ({ adminPage: page }) => {
  const name = uniqueName('saved_query');
  await openSqlLab(page);
  await setSql(page, 'SELECT 42 AS answer');
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('The answer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your query was saved')).toBeVisible();
  await page.reload();
  await page.goto('/savedqueryview/list');
  await page.getByPlaceholder('Search by name').fill(name);
  await page.getByPlaceholder('Search by name').press('Enter');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('SELECT 42 AS answer');
});

test('shares a query and opens the link in a fresh browser context', async ({ adminPage: page, browser }) => {
  await openSqlLab(page);
  await setSql(page, 'SELECT 7 AS shared_value');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/sqllab\/p\//);

  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.locator('.sqllab-editor .cm-content')).toContainText('SELECT 7 AS shared_value');
  await context.close();
});

test('formats the SQL', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await setSql(page, 'select a,b from t where a=1');
  await page.getByRole('button', { name: 'Format SQL' }).click();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('SELECT');
  await expect(page.locator('.sqllab-editor .cm-content')).not.toContainText('select a,b');
});

test('creates a dataset from results and lands in explore', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await setSql(page, 'SELECT 1 AS x, 2 AS y');
  await runSql(page);
  await expect(page.locator('.sqllab-results-grid')).toBeVisible();
  await page.getByRole('button', { name: 'Create dataset from results' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(uniqueName('sqllab_dataset'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/explore\/\?datasource_id=\d+&datasource_type=table/);
});

test("opens a chart's query posted as a form (View query in SQL Lab)", async ({ adminPage: page }) => {
  await openSqlLab(page);
  const datasetId = await exampleDatasetId(page, 'sales');
  const token = await csrfToken(page);
  // What Superset's chart menu does: a plain form post of the chart's form_data to /sqllab/.
  await page.evaluate(
    ({ formData, csrf }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/sqllab/';
      for (const [name, value] of Object.entries({ form_data: formData, csrf_token: csrf })) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
      document.body.appendChild(form);
      form.submit();
    },
    {
      formData: JSON.stringify({
        datasource: `${datasetId}__table`,
        sql: 'SELECT count(*) AS posted_rows FROM sales',
      }),
      csrf: token,
    },
  );
  await expect(page).toHaveURL(/\/sqllab\/\?datasourceKey=\d+__table&sql=/);
  await expect(page.getByRole('tab', { name: 'sales', selected: true })).toBeVisible();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText(
    'SELECT count(*) AS posted_rows FROM sales',
  );
  await runSql(page);
  await expect(page.getByTestId('sqllab-row-count')).toContainText('1 rows returned');
});

test('refuses a file read and a write hidden in a read, naming what was refused', async ({
  adminPage: page,
}) => {
  await openSqlLab(page);
  await setSql(page, "SELECT * FROM read_text('/etc/hostname')");
  await runSql(page);
  await expect(page.getByText('The function "read_text" is not allowed')).toBeVisible();
  // The examples database does not allow DML: a write is refused before anything runs.
  await setSql(page, 'SELECT 1 AS one; DROP TABLE sales');
  await runSql(page);
  await expect(page.getByText('Only SELECT statements are allowed against this database.')).toBeVisible();
  await setSql(page, 'SELECT COUNT(*) AS n FROM sales');
  await runSql(page);
  await expect(page.locator('.sqllab-results-grid').getByRole('columnheader', { name: 'n' })).toBeVisible();
});

test("runs an explore chart's query in SQL Lab, and says when its SQL cannot be loaded", async ({
  adminPage: page,
}) => {
  await openSqlLab(page);
  const datasetId = await exampleDatasetId(page, 'sales');
  const created = await page.request.post('/api/v1/chart/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      slice_name: uniqueName('Revenue by region'),
      viz_type: 'pie',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ groupby: ['region'], metric: 'revenue' }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const chartId = ((await created.json()) as { id: number }).id;

  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(page.locator('.vitrina-chart-frame')).toHaveAttribute('data-chart-status', 'success', {
    timeout: 60_000,
  });
  // The server cannot compile the query: the toast says so and explore stays.
  await page.route('**/api/v1/chart/data**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('button', { name: 'More chart actions' }).click();
  await page.getByRole('menuitem', { name: 'Run in SQL Lab' }).click();
  await expect(page.getByText('An error occurred while loading the SQL')).toBeVisible();
  await expect(page).toHaveURL(/\/explore\//);
  await page.unroute('**/api/v1/chart/data**');

  await page.getByRole('button', { name: 'More chart actions' }).click();
  await page.getByRole('menuitem', { name: 'Run in SQL Lab' }).click();
  await expect(page).toHaveURL(/\/sqllab\//);
  await expect(page.getByRole('tab', { name: 'sales', selected: true })).toBeVisible();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('region');
  await runSql(page);
  await expect(page.getByTestId('sqllab-row-count')).toContainText('rows returned');
});
