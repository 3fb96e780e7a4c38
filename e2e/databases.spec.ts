import type { Locator } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures.ts';

/**
 * Step 1 of the connection modal: pick an engine. A click landing while the modal still zooms in is
 * lost, as a person's would be (the button moves between press and release): click again.
 */
async function pickEngine(dialog: Locator, engine: string): Promise<void> {
  await expect(async () => {
    await dialog.getByRole('button', { name: engine }).click();
    await expect(dialog.getByLabel('Host')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('an admin connects the machine PostgreSQL through the UI, edits and deletes it', async ({
  adminPage: page,
}) => {
  const name = uniqueName('e2e_pg');
  await page.goto('/databaseview/list/');
  await expect(page.getByRole('heading', { name: 'Databases' })).toBeVisible();

  // Step 1: the engine; step 2: its parameters.
  await page.getByRole('button', { name: /Database$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a database' });
  await pickEngine(dialog, 'PostgreSQL');
  await dialog.getByLabel('Host').fill('127.0.0.1');
  await dialog.getByLabel('Port').fill('5432');
  await dialog.getByLabel('Database name').fill('test');
  await dialog.getByLabel('Username').fill('postgres');
  await dialog.getByLabel('Display name').fill(name);

  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connection looks good!')).toBeVisible();

  // The advanced flags are there to set; allow file upload on this one.
  await dialog.getByText('Advanced', { exact: true }).click();
  await dialog.getByText('Security', { exact: true }).click();
  await dialog.getByLabel('Allow file uploads to database').check();

  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();

  const search = page.getByPlaceholder('Search by name');
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('postgresql');
  await expect(row.getByRole('button', { name: 'Upload file' })).toBeVisible();

  // Edit: the form shows what was saved; a changed name is kept.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit database' });
  await expect(edit.getByLabel('Host')).toHaveValue('127.0.0.1');
  await expect(edit.getByLabel('Database name')).toHaveValue('test');
  await edit.getByLabel('Display name').fill(`${name}_renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await search.fill(`${name}_renamed`);
  await search.press('Enter');
  const renamed = page.getByRole('row').filter({ hasText: `${name}_renamed` });
  await expect(renamed).toHaveCount(1);

  // Delete, after confirming.
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
});

test('a wrong port gives a clear connection error in the modal', async ({ adminPage: page }) => {
  await page.goto('/databaseview/list/');
  await page.getByRole('button', { name: /Database$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a database' });
  await pickEngine(dialog, 'PostgreSQL');
  await dialog.getByLabel('Host').fill('127.0.0.1');
  await dialog.getByLabel('Port').fill('1');
  await dialog.getByLabel('Database name').fill('test');
  await dialog.getByLabel('Username').fill('postgres');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Connection looks good!')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
