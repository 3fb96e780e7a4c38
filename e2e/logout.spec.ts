import { expect, test } from './fixtures.ts';

test('logging out lands on the login page and closes the session', async ({ adminPage: page }) => {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\//);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.goto('/sqllab/');
  await expect(page).toHaveURL(/\/login\/\?next=%2Fsqllab%2F/);
});
