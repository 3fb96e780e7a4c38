import type { Page } from '@playwright/test';
import pg from 'pg';
import { choose } from './explorePage.ts';
import { csrfToken, expect, test, uniqueName } from './fixtures.ts';

/**
 * The latest partition filter: a table in the machine's PostgreSQL `test` database partitioned by list on
 * `ds`, one day per partition; a person filters a table chart to the latest partition in Explore and sees
 * that day's rows only.
 */

const ROWS = [
  ['2024-01-01', 'north', 1],
  ['2024-02-01', 'north', 2],
  ['2024-03-01', 'south', 3],
  ['2024-03-01', 'east', 4],
] as const;

async function onTestDatabase(statements: string[]): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createPartitionedTable(table: string): Promise<void> {
  const days = [...new Set(ROWS.map(([ds]) => ds))];
  await onTestDatabase([
    `CREATE TABLE ${table} (ds date NOT NULL, region text NOT NULL, n integer NOT NULL) PARTITION BY LIST (ds)`,
    ...days.map((ds, i) => `CREATE TABLE ${table}_p${i} PARTITION OF ${table} FOR VALUES IN ('${ds}')`),
    `INSERT INTO ${table} VALUES ${ROWS.map(([ds, region, n]) => `('${ds}', '${region}', ${n})`).join(', ')}`,
  ]);
}

/** The database, the dataset and a table chart of every row are set up through the API. */
async function setUpChart(page: Page, table: string): Promise<number> {
  const headers = { 'X-CSRFToken': await csrfToken(page) };
  const database = await page.request.post('/api/v1/database/', {
    headers,
    data: {
      database_name: uniqueName('e2e_pg_partitions'),
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres' },
    },
  });
  expect(database.status(), await database.text()).toBe(201);
  const dataset = await page.request.post('/api/v1/dataset/', {
    headers,
    data: { database: ((await database.json()) as { id: number }).id, schema: 'public', table_name: table },
  });
  expect(dataset.status(), await dataset.text()).toBe(201);
  const chart = await page.request.post('/api/v1/chart/', {
    headers,
    data: {
      slice_name: uniqueName('Partitioned rows'),
      viz_type: 'table',
      datasource_id: ((await dataset.json()) as { id: number }).id,
      datasource_type: 'table',
      params: JSON.stringify({ query_mode: 'raw', all_columns: ['region', 'n'], row_limit: 100 }),
    },
  });
  expect(chart.status(), await chart.text()).toBe(201);
  return ((await chart.json()) as { id: number }).id;
}

test('a person filters a chart to the latest partition of a partitioned PostgreSQL table', async ({
  adminPage: page,
}) => {
  const table = uniqueName('e2e_partitioned');
  await createPartitionedTable(table);
  try {
    const chartId = await setUpChart(page, table);
    await page.goto(`/explore/?slice_id=${chartId}`);
    const frame = page.locator('.vitrina-chart-frame');
    await expect(frame).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
    // Every row to begin with.
    await expect(frame.locator('tbody tr:not([aria-hidden])')).toHaveCount(ROWS.length);

    const filters = page.getByRole('group', { name: 'Filters', exact: true });
    await filters.getByRole('button', { name: /Drop columns or metrics here or click/ }).click();
    const editor = page.locator('.ant-popover:visible').last();

    // An ordinary column has no latest partition to offer.
    await choose(page, editor, 'Column', 'region', /^region$/);
    await editor.getByRole('combobox', { name: 'Operator' }).click();
    const operators = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(operators.filter({ hasText: /^Is not null$/ })).toHaveCount(1);
    await expect(operators.filter({ hasText: /^Latest partition$/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The partition column has.
    await choose(page, editor, 'Column', 'ds', /^ds$/);
    await choose(page, editor, 'Operator', 'Latest partition', /^Latest partition$/);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(
      filters.getByTestId('explore-option').filter({ hasText: 'ds = latest partition' }),
    ).toHaveCount(1);

    await page.getByRole('button', { name: 'Run' }).click();
    await expect(frame).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
    const rows = frame.locator('tbody tr:not([aria-hidden])');
    await expect(rows).toHaveCount(2);
    await expect(frame.getByRole('cell', { name: 'south', exact: true })).toBeVisible();
    await expect(frame.getByRole('cell', { name: 'east', exact: true })).toBeVisible();
    await expect(frame.getByRole('cell', { name: 'north', exact: true })).toHaveCount(0);
  } finally {
    await onTestDatabase([`DROP TABLE IF EXISTS ${table}`]);
  }
});
