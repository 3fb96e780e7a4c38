import type { Page, Request } from '@playwright/test';
import { createDashboard, createDashboardChart, putDashboardMetadata } from './dashboardApi.ts';
import { exampleDatasetId, expect, test, uniqueName } from './fixtures.ts';

/**
 * Native filters on a dashboard the journey makes itself (two charts of the example sales dataset):
 * configuring value and time filters with a scope, applying them, a region → city cascade, and the
 * horizontal filter bar with its overflow.
 */

test.describe.configure({ timeout: 180_000 });

interface Made {
  dashboardId: number;
  chartIds: number[];
}

/** Total revenue as a big number. */
function revenueChart(page: Page, datasetId: number, dashboardId: number, name: string): Promise<number> {
  const params = { metric: 'revenue' };
  return createDashboardChart(page, { datasetId, dashboardId, name, vizType: 'big_number_total', params });
}

/** A dashboard with two revenue charts named `<prefix> A` and `<prefix> B`. */
async function dashboardWithTwoCharts(page: Page, prefix: string): Promise<Made> {
  const datasetId = await exampleDatasetId(page, 'sales');
  const dashboardId = await createDashboard(page, uniqueName(prefix));
  const chartIds = [
    await revenueChart(page, datasetId, dashboardId, `${prefix} A`),
    await revenueChart(page, datasetId, dashboardId, `${prefix} B`),
  ];
  return { dashboardId, chartIds };
}

function selectFilter(id: string, name: string, datasetId: number, column: string, parents: string[] = []) {
  return {
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: column } }],
    controlValues: { multiSelect: true },
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: parents,
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    description: '',
  };
}

const chart = (page: Page, id: number) => page.locator(`.dashboard-chart[data-chart-id="${id}"]`);

async function waitRendered(page: Page, ids: number[]) {
  for (const id of ids) {
    await expect(chart(page, id)).toHaveAttribute('data-chart-status', 'rendered', { timeout: 45_000 });
  }
}

/** The chart ids in the chart data requests sent while `action` runs and the charts settle. */
async function queriedCharts(
  page: Page,
  action: () => Promise<void>,
  settled: () => Promise<void>,
): Promise<number[]> {
  const ids: number[] = [];
  const listener = (request: Request) => {
    if (request.method() !== 'POST') return;
    const url = request.url();
    // Only the dashboard's data requests are JSON; others (the event beacon's form) are not read.
    if (/\/chart_data/.test(url)) {
      const body = request.postDataJSON() as { charts?: Array<{ slice_id: number }> } | null;
      for (const entry of body?.charts ?? []) ids.push(entry.slice_id);
    }
    const formData = /form_data=([^&]+)/.exec(url)?.[1];
    if (/\/api\/v1\/chart\/data/.test(url) && formData) {
      const sliceId = (JSON.parse(decodeURIComponent(formData)) as { slice_id?: number }).slice_id;
      if (sliceId) ids.push(sliceId);
    }
  };
  page.on('request', listener);
  await action();
  await settled();
  page.off('request', listener);
  return ids;
}

