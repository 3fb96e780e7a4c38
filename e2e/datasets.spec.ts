import type { Page } from '@playwright/test';
import pg from 'pg';
import { csrfToken, expect, test, uniqueName } from './fixtures.ts';

/** A schema of its own in the machine's PostgreSQL `test` database, with an `orders` table. */
async function createOrdersTable(schema: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(
      `CREATE TABLE "${schema}".orders (id integer PRIMARY KEY, ordered_at timestamp, customer text, revenue numeric(12,2))`,
    );
    await client.query(
      `INSERT INTO "${schema}".orders VALUES (1, '2024-05-01 10:00', 'Anna', 120.50), (2, '2024-05-02 11:30', 'Boris', 80)`,
    );
  } finally {
    await client.end();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** The connection itself is the databases journey; here it is set up through the API. */
async function connectPostgres(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/v1/database/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      database_name: name,
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.click();
  await select.fill(option);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

test('an admin creates a dataset from a PostgreSQL table and adds a metric with a Russian name', async ({
  adminPage: page,
}) => {
  const schema = uniqueName('e2e_ds');
  const databaseName = uniqueName('e2e_pg_ds');
  await createOrdersTable(schema);
  try {
    await connectPostgres(page, databaseName);

    await page.goto('/tablemodelview/list/');
    await expect(page.getByRole('heading', { name: 'Datasets' })).toBeVisible();
    await page.getByRole('button', { name: /Dataset/ }).click();
    await page.getByRole('menuitem', { name: 'Create dataset' }).click();
    await expect(page.getByRole('heading', { name: 'New dataset' })).toBeVisible();

    await pick(page, 'Database', databaseName);
    await pick(page, 'Schema', schema);
    await pick(page, 'Table', 'orders');
    // The table's columns are previewed before anything is created.
    await expect(page.getByRole('cell', { name: 'revenue', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'ordered_at', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create dataset' }).click();
    await expect(page.getByRole('heading', { name: 'Edit dataset orders' })).toBeVisible();
    await expect(page).toHaveURL(/\/dataset\/\d+\/edit$/);

    // A metric with a SQL expression typed into the editor and a Russian verbose name.
    await page.getByRole('tab', { name: /Metrics/ }).click();
    await page.getByRole('button', { name: 'Add metric' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add metric' });
    await dialog.getByLabel('Metric name').fill('revenue_sum');
    await dialog.getByLabel('Verbose name', { exact: true }).fill('Revenue');
    await dialog.getByLabel('Verbose name (Russian)').fill('Выручка');
    const expression = dialog.getByRole('textbox', { name: 'SQL expression' });
    await expression.click();
    await page.keyboard.type('SUM(revenue)');
    await dialog.getByLabel('D3 format').fill(',.2f');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    // A column flag too: customer is not filterable.
    await page.getByRole('tab', { name: /^Columns/ }).click();
    await page.getByRole('checkbox', { name: 'Is filterable: customer' }).uncheck();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Dataset orders saved')).toBeVisible();

    // Reload: what was saved is there.
    await page.reload();
    await page.getByRole('tab', { name: /Metrics/ }).click();
    const metricRow = page.getByRole('row').filter({ hasText: 'revenue_sum' });
    await expect(metricRow).toContainText('SUM(revenue)');
    await expect(metricRow).toContainText('Revenue');
    await page.getByRole('tab', { name: /^Columns/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Is filterable: customer' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Is filterable: revenue' })).toBeChecked();

    // In Russian the metric shows its Russian verbose name.
    const saved = await page.request.put('/api/v1/me/', {
      data: { preferred_language: 'ru' },
      headers: { 'X-CSRFToken': await csrfToken(page) },
    });
    expect(saved.ok()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: /Метрики/ }).click();
    await expect(page.getByRole('row').filter({ hasText: 'revenue_sum' })).toContainText('Выручка');
    await page.request.put('/api/v1/me/', {
      data: { preferred_language: 'en' },
      headers: { 'X-CSRFToken': await csrfToken(page) },
    });

    // The dataset is in the list, filtered by its database.
    await page.goto('/tablemodelview/list/');
    const search = page.getByPlaceholder('Search by name');
    await search.fill('orders');
    await search.press('Enter');
    await pick(page, 'Database', databaseName);
    const row = page.getByRole('row').filter({ hasText: databaseName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('orders');
    await expect(row).toContainText('Physical');
    await expect(row).toContainText(schema);

    // Delete it after confirming.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await dropSchema(schema);
  }
});

test('creating a dataset over a table that is gone shows the server refusal', async ({ adminPage: page }) => {
  const schema = uniqueName('e2e_gone');
  const databaseName = uniqueName('e2e_pg_gone');
  await createOrdersTable(schema);
  try {
    await connectPostgres(page, databaseName);
    await page.goto('/dataset/add/');
    await pick(page, 'Database', databaseName);
    await pick(page, 'Schema', schema);
    await pick(page, 'Table', 'orders');
    await expect(page.getByRole('cell', { name: 'revenue', exact: true })).toBeVisible();
    await dropSchema(schema);
    await page.getByRole('button', { name: 'Create dataset' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/dataset\/add\/?$/);
  } finally {
    await dropSchema(schema);
  }
});
