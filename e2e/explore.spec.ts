import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CHART_PLUGINS, VIZ_TYPES } from '../packages/common/src/viz/registry.ts';
import { addSimpleMetric, chartFrame, choose, setAdvancedTimeRange } from './explorePage.ts';
import { csrfToken, exampleDatasetId, expect, openSubmenu, test, uniqueName } from './fixtures.ts';

/**
 * The explore journey (building a chart without code) and a picture of every chart type drawn on the
 * example `sales` data. The `sales` dataset is the one the server creates over the examples database
 * on its first start (fixtures.exampleDatasetId waits for it); creating a second one over the same
 * table is refused as a duplicate.
 */

/** Picks an option of an antd select named `label` inside `scope`, typing `search` to narrow the list. */

/** A pie chart on the example data, saved through the API as a person's earlier work would be. */
async function createPie(page: Page, datasetId: number, name: string, params: object): Promise<number> {
  const created = await page.request.post('/api/v1/chart/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      slice_name: name,
      viz_type: 'pie',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('an admin builds a bar chart of revenue over time, saves it to a new dashboard and downloads its data', async ({
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const datasetId = await exampleDatasetId(page, 'sales');
  const chartName = uniqueName('Revenue by month');
  const dashboardName = uniqueName('Sales overview');

  // Explore without parameters is the dataset picker.
  await page.goto('/explore/');
  await expect(page.getByRole('heading', { name: 'Choose a dataset' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search datasets by name' }).fill('sales');
  await page.getByRole('searchbox', { name: 'Search datasets by name' }).press('Enter');
  await page
    .getByRole('row')
    .filter({ hasText: 'examples' })
    .getByRole('link', { name: 'sales', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`datasource_id=${datasetId}`));

  // The dataset panel lists columns by their verbose names.
  const columns = page.getByRole('list', { name: 'Columns of the dataset' });
  await expect(columns.getByRole('listitem', { name: 'Order time' })).toBeVisible();

  // Choose the Bar Chart in the gallery, found by searching.
  await page.getByRole('button', { name: /^Chart type: / }).click();
  const gallery = page.getByRole('dialog', { name: 'Change chart type' });
  await gallery.getByRole('textbox', { name: 'Search all charts' }).fill('bar');
  await gallery.getByRole('option', { name: 'Bar Chart' }).click();
  await gallery.getByRole('button', { name: 'Select' }).click();
  await expect(gallery).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chart type: Bar Chart. Change it' })).toBeVisible();

  // The metric is required: Run waits for it.
  await expect(page.getByText('Add required control values to preview chart').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled();

  // Drag the order time column onto the X-axis.
  const xAxis = page.getByRole('group', { name: 'X-axis' });
  await columns.getByRole('listitem', { name: 'Order time' }).dragTo(xAxis);
  await expect(xAxis.getByTestId('explore-option')).toHaveCount(1);
  await expect(xAxis.getByTestId('explore-option')).toContainText(/order_ts|Order time/);

  // A temporal x-axis brings its time filter with it; the controls settle once it is there.
  await expect(page.getByRole('group', { name: 'Filters', exact: true })).toContainText(
    /order_ts|Order time/,
  );

  // SUM of revenue through the metric editor (it opens on Saved: the dataset has saved metrics).
  const metrics = await addSimpleMetric(page, 'Metrics', 'Revenue', 'SUM', { opensOn: 'Saved' });
  await expect(metrics.getByTestId('explore-option')).toContainText('SUM(revenue)');

  // A month grain keeps the bars readable.
  await choose(page, page.locator('[data-control-name="time_grain_sqla"]'), 'Time grain', 'Month', /^Month$/);

  // Run: the chart draws on a canvas, and there are results.
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  await expect(chartFrame(page).locator('canvas').first()).toBeVisible();
  await expect(page.getByText('No Results')).toHaveCount(0);

  // Change the time range on the time filter: the chart says it changed until it runs again.
  await setAdvancedTimeRange(page, '2024-01-01', '2025-01-01');
  await expect(page.getByText('The chart has changed: run it to see the update.')).toBeVisible();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  await expect(page.getByText('The chart has changed: run it to see the update.')).toHaveCount(0);
  await expect(chartFrame(page).locator('canvas').first()).toBeVisible();

  // Save it onto a new dashboard typed into the dashboard select.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save chart' });
  await saveDialog.getByLabel('Chart name').fill(chartName);
  const dashboardSelect = saveDialog.getByRole('combobox', { name: 'Add to dashboard' });
  await dashboardSelect.click();
  await dashboardSelect.fill(dashboardName);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: dashboardName })
    .filter({ hasText: 'New' })
    .click();
  await saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
  // Both toasts show together for a few seconds: wait for them at once, not one after the other.
  await Promise.all([
    expect(page.getByText(`Chart [${chartName}] has been saved`)).toBeVisible(),
    expect(
      page.getByText(
        `Dashboard [${dashboardName}] just got created and chart [${chartName}] was added to it`,
      ),
    ).toBeVisible(),
  ]);
  await expect(saveDialog).toBeHidden();
  await expect(page).toHaveURL(/\/explore\/\?slice_id=\d+$/);
  const sliceId = Number(new URL(page.url()).searchParams.get('slice_id'));

  // The dashboard exists and holds the chart.
  const charts = await page.request.get(`/api/v1/chart/${sliceId}`);
  expect(charts.ok()).toBe(true);
  const saved = (await charts.json()) as {
    result: {
      slice_name: string;
      viz_type: string;
      params: string;
      dashboards: Array<{ dashboard_title: string }>;
    };
  };
  expect(saved.result).toMatchObject({ slice_name: chartName, viz_type: 'echarts_timeseries_bar' });
  expect(saved.result.dashboards.map((d) => d.dashboard_title)).toEqual([dashboardName]);
  expect(JSON.parse(saved.result.params)).toMatchObject({ x_axis: 'order_ts', time_grain_sqla: 'P1M' });

  // Find it in the charts list and open it again.
  await page.goto('/chart/list/');
  const row = page.getByRole('row').filter({ hasText: chartName });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: chartName }).click();
  await expect(page).toHaveURL(new RegExp(`slice_id=${sliceId}`));
  await expect(page.getByRole('heading', { name: chartName })).toBeVisible();
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });

  // Download its data as CSV: a file with a header line and rows.
  await page.getByRole('button', { name: 'More chart actions' }).click();
  const exportCsv = page.getByRole('menuitem', { name: 'Export to .CSV' });
  await openSubmenu(page.getByRole('menuitem', { name: 'Download' }), exportCsv);
  const downloading = page.waitForEvent('download');
  await exportCsv.dispatchEvent('click');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines[0]).toMatch(/order_ts/);
  expect(lines[0]).toMatch(/SUM\(revenue\)/);
});

