import type { Page } from '@playwright/test';
import { createUser, expect, logIn, test } from './fixtures.ts';

async function chooseLanguage(page: Page, menuLabel: string, language: string) {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: language }).click();
}

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

  await chooseLanguage(page, 'User menu', 'Русский');
  const nav = page.getByRole('menu', { name: 'Главное меню' });
  await expect(nav.getByRole('menuitem', { name: 'Дашборды' })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Графики' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  // The choice is stored on the user, so it survives a reload.
  await page.goto('/dashboard/list/');
  await expect(page.getByRole('heading', { name: 'Дашборды' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'Владельцы' })).toBeVisible();

  await chooseLanguage(page, 'Меню пользователя', 'English');
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
