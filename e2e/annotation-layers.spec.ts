import type { Locator, Page } from '@playwright/test';
import { chartFrame } from './explorePage.ts';
import { csrfToken, exampleDatasetId, expect, navigateThroughMenu, test, uniqueName } from './fixtures.ts';

/**
 * Annotation layers: an admin makes a layer and an annotation through the Settings screens, then draws
 * the layer as intervals on a time-series chart in explore.
 */

/** A line chart of revenue by month in 2024 on the example sales, saved as earlier work would be. */
async function createLineChart(page: Page, name: string): Promise<number> {
  const datasetId = await exampleDatasetId(page, 'sales');
  const created = await page.request.post('/api/v1/chart/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      slice_name: name,
      viz_type: 'echarts_timeseries_line',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        datasource: `${datasetId}__table`,
        viz_type: 'echarts_timeseries_line',
        x_axis: 'order_ts',
        time_grain_sqla: 'P1M',
        metrics: ['revenue'],
        groupby: [],
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'order_ts',
            operator: 'TEMPORAL_RANGE',
            comparator: '2024-01-01 : 2025-01-01',
          },
        ],
        row_limit: 10000,
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Types a date and time into an antd date picker and confirms it, as a person would. */
async function pickTime(dialog: Locator, label: string, text: string): Promise<void> {
  // Optional fields are labelled 'End (optional)'.
  const input = dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

test('an admin adds an annotation layer and an annotation, then draws them on a time-series chart', async ({
  adminPage: page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/');
  const layerName = uniqueName('e2e_campaigns');
  const chartId = await createLineChart(page, uniqueName('Revenue with campaigns'));

  // Settings → Annotation Layers.
  await navigateThroughMenu(page, 'Settings', 'Annotation Layers');
  await expect(page).toHaveURL(/\/annotationlayer\/list\/$/);
  await expect(page.getByRole('heading', { name: 'Annotation Layers', exact: true })).toBeVisible();

  // A new layer.
  await page.getByRole('button', { name: /Annotation layer$/ }).click();
  const layerDialog = page.getByRole('dialog', { name: 'Add annotation layer' });
  await layerDialog.getByLabel('Name', { exact: true }).fill(layerName);
  await layerDialog.getByLabel(/^Description/).fill('Marketing campaigns');
  await layerDialog.getByRole('button', { name: 'Save' }).click();
  await expect(layerDialog).toBeHidden();
  const search = page.getByRole('searchbox', { name: 'Search layers' });
  await search.fill(layerName);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: layerName });
  await expect(row).toContainText('Marketing campaigns');

  // Its annotations: add a spring campaign.
  await row.getByRole('link', { name: layerName }).click();
  await expect(page).toHaveURL(/\/annotationlayer\/\d+\/annotation\/$/);
  await expect(page.getByRole('heading', { name: `Annotations of ${layerName}` })).toBeVisible();
  await page.getByRole('button', { name: /Annotation$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add annotation' });
  await dialog.getByLabel('Title', { exact: true }).fill('Spring campaign');
  await pickTime(dialog, 'Start', '2024-03-01 00:00');
  await pickTime(dialog, 'End', '2024-04-15 00:00');
  await dialog.getByLabel(/^Description/).fill('Ten percent off');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const annotationRow = page.getByRole('row').filter({ hasText: 'Spring campaign' });
  await expect(annotationRow).toContainText('2024-03-01 00:00');
  await expect(annotationRow).toContainText('2024-04-15 00:00');

  // The chart in explore, drawn without the layer first.
  await page.goto(`/explore/?slice_id=${chartId}`);
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  const canvas = chartFrame(page).getByTestId('echarts-container');
  await expect(canvas).toHaveAttribute('data-echarts-drawn', 'true');
  const before = await canvas.screenshot();

  // Add the layer as intervals from the native annotation layer.
  await page.getByRole('button', { name: 'Annotations and layers' }).click();
  await page.getByRole('button', { name: 'Add annotation layer' }).click();
  const editor = page.locator('.ant-popover:visible').last();
  await editor.getByLabel('Name', { exact: true }).fill('Campaigns');
  await editor.getByRole('combobox', { name: 'Annotation layer type' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Interval$/ })
    .click();
  await editor.getByRole('combobox', { name: 'Annotation source' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Annotation layer$/ })
    .click();
  const layerSelect = editor.getByRole('combobox', { name: 'Annotation layer', exact: true });
  await layerSelect.click();
  await layerSelect.fill(layerName);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: layerName })
    .click();
  await editor.getByRole('button', { name: 'Apply' }).click();

  // Run: the chart data answers the layer's annotation, and the chart draws its shaded interval.
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/v1/chart/data') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Run' }).click();
  const body = (await (await answered).json()) as {
    result: Array<{ annotation_data: Record<string, { records: Array<{ short_descr: string }> }> }>;
  };
  expect(body.result[0]?.annotation_data.Campaigns?.records.map((r) => r.short_descr)).toEqual([
    'Spring campaign',
  ]);
  await expect(chartFrame(page)).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  await expect(canvas).toHaveAttribute('data-echarts-drawn', 'true');
  await expect(async () => {
    expect((await canvas.screenshot()).equals(before)).toBe(false);
  }).toPass({ timeout: 15_000 });
});
