import type { Page } from '@playwright/test';
import { test as regularServer } from './fixtures.ts';
import { chooseLoginLanguage, expect, test } from './signInServer.ts';

/**
 * Self-registration (feature flag SELF_REGISTRATION, on for the sign-in server of signInServer.ts): a person
 * makes their own account from the login page, is signed in at once and lands in onboarding.
 */

function uniqueUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function fill(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

test('a person registers from the login page and lands in onboarding', async ({ page }) => {
  const username = uniqueUsername('reg');
  await page.goto('/login/');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\/\?next=%2F$/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  await fill(page, {
    Username: username,
    'First name': 'Vera',
    'Last name': 'Novikova',
    'E-mail': `${username}@example.com`,
    Password: 'a-long-enough-password',
    'Repeat the password': 'another-password',
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat the password', { exact: true }).fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/$/);
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('You are welcome to Vitrina')).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'First name' })).toHaveValue('Vera');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'No access yet' })).toBeVisible();
  // The profile is open to them; other screens are not.
  await page.getByRole('link', { name: 'Open your profile' }).click();
  await expect(page.getByTestId('profile-roles')).toBeEmpty();
  await page.goto('/sqllab/');
  await expect(page.getByRole('heading', { name: 'No access yet' })).toBeVisible();
});

test('registration in Russian, with a taken username refused', async ({ page }) => {
  const username = uniqueUsername('reg_ru');
  await page.goto('/login/');
  await chooseLoginLanguage(page, 'ru');
  await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
  await fill(page, {
    'Имя пользователя': 'admin',
    Имя: 'Олег',
    Фамилия: 'Смирнов',
    'Электронная почта': `${username}@example.com`,
    Пароль: 'достаточно-длинный',
    'Повторите пароль': 'достаточно-длинный',
  });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Это имя пользователя уже занято')).toBeVisible();
  await page.getByLabel('Имя пользователя', { exact: true }).fill(username);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Добро пожаловать в Витрину')).toBeVisible();
  await modal.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByRole('heading', { name: 'Доступа пока нет' })).toBeVisible();
  const me = (await (await page.request.get('/api/v1/me/')).json()) as {
    result: { username: string; preferred_language: string };
  };
  expect(me.result).toMatchObject({ username, preferred_language: 'ru' });
});

regularServer('without the feature flag there is no registration', async ({ page }) => {
  await page.goto('/login/');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  await page.goto('/register/');
  await expect(
    page.getByText('Registration is turned off. Ask an administrator for an account.'),
  ).toBeVisible();
});
