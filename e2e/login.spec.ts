import { ADMIN, expect, submitLogin, test } from './fixtures.ts';

test('a wrong password shows the error, the right one opens the home page', async ({ page }) => {
  await page.goto('/login/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await submitLogin(page, { username: ADMIN.username, password: 'not-the-password' });
  await expect(page).toHaveURL(/\/login\/\?.*error=invalid/);
  await expect(page.getByRole('alert')).toHaveText('Invalid login. Please try again.');

  await submitLogin(page, ADMIN);
  await expect(page).not.toHaveURL(/\/login\//);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});

test('the login page brings the user back to the page they asked for', async ({ page }) => {
  await page.goto('/databaseview/list/');
  await expect(page).toHaveURL(/\/login\/\?next=%2Fdatabaseview%2Flist%2F/);
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/databaseview\/list\/$/);
  await expect(page.getByRole('heading', { name: 'Databases' })).toBeVisible();
});
