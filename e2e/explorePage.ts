import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** What explore journeys do on the page: pick from selects, set the time range, watch the chart. */

/** The chart area: its frame carries the chart status. */
export function chartFrame(page: Page): Locator {
  return page.locator('.vitrina-chart-frame');
}

/** Picks an option of an antd select named `label` inside `scope`, typing `search` to narrow the list. */
export async function choose(
  page: Page,
  scope: Locator,
  label: string,
  search: string,
  option: RegExp,
): Promise<void> {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  // Selects without search have a read-only input: their few options are all in view.
  if (await select.isEditable()) await select.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/**
 * Adds a simple metric (`aggregate` of the column labelled `column`) through the metric editor of the
 * metrics control `group` (its accessible name, 'Metrics' or 'Metric'), and waits for its chip.
 */
export async function addSimpleMetric(
  page: Page,
  group: string,
  column: string,
  aggregate: string,
  options: { opensOn?: 'Saved' | 'Simple' } = {},
) {
  const control = page.getByRole('group', { name: group, exact: true });
  await control
    .getByRole('button', { name: /Drop (columns or metrics|a column or metric) here or click/ })
    .click();
  const editor = page.locator('.ant-popover:visible');
  if (options.opensOn) {
    await expect(editor.getByRole('tab', { name: options.opensOn })).toHaveAttribute('aria-selected', 'true');
  }
  // A click landing while the popover still zooms in is lost, as a person's would be: click again.
  await expect(async () => {
    await editor.getByRole('tab', { name: 'Simple' }).click();
    await expect(editor.getByRole('tab', { name: 'Simple' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await choose(page, editor, 'Column', column, new RegExp(`^${column}$`));
  await choose(page, editor, 'Aggregate', aggregate, new RegExp(`^${aggregate}$`));
  await editor.getByRole('button', { name: 'Save' }).click();
  return control;
}

/**
 * Sets an advanced range (start inclusive, end exclusive) on the time filter the chart starts with,
 * through its popover, and saves it. `shown`, when given, is the evaluated range the picker must show.
 */
export async function setAdvancedTimeRange(page: Page, start: string, end: string, shown?: string) {
  const filters = page.getByRole('group', { name: 'Filters', exact: true });
  await filters
    .getByTestId('explore-option')
    .filter({ hasText: /order_ts|Order time/ })
    .getByRole('button')
    .last()
    .click();
  const filterEditor = page.locator('.ant-popover:visible').last();
  await filterEditor.getByRole('button', { name: /No filter/ }).click();
  const picker = page.locator('.ant-popover:visible').last();
  await choose(page, picker, 'Range type', 'Advanced', /^Advanced$/);
  await picker.getByRole('textbox', { name: /Start/ }).fill(start);
  await picker.getByRole('textbox', { name: /End/ }).fill(end);
  if (shown) await expect(picker.getByText(shown)).toBeVisible();
  await picker.getByRole('button', { name: 'Apply' }).click();
  await filterEditor.getByRole('button', { name: 'Save' }).click();
  await expect(filters.getByTestId('explore-option').first()).toContainText(start.slice(0, 4));
}
