import pg from 'pg';
import { csrfToken, expect, test, uniqueName } from './fixtures.ts';
import { runSql, setSql } from './sqlLabPage.ts';

/** CREATE TABLE AS from SQL Lab's toolbar, on a PostgreSQL database that allows it. */

const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };

async function tableExists(name: string): Promise<boolean> {
  const client = new pg.Client(POSTGRES);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM information_schema.tables WHERE table_name = $1', [name]);
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function dropTable(name: string): Promise<void> {
  const client = new pg.Client(POSTGRES);
  await client.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS "${name}"`);
  } finally {
    await client.end();
  }
}

test('runs a query as CREATE TABLE AS into a named table', async ({ adminPage: page }) => {
  const databaseName = uniqueName('e2e_ctas_db');
  const created = await page.request.post('/api/v1/database/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      database_name: databaseName,
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: {
        host: POSTGRES.host,
        port: POSTGRES.port,
        database: POSTGRES.database,
        username: 'postgres',
      },
      expose_in_sqllab: true,
      allow_ctas: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const table = uniqueName('ctas_target').toLowerCase();

  try {
    await page.goto('/sqllab/');
    await expect(page.getByTestId('sqllab')).toBeVisible();
    const database = page.getByRole('combobox', { name: 'Database', exact: true });
    await database.click();
    await database.fill(databaseName);
    await page.locator('.ant-select-item-option').filter({ hasText: databaseName }).first().click();
    await setSql(page, 'SELECT 1 AS one, 2 AS two');

    const runAs = page.getByRole('combobox', { name: 'Run as' });
    await runAs.click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'CREATE TABLE AS' }).click();
    // Run waits for a target name.
    await expect(page.getByRole('button', { name: /Run$/ })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Target table name' }).fill(table);
    await runSql(page);

    await expect(page.getByText(`Table ${table} was created`)).toBeVisible({ timeout: 45_000 });
    expect(await tableExists(table)).toBe(true);
    // Once the database is gone, the tab that used it starts again on the default database, so
    // the journeys after this one find SQL Lab as a person would after an administrator's cleanup.
    const removed = await page.request.delete(`/api/v1/database/${(await created.json()).id}`, {
      headers: { 'X-CSRFToken': await csrfToken(page) },
    });
    expect(removed.status(), await removed.text()).toBe(200);
    await page.reload();
    await expect(page.getByLabel('Database').locator('..')).toContainText('examples');
  } finally {
    await dropTable(table);
  }
});
