import type { Locator, Page } from '@playwright/test';
import { csrfToken, exampleDatasetId, expect, navigateThroughMenu, test, uniqueName } from './fixtures.ts';

async function pickOption(dialog: Locator, label: string, search: string, option: string): Promise<void> {
  // Optional fields are labelled 'Roles (optional)'.
  const select = dialog.getByRole('combobox', { name: new RegExp(`^${label}`) });
  const options = dialog.page().locator('.ant-select-item-option');
  // The options come from the server as the search is typed: a list that is replaced while the pointer
  // is on its way loses the click, so pick again until the option shows as chosen, as a person would.
  await expect(async () => {
    await select.fill(search);
    await options.filter({ hasText: option }).first().click();
    await expect(
      options.and(dialog.page().locator('.ant-select-item-option-selected')).filter({ hasText: option }),
    ).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  // Close the options list the way a person would: click elsewhere in the dialog.
  await dialog.locator('.ant-modal-title').click();
}

async function replaceClause(dialog: Locator, clause: string): Promise<void> {
  const editor = dialog.getByLabel('Clause', { exact: true });
  await editor.click();
  await editor.press('ControlOrMeta+A');
  await editor.press('Delete');
  await editor.pressSequentially(clause);
}

async function searchRule(page: Page, name: string): Promise<Locator> {
  const search = page.getByPlaceholder('Contains…');
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('an admin creates a row level security rule on sales, edits its clause and deletes it', async ({
  adminPage: page,
}) => {
  await exampleDatasetId(page, 'sales');
  const name = uniqueName('e2e_rls');
  await page.goto('/');

  await navigateThroughMenu(page, 'Settings', 'Row Level Security');
  await expect(page).toHaveURL(/\/rowlevelsecurity\/list\/$/);
  await expect(page.getByRole('heading', { name: 'Row Level Security', exact: true })).toBeVisible();

  // Create.
  await page.getByRole('button', { name: /\bRule$/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await expect(dialog.getByText('Regular filters add where clauses to queries')).toBeVisible();
  await pickOption(dialog, 'Datasets', 'sales', 'main.sales');
  await pickOption(dialog, 'Roles', 'Gamma', 'Gamma');
  await dialog.getByLabel(/^Group key/).fill('region');
  await replaceClause(dialog, "region = 'EU'");
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  let row = await searchRule(page, name);
  await expect(row).toContainText('Regular');
  await expect(row).toContainText('sales');
  await expect(row).toContainText('Gamma');
  await expect(row).toContainText("region = 'EU'");

  // Edit the clause.
  await row.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: `Edit rule ${name}` });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await replaceClause(dialog, "region IN ('EU', 'US')");
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  row = await searchRule(page, name);
  await expect(row).toContainText("region IN ('EU', 'US')");

  // Delete.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByText('No rules yet')).toBeVisible();
});

test('an admin deletes several rules at once', async ({ adminPage: page }) => {
  const sales = await exampleDatasetId(page, 'sales');
  const prefix = uniqueName('e2e_rls_bulk');
  for (const suffix of ['a', 'b']) {
    const created = await page.request.post('/api/v1/rowlevelsecurity/', {
      headers: { 'X-CSRFToken': await csrfToken(page) },
      data: { name: `${prefix}_${suffix}`, filter_type: 'Base', tables: [sales], roles: [], clause: '1 = 1' },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/rowlevelsecurity/list/');
  const search = page.getByPlaceholder('Contains…');
  await search.fill(prefix);
  await search.press('Enter');
  const rows = page.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No rules yet')).toBeVisible();
});
