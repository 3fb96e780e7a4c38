import type { Page } from '@playwright/test';
import { chooseLanguage, expect, test, uniqueName } from './fixtures.ts';

async function csrf(page: Page): Promise<string> {
  const body = (await (await page.request.get('/api/v1/security/csrf_token/')).json()) as { result: string };
  return body.result;
}

/** The examples database; a first start registers it after the server answers, so it may come a little later. */
async function examplesDatabaseId(page: Page): Promise<number> {
  const q = '(filters:!((col:database_name,opr:eq,value:examples)),columns:!(id,database_name))';
  let id: number | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/v1/database/?q=${encodeURIComponent(q)}`);
    expect(response.ok(), await response.text()).toBe(true);
    const { result } = (await response.json()) as { result: Array<{ id: number }> };
    expect(result, 'the examples database').toHaveLength(1);
    id = result[0]!.id;
  }).toPass({ timeout: 90_000 });
  return id!;
}

/** A virtual dataset of its own on the examples database, so the journey depends on no example table. */
async function createDataset(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/v1/dataset/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      database: await examplesDatabaseId(page),
      schema: 'main',
      table_name: name,
      sql: "SELECT 'Moscow' AS city, 120 AS revenue UNION ALL SELECT 'Kazan' AS city, 80 AS revenue",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

interface NewChart {
  slice_name: string;
  slice_name_ru?: string;
  viz_type: string;
}

async function createChart(page: Page, datasetId: number, chart: NewChart): Promise<number> {
  const params = {
    datasource: `${datasetId}__table`,
    viz_type: chart.viz_type,
    groupby: ['city'],
    metric: { expressionType: 'SQL', sqlExpression: 'SUM(revenue)', label: 'revenue' },
    adhoc_filters: [],
    row_limit: 100,
  };
  const response = await page.request.post('/api/v1/chart/', {
    headers: { 'X-CSRFToken': await csrf(page) },
    data: {
      ...chart,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Picks an option of a filter; a searchable one is typed into, since long option lists are virtual. */
async function pick(page: Page, label: string, option: string, { typed = false } = {}): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.click();
  if (typed) await select.fill(option);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

async function clear(page: Page, label: string): Promise<void> {
  const select = page
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: label, exact: true }) });
  await select.hover();
  await select.locator('.ant-select-clear').click();
}

async function search(page: Page, placeholder: string, text: string): Promise<void> {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(text);
  await box.press('Enter');
}

test('a user finds, filters, stars and deletes charts, in cards and in the table, in both languages', async ({
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const prefix = uniqueName('e2e_chart');
  const datasetId = await createDataset(page, uniqueName('e2e_charts_ds'));
  const pieName = `${prefix} revenue by city`;
  const funnelName = `${prefix} orders funnel`;
  const pieId = await createChart(page, datasetId, {
    slice_name: pieName,
    slice_name_ru: `${prefix} выручка по городам`,
    viz_type: 'pie',
  });
  await createChart(page, datasetId, { slice_name: funnelName, viz_type: 'funnel' });

  await page.goto('/chart/list/');
  await expect(page.getByRole('heading', { name: 'Charts' })).toBeVisible();

  // Search: both charts of this journey, and only them.
  await search(page, 'Search by name', prefix);
  const pieRow = page.getByRole('row').filter({ hasText: pieName });
  const funnelRow = page.getByRole('row').filter({ hasText: funnelName });
  await expect(pieRow).toBeVisible();
  await expect(funnelRow).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);
  await expect(pieRow).toContainText('Pie chart');
  await expect(funnelRow).toContainText('Funnel chart');
  await expect(pieRow.getByRole('link', { name: pieName })).toHaveAttribute(
    'href',
    `/explore/?slice_id=${pieId}`,
  );

  // The title leads into explore, where the chart area draws the pie with ECharts.
  await pieRow.getByRole('link', { name: pieName }).click();
  await expect(page).toHaveURL(new RegExp(`/explore/\\?slice_id=${pieId}$`));
  const chartArea = page.locator('.vitrina-chart-frame');
  await expect(chartArea).toHaveAttribute('data-chart-status', 'success', { timeout: 30_000 });
  await expect(chartArea.locator('canvas')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Charts' })).toBeVisible();
  await search(page, 'Search by name', prefix);

  // Filter by type.
  await pick(page, 'Type', 'Pie chart', { typed: true });
  await expect(funnelRow).toHaveCount(0);
  await expect(pieRow).toBeVisible();
  await clear(page, 'Type');
  await expect(funnelRow).toBeVisible();

  // Cards: the same charts, each a card with its type.
  await page.getByText('Card view', { exact: true }).click();
  const funnelCard = page.getByRole('article', { name: funnelName });
  await expect(funnelCard).toBeVisible();
  await expect(funnelCard).toContainText('Funnel chart');
  await expect(page.getByRole('table')).toHaveCount(0);

  // Star the funnel; the favourite filter then shows it alone.
  const star = funnelCard.getByRole('button', { name: `Add ${funnelName} to favorites` });
  await star.click();
  await expect(
    funnelCard.getByRole('button', { name: `Remove ${funnelName} from favorites` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await pick(page, 'Favorite', 'Yes');
  await expect(funnelCard).toBeVisible();
  await expect(page.getByRole('article', { name: pieName })).toHaveCount(0);
  await clear(page, 'Favorite');
  await expect(page.getByRole('article', { name: pieName })).toBeVisible();

  // Back to the table, then Russian: the pie shows its Russian title, the funnel (none) its English one.
  await page.getByText('List view', { exact: true }).click();
  await expect(pieRow).toBeVisible();
  await chooseLanguage(page, 'Русский', 'ru');
  await expect(page.getByRole('heading', { name: 'Графики' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${prefix} выручка по городам` })).toBeVisible();
  await expect(page.getByRole('link', { name: funnelName })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${prefix} выручка по городам` })).toContainText(
    'Круговая диаграмма',
  );
  await chooseLanguage(page, 'English', 'en');
  await expect(page.getByRole('heading', { name: 'Charts' })).toBeVisible();

  // Bulk delete: select the pie, confirm, and it is gone while the funnel stays.
  await pieRow.getByRole('checkbox').check();
  await expect(page.getByText('Selected: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Charts deleted: 1')).toBeVisible();
  await expect(pieRow).toHaveCount(0);
  await expect(funnelRow).toBeVisible();

  // The server agrees.
  const gone = await page.request.get(`/api/v1/chart/${pieId}`);
  expect(gone.status()).toBe(404);
});
