import { ADMIN, expect, test } from './fixtures.ts';

test('the profile shows the user and their roles', async ({ adminPage: page }) => {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/users\/userinfo\/$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ADMIN.username, exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-roles')).toContainText('Admin');
});