/** Picks an option of an antd select by its accessible name. */
async function choose(page: Page, name: string, option: string | RegExp, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

test('value and time filters, one chart scoped out: only the charts in scope re-query and count their filters', async ({
  adminPage: page,
}) => {
  const { dashboardId, chartIds } = await dashboardWithTwoCharts(page, uniqueName('NF scope'));
  const [inScope, outOfScope] = chartIds as [number, number];
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, chartIds);
  const bar = page.locator('[data-test="filter-bar"]');
  await expect(bar).toHaveAttribute('data-orientation', 'VERTICAL');

  // A value filter on region that leaves chart B out, and a time range filter on every chart.
  await bar.getByRole('button', { name: 'Add or edit filters' }).click();
  const modal = page.getByRole('dialog', { name: 'Add and edit filters' });
  await modal.getByRole('button', { name: /Filter$/ }).click();
  await modal.getByLabel('Filter name').fill('Region');
  await choose(page, 'Dataset', 'sales', modal);
  await choose(page, 'Column', 'region', modal);
  const scopeTree = modal.locator('[data-test="filter-scope-tree"]');
  await scopeTree.getByText(/ B$/).click();
  await modal.getByRole('button', { name: /Filter$/ }).click();
  await modal.getByLabel('Filter name').fill('Period');
  await choose(page, 'Filter type', 'Time range', modal);
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(bar.locator('[data-test="filter-bar-entry"]')).toHaveCount(2);

  // Choosing a region is pending until Apply; Apply re-queries chart A only.
  await choose(page, 'Region', 'North America', bar);
  await page.keyboard.press('Escape');
  const afterRegion = await queriedCharts(
    page,
    () => bar.getByRole('button', { name: 'Apply filters' }).click(),
    () =>
      expect(chart(page, inScope).locator('[data-test="applied-filter-count"]')).toHaveAttribute(
        'data-count',
        '1',
      ),
  );
  await waitRendered(page, chartIds);
  expect(afterRegion).toContain(inScope);
  expect(afterRegion).not.toContain(outOfScope);
  await expect(chart(page, outOfScope).locator('[data-test="applied-filter-count"]')).toHaveCount(0);

  // The applied count lists the filter.
  await chart(page, inScope).locator('[data-test="applied-filter-count"]').click();
  await expect(page.locator('[data-test="applied-filters-list"]')).toContainText('Region');
  await page.keyboard.press('Escape');

  // A time range reaches both charts.
  await bar.locator('[data-test="filter-time-range"]').getByRole('button').click();
  const picker = page.locator('.ant-popover:visible').last();
  await picker.getByRole('combobox', { name: 'Range type' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Advanced', { exact: true }).click();
  await picker.getByRole('textbox', { name: /Start/ }).fill('2024-01-01');
  await picker.getByRole('textbox', { name: /End/ }).fill('2025-01-01');
  await picker.getByRole('button', { name: 'Apply' }).click();
  await bar.getByRole('button', { name: 'Apply filters' }).click();
  await expect(chart(page, inScope).locator('[data-test="applied-filter-count"]')).toHaveAttribute(
    'data-count',
    '2',
  );
  await expect(chart(page, outOfScope).locator('[data-test="applied-filter-count"]')).toHaveAttribute(
    'data-count',
    '1',
  );

  // The configuration was stored: it is there after a reload.
  await page.reload();
  await expect(page.locator('[data-test="filter-bar-entry"]')).toHaveCount(2, { timeout: 45_000 });
});

test('a city filter cascades under a region filter: its options narrow to the chosen region', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const { dashboardId } = await dashboardWithTwoCharts(page, uniqueName('NF cascade'));
  await putDashboardMetadata(page, dashboardId, {
    native_filter_configuration: [
      selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region'),
      selectFilter('NATIVE_FILTER-city', 'City', datasetId, 'city', ['NATIVE_FILTER-region']),
    ],
  });
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  const bar = page.locator('[data-test="filter-bar"]');
  await expect(bar.locator('[data-test="filter-bar-entry"]')).toHaveCount(2, { timeout: 45_000 });

  // Before a region is chosen the city list holds cities of every region.
  await bar.getByRole('combobox', { name: 'City' }).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await page.keyboard.type('Paris');
  await expect(dropdown.getByTitle('Paris', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await choose(page, 'Region', 'North America', bar);
  await page.keyboard.press('Escape');
  await bar.getByRole('combobox', { name: 'City' }).click();
  await page.keyboard.type('Toronto');
  await expect(
    page.locator('.ant-select-dropdown:visible').getByTitle('Toronto', { exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Paris');
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('Paris', { exact: true })).toHaveCount(
    0,
  );
});

test('the horizontal filter bar moves what does not fit into More filters', async ({ adminPage: page }) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const { dashboardId } = await dashboardWithTwoCharts(page, uniqueName('NF horizontal'));
  const columns = ['region', 'country', 'city', 'channel', 'product_category', 'customer_segment', 'product'];
  await putDashboardMetadata(page, dashboardId, {
    filter_bar_orientation: 'HORIZONTAL',
    native_filter_configuration: columns.map((column) =>
      selectFilter(`NATIVE_FILTER-${column}`, `By ${column}`, datasetId, column),
    ),
  });
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  const bar = page.locator('[data-test="filter-bar"]');
  await expect(bar).toHaveAttribute('data-orientation', 'HORIZONTAL', { timeout: 45_000 });
  const more = bar.locator('[data-test="filter-bar-more"]');
  await expect(more).toBeVisible();
  const inline = await bar.locator('[data-test="filter-bar-entry"]').count();
  expect(inline).toBeGreaterThan(0);
  expect(inline).toBeLessThan(columns.length);
  await expect(more).toContainText(`More filters (${columns.length - inline})`);
  await more.click();
  const overflow = page.locator('[data-test="filter-bar-overflow"]');
  await expect(overflow.locator('[data-test="filter-bar-entry"]')).toHaveCount(columns.length - inline);
  await expect(overflow).toContainText('By product');
});

test('a value filter maps its column onto another dataset, so that dataset’s chart can be in scope', async ({
  adminPage: page,
}) => {
  const salesId = await exampleDatasetId(page, 'sales');
  const carsId = await exampleDatasetId(page, 'cars');
  const dashboardId = await createDashboard(page, uniqueName('NF mapping'));
  const sales = await revenueChart(page, salesId, dashboardId, 'Mapping sales');
  const cars = await createDashboardChart(page, {
    datasetId: carsId,
    dashboardId,
    name: 'Mapping cars',
    vizType: 'big_number_total',
    params: { metric: 'avg_horsepower' },
  });
  await putDashboardMetadata(page, dashboardId, {
    native_filter_configuration: [selectFilter('NATIVE_FILTER-country', 'Country', salesId, 'country')],
  });
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, [sales, cars]);
  const bar = page.locator('[data-test="filter-bar"]');

  // The cars chart is greyed in the scope until the filter's column is mapped onto a cars column.
  await bar.getByRole('button', { name: 'Add or edit filters' }).click();
  const modal = page.getByRole('dialog', { name: 'Add and edit filters' });
  const otherDataset = modal.locator('[data-test="scope-chart-other-dataset"]');
  await expect(otherDataset).toHaveText('Mapping cars');
  await choose(page, 'Column of cars', /^origin$/i, modal);
  await expect(otherDataset).toHaveCount(0);
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal).toBeHidden();

  // A country chosen in the bar now reaches the cars chart too.
  await bar.getByRole('combobox', { name: 'Country', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await bar.getByRole('button', { name: 'Apply filters' }).click();
  for (const id of [sales, cars]) {
    await expect(chart(page, id).locator('[data-test="applied-filter-count"]')).toHaveAttribute(
      'data-count',
      '1',
    );
  }
});
