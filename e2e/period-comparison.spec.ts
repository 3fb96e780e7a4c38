import { addSimpleMetric, setAdvancedTimeRange } from './explorePage.ts';
import { exampleDatasetId, expect, test } from './fixtures.ts';

/**
 * The big number with time period comparison (pop_kpi) in explore: a year of revenue on the example
 * `sales` data against the year before, and a custom comparison that asks for its filters.
 */

test('revenue of 2025 against 2024, then a custom comparison without filters', async ({
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  const datasetId = await exampleDatasetId(page, 'sales');
  await page.goto(`/explore/?datasource_type=table&datasource_id=${datasetId}`);

  // Pick the chart in the gallery by searching for it.
  await page.getByRole('button', { name: /^Chart type: / }).click();
  const gallery = page.getByRole('dialog', { name: 'Change chart type' });
  await gallery.getByRole('textbox', { name: 'Search all charts' }).fill('comparison');
  await gallery.getByRole('option', { name: 'Big Number with Time Period Comparison' }).click();
  await gallery.getByRole('button', { name: 'Select' }).click();
  await expect(gallery).toBeHidden();

  // SUM of revenue through the metric editor.
  const metric = await addSimpleMetric(page, 'Metric', 'Revenue', 'SUM');
  await expect(metric.getByTestId('explore-option')).toContainText('SUM(revenue)');

  // The year 2025 on the time filter the chart starts with; the evaluated range says the end is excluded.
  await setAdvancedTimeRange(page, '2025-01-01', '2026-01-01', '2025-01-01 ≤ order_ts < 2026-01-01');

  // Compare with the same dates a year earlier, and run.
  const range = page.getByRole('radiogroup', { name: 'Range for comparison' });
  await range.getByText('Year', { exact: true }).click();
  await expect(range.getByRole('radio', { name: 'Year' })).toBeChecked();
  await page.getByRole('button', { name: 'Run' }).click();
  const frame = page.locator('.vitrina-chart-frame');
  await expect(frame).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });

  // The value, the previous year's value, the difference and the change in percent.
  await expect(frame.getByTestId('pop-kpi-value')).toHaveText(/\d/);
  await expect(frame.getByTestId('pop-kpi-previous')).toHaveText(/^#\d/);
  await expect(frame.getByTestId('pop-kpi-difference')).toHaveText(/^△[−-]?\d/);
  // The sales grow every year: 2025 is above 2024.
  await expect(frame.getByTestId('pop-kpi-percent')).toHaveText(/^%\+\d+(\.\d)?%$/);
  // The previous value's tooltip names the period it is for, with its last day.
  await frame.getByTestId('pop-kpi-previous').hover();
  await expect(page.getByRole('tooltip')).toContainText('Data for 2024-01-01 ≤ Order time ≤ 2024-12-31');

  // A custom comparison needs its own filters: without them it cannot run.
  await range.getByText('Custom', { exact: true }).click();
  const custom = page.getByRole('group', { name: 'Filters for comparison', exact: true });
  await expect(custom).toBeVisible();
  await expect(page.getByText('Filters for comparison must have a value').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled();
});
