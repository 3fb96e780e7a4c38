import { chooseLanguage, createUser, expect, logIn, test } from './fixtures.ts';

test('switching to Russian translates the interface and is kept on the user', async ({ page, request }) => {
  // A user of its own: the language is stored on the user, and the admin's must stay English.
  const user = await createUser(request, {
    role: 'Alpha',
    firstName: 'Lena',
    lastName: 'Lingvo',
    prefix: 'e2e_language',
  });
  await logIn(page, user);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await chooseLanguage(page, 'Русский', 'ru');
  const nav = page.getByRole('menu', { name: 'Главное меню' });
  await expect(nav.getByRole('menuitem', { name: 'Дашборды' })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Графики' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  // The choice is stored on the user, so it survives a reload.
  await page.goto('/dashboard/list/');
  await expect(page.getByRole('heading', { name: 'Дашборды' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'Владельцы' })).toBeVisible();

  await chooseLanguage(page, 'English', 'en');
  await expect(page.getByRole('heading', { name: 'Dashboards' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the login page offers both languages before login', async ({ page }) => {
  await page.goto('/login/');
  await page.getByText('RU', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
