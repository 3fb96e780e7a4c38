import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures.ts';

async function openPermissions(page: Page, role: string) {
  await page.getByRole('row').filter({ hasText: role }).getByRole('button', { name: 'Permissions' }).click();
  const dialog = page.getByRole('dialog', { name: `Permissions of ${role}` });
  await expect(dialog.getByRole('searchbox')).toBeVisible();
  return dialog;
}

test('an admin creates a role and grants it a permission that is kept', async ({ adminPage: page }) => {
  const role = uniqueName('e2e_role');
  await page.goto('/roles/list/');
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();

  await page.getByRole('button', { name: 'Add role' }).click();
  const form = page.getByRole('dialog', { name: 'Add role' });
  await form.getByLabel('Name').fill(role);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: role })).toHaveCount(1);

  // Grant the can_read pair on Dashboard.
  let dialog = await openPermissions(page, role);
  await dialog.getByRole('searchbox').fill('Dashboard');
  const pair = dialog.getByRole('checkbox', { name: 'can_read Dashboard', exact: true });
  await expect(pair).not.toBeChecked();
  await pair.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  dialog = await openPermissions(page, role);
  await dialog.getByRole('searchbox').fill('Dashboard');
  await expect(dialog.getByRole('checkbox', { name: 'can_read Dashboard', exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'can_write Dashboard', exact: true })).not.toBeChecked();
});

test('an admin renames and deletes a role', async ({ adminPage: page }) => {
  const role = uniqueName('e2e_role');
  await page.goto('/roles/list/');
  await page.getByRole('button', { name: 'Add role' }).click();
  let form = page.getByRole('dialog', { name: 'Add role' });
  await form.getByLabel('Name').fill(role);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const renamed = `${role}_renamed`;
  await page.getByRole('row').filter({ hasText: role }).getByRole('button', { name: 'Rename' }).click();
  form = page.getByRole('dialog', { name: `Rename role ${role}` });
  await form.getByLabel('Name').fill(renamed);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: renamed });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
