import type { Page } from '@playwright/test';
import { visitProvider } from '../packages/server/src/testing/oidcProvider.ts';
import { adminApi, chooseLoginLanguage, expect, signInAtProvider, test } from './signInServer.ts';

/**
 * Sign-in through the company's identity provider, against a real OpenID Connect provider (signInServer.ts):
 * a first sign-in makes the account and lands in onboarding; what goes wrong comes back to the login page
 * with an explanation in the page's language.
 */

function uniqueLogin(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

test('a first sign-in through the provider makes the account and opens onboarding', async ({
  page,
  signInServer,
}) => {
  const login = uniqueLogin('anna');
  signInServer.provider.setAccount(login, {
    preferred_username: login,
    email: `${login}@corp.example`,
    email_verified: true,
    given_name: 'Anna',
    family_name: 'Sokolova',
  });
  await page.goto('/dashboard/list/');
  await expect(page).toHaveURL(/\/login\/\?next=%2Fdashboard%2Flist%2F/);
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();

  await signInAtProvider(page, login);
  // Back in Vitrina with no roles yet: the no-access page, and onboarding opens by itself.
  await expect(page).toHaveURL(/\/dashboard\/list\/$/);
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('You are welcome to Vitrina')).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'First name' })).toHaveValue('Anna');
  await expect(modal.getByRole('textbox', { name: 'email' })).toHaveValue(`${login}@corp.example`);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'No access yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Anna Sokolova');

  // Signing in again finds the same account.
  await page.context().clearCookies();
  await page.goto('/login/');
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await signInAtProvider(page, login);
  await expect(page.getByRole('heading', { name: 'No access yet' })).toBeVisible();
  const me = (await (await page.request.get('/api/v1/me/')).json()) as { result: { username: string } };
  expect(me.result.username).toBe(login);
});

test('the whole sign-in in Russian: the account speaks Russian from the start', async ({
  page,
  signInServer,
}) => {
  const login = uniqueLogin('boris');
  signInServer.provider.setAccount(login, {
    preferred_username: login,
    email: `${login}@corp.example`,
    given_name: 'Борис',
    family_name: 'Петров',
  });
  await page.goto('/login/');
  await chooseLoginLanguage(page, 'ru');
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await page.getByRole('link', { name: 'Войти через Test IdP' }).click();
  await signInAtProvider(page, login);

  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Добро пожаловать в Витрину')).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Расскажите о себе' })).toBeVisible();
  await modal.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByRole('heading', { name: 'Доступа пока нет' })).toBeVisible();
  const me = (await (await page.request.get('/api/v1/me/')).json()) as {
    result: { preferred_language: string };
  };
  expect(me.result.preferred_language).toBe('ru');
});

/**
 * Starts a sign-in in the browser (its flow cookie lands in the browser) and goes through the provider as a
 * script, stopping before the way back: the journey then changes or delays that answer.
 */
async function answerFromProvider(page: Page, login: string, next: string): Promise<URL> {
  const started = await page.request.get(`/login/oidc/?next=${encodeURIComponent(next)}`, {
    maxRedirects: 0,
  });
  expect(started.status()).toBe(302);
  return visitProvider(started.headers().location!, { login });
}

test('an answer that does not belong to this sign-in is refused on the login page', async ({
  page,
  signInServer,
}) => {
  const login = uniqueLogin('carl');
  signInServer.provider.setAccount(login, { preferred_username: login, email: `${login}@corp.example` });
  await page.goto('/login/');
  const answer = await answerFromProvider(page, login, '/sqllab/');
  answer.searchParams.set('state', 'forged');
  await page.goto(answer.toString());
  await expect(page).toHaveURL(/\/login\/\?error=oidc_state&next=%2Fsqllab%2F/);
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in took too long or was started in another window. Please try again.',
  );
  expect((await page.request.get('/api/v1/me/')).status()).toBe(401);
});

test('an expired code is refused, in Russian', async ({ page, signInServer }) => {
  const login = uniqueLogin('dina');
  signInServer.provider.setAccount(login, { preferred_username: login, email: `${login}@corp.example` });
  await page.goto('/login/');
  await chooseLoginLanguage(page, 'ru');
  signInServer.provider.setCodeTtlSeconds(1);
  try {
    const answer = await answerFromProvider(page, login, '/');
    // The way back takes longer than the code lives.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await page.goto(answer.toString());
  } finally {
    signInServer.provider.setCodeTtlSeconds(60);
  }
  await expect(page).toHaveURL(/\/login\/\?error=oidc_code/);
  await expect(page.getByRole('alert')).toHaveText(
    'Срок входа истёк, или он уже был использован. Попробуйте ещё раз.',
  );
  expect((await page.request.get('/api/v1/me/')).status()).toBe(401);
});

test('a deactivated user is told so, and nobody is signed in', async ({ page, signInServer }) => {
  const login = uniqueLogin('egor');
  signInServer.provider.setAccount(login, { preferred_username: login, email: `${login}@corp.example` });
  await page.goto('/login/');
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await signInAtProvider(page, login);
  await expect(page.getByRole('dialog').getByText('You are welcome to Vitrina')).toBeVisible();

  const { api, headers } = await adminApi(signInServer.url);
  try {
    const q = encodeURIComponent(`(filters:!((col:username,opr:eq,value:'${login}')))`);
    const found = (await (await api.get(`/api/v1/security/users/?q=${q}`, { headers })).json()) as {
      result: Array<{ id: number }>;
    };
    const deactivated = await api.put(`/api/v1/security/users/${found.result[0]!.id}`, {
      headers,
      data: { active: false },
    });
    expect(deactivated.ok(), await deactivated.text()).toBe(true);
  } finally {
    await api.dispose();
  }

  await page.context().clearCookies();
  await page.goto('/login/');
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/login\/\?error=inactive/);
  await expect(page.getByRole('alert')).toHaveText('Your account is deactivated. Ask an administrator.');
  expect((await page.request.get('/api/v1/me/')).status()).toBe(401);
});