test('the chart menu shows the query, results and samples, saves an image, edits properties and overwrites', async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const datasetId = await exampleDatasetId(page, 'sales');
  const name = uniqueName('Orders by region');
  const params = {
    datasource: `${datasetId}__table`,
    viz_type: 'pie',
    groupby: ['region'],
    metric: 'orders',
    adhoc_filters: [],
    form_data_version: 1,
  };
  const id = await createPie(page, datasetId, name, params);

  await page.goto(`/explore/?slice_id=${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  const menu = async (item: string) => {
    await page.getByRole('button', { name: 'More chart actions' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };

  // The SQL the server runs for this chart.
  await menu('View query');
  const queryDialog = page.getByRole('dialog', { name: 'View query' });
  await expect(queryDialog.getByRole('textbox', { name: 'Query SQL' })).toContainText(/COUNT\(DISTINCT/i);
  await queryDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(queryDialog).toBeHidden();

  // The result rows, then the dataset's sample rows.
  await menu('View results');
  const dataTabs = page.getByRole('tablist').filter({ hasText: 'Samples' });
  await expect(page.getByRole('tabpanel').getByText('Rows: 5')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('North America', { exact: true })).toBeVisible();
  await dataTabs.getByRole('tab', { name: 'Samples' }).click();
  await expect(page.getByRole('tabpanel').getByText('order_ts', { exact: true })).toBeVisible();

  // The drawn chart as a PNG.
  const imageDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'More chart actions' }).click();
  const imageItem = page.getByRole('menuitem', { name: 'Download as image' });
  // The submenu's name carries its icons' names ('download Download right').
  await openSubmenu(page.getByRole('menuitem', { name: /^download Download/ }), imageItem);
  await imageItem.dispatchEvent('click');
  const image = await imageDownload;
  expect(image.suggestedFilename()).toMatch(/\.png$/);
  expect((await readFile(await image.path())).subarray(1, 4).toString()).toBe('PNG');

  // A Russian name through the properties; the Russian UI would show it.
  await menu('Edit chart properties');
  const properties = page.getByRole('dialog', { name: 'Edit chart properties' });
  await properties.getByLabel('Name (Russian)').fill('Заказы по регионам');
  await properties.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Chart [${name}] properties were saved`)).toBeVisible();
  await expect(properties).toBeHidden();

  // Overwrite with a donut: the saved chart changes, its name stays.
  await page.locator('[data-control-name="donut"]').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save chart' });
  await expect(saveDialog.getByRole('radio', { name: 'Save (Overwrite)' })).toBeChecked();
  await saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Chart [${name}] has been overwritten`)).toBeVisible();
  const saved = (await (await page.request.get(`/api/v1/chart/${id}`)).json()) as {
    result: { slice_name_ru: string; params: string; query_context: string };
  };
  expect(saved.result.slice_name_ru).toBe('Заказы по регионам');
  expect(JSON.parse(saved.result.params)).toMatchObject({ donut: true, slice_id: id });
  expect(JSON.parse(saved.result.query_context)).toMatchObject({
    datasource: { id: datasetId, type: 'table' },
  });
});

test('a custom SQL filter that reads another table is refused with a message naming it', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const name = uniqueName('Sneaky filter');
  const params = {
    datasource: `${datasetId}__table`,
    viz_type: 'pie',
    groupby: ['region'],
    metric: 'orders',
    adhoc_filters: [
      {
        expressionType: 'SQL',
        clause: 'WHERE',
        sqlExpression: 'region IN (SELECT region FROM sales)',
        subject: null,
        operator: null,
        comparator: null,
      },
    ],
    form_data_version: 1,
  };
  const id = await createPie(page, datasetId, name, params);
  await page.goto(`/explore/?slice_id=${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(chartFrame(page)).toContainText('Custom SQL fields cannot contain sub-queries.', {
    timeout: 60_000,
  });
});

