import type { Locator, Page } from '@playwright/test';
import { exampleDatasetId, expect, test } from './fixtures.ts';

/**
 * The metric expression pattern in explore's metric editor: custom SQL of the pattern (`SUM(revenue)`)
 * carries over to the Simple tab as aggregate and column.
 */

async function openTab(editor: Locator, name: string): Promise<void> {
  // A click landing while the popover still zooms in is lost, as a person's would be: click again.
  await expect(async () => {
    await editor.getByRole('tab', { name }).click();
    await expect(editor.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true', {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
}

async function openMetricEditor(page: Page): Promise<Locator> {
  const metrics = page.getByRole('group', { name: 'Metrics', exact: true });
  await metrics.getByRole('button', { name: /Drop columns or metrics here or click/ }).click();
  return page.locator('.ant-popover:visible');
}

test('custom SQL of the metric pattern turns into a simple metric on the Simple tab', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  await page.goto(`/explore/?datasource_type=table&datasource_id=${datasetId}`);
  const editor = await openMetricEditor(page);

  await openTab(editor, 'Custom SQL');
  await editor.getByRole('textbox', { name: 'SQL expression' }).fill('DOUBLESUM(revenue)');
  await openTab(editor, 'Simple');

  await expect(
    editor.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Column' }) }),
  ).toContainText('Revenue');
  await expect(
    editor.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Aggregate' }) }),
  ).toContainText('SUM');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('group', { name: 'Metrics', exact: true }).getByTestId('explore-option'),
  ).toContainText('SUM(revenue)');
});

test('an ordering typed by hand in a raw table says "Found invalid orderby options"', async ({
  adminPage: page,
}) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  await page.goto(`/explore/?datasource_type=table&datasource_id=${datasetId}`);
  await page.getByText('Raw records', { exact: true }).click();
  const ordering = page.locator('[data-control-name="order_by_cols"]');
  await ordering.getByRole('combobox', { name: 'Ordering' }).fill('revenue desc');
  await page.keyboard.press('Enter');
  await expect(ordering).toContainText('Found invalid orderby options');
});