test('a permalink reopens explore with the same chart, and leaving with unsaved changes asks first', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const response = await page.request.post('/api/v1/explore/permalink', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      formData: {
        datasource: `${datasetId}__table`,
        viz_type: 'pie',
        groupby: ['region'],
        metric: 'revenue',
        adhoc_filters: [],
      },
      urlParams: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { key } = (await response.json()) as { key: string };

  await page.goto(`/superset/explore/p/${key}/`);
  await expect(page.getByRole('button', { name: 'Chart type: Pie chart. Change it' })).toBeVisible();
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  await expect(chartFrame(page).locator('canvas').first()).toBeVisible();

  // Another chart type, found by its Russian name: the chart waits for a run, and leaving asks first.
  await page.getByRole('button', { name: 'Chart type: Pie chart. Change it' }).click();
  const gallery = page.getByRole('dialog', { name: 'Change chart type' });
  await gallery.getByRole('textbox', { name: 'Search all charts' }).fill('воронка');
  await expect(gallery.getByRole('option')).toHaveCount(1);
  await gallery.getByRole('option').dblclick();
  await expect(page.getByText('The chart has changed: run it to see the update.')).toBeVisible();

  const navigation = page.getByRole('menu', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Charts' }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Leave without saving?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Stay' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/explore\/p\//);
  await navigation.getByRole('link', { name: 'Charts' }).click();
  await confirm.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/chart\/list/);
});

// ─── Every chart type on the example data ──────────────────────────────────────────────────────────

/**
 * Distinct colours of a PNG and the share of pixels that differ from the corner's background, decoded
 * by the browser itself (no image library needed).
 */
async function pixelStats(page: Page, png: Buffer): Promise<{ colours: number; inked: number }> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return { colours: 0, inked: 0 };
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const colours = new Set<number>();
    const background = [data[0], data[1], data[2]];
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      colours.add(((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3));
      const distance =
        Math.abs(data[i]! - background[0]!) +
        Math.abs(data[i + 1]! - background[1]!) +
        Math.abs(data[i + 2]! - background[2]!);
      if (distance > 30) inked++;
    }
    return { colours: colours.size, inked: inked / (data.length / 4) };
  }, png.toString('base64'));
}

for (const vizType of VIZ_TYPES) {
  test(`the ${vizType} chart draws on the example data`, async ({ adminPage: page }, testInfo) => {
    // The type's example dataset: sales, or the one it names (the map's airports).
    const datasetId = await exampleDatasetId(page, CHART_PLUGINS[vizType].example.dataset ?? 'sales');
    const response = await page.request.post('/api/v1/explore/permalink', {
      headers: { 'X-CSRFToken': await csrfToken(page) },
      data: {
        formData: {
          datasource: `${datasetId}__table`,
          viz_type: vizType,
          adhoc_filters: [],
          // The type's own example (common/viz/<type>/example.ts), as the server's example chart uses it.
          ...CHART_PLUGINS[vizType].example.params,
        },
        urlParams: [],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { key } = (await response.json()) as { key: string };

    await page.goto(`/explore/p/${key}/`);
    const frame = chartFrame(page);
    await expect(frame).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
    await expect(page.getByText('No Results')).toHaveCount(0);
    await expect(frame.getByRole('alert')).toHaveCount(0);
    // Let animations settle before the picture.
    await page.waitForTimeout(1500);

    const file = testInfo.outputPath(`${vizType}.png`);
    const png = await frame.screenshot({ path: file });
    await testInfo.attach(`${vizType}.png`, { path: file, contentType: 'image/png' });
    const { colours, inked } = await pixelStats(page, png);
    expect(colours, `${vizType} has more than its background colour`).toBeGreaterThan(3);
    expect(inked, `${vizType} covers part of its box`).toBeGreaterThan(0.005);
  });
}
