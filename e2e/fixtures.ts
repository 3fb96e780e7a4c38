import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

export interface Credentials {
  username: string;
  password: string;
}

/** The first admin the server creates on an empty data directory (VITRINA_ADMIN_PASSWORD in the config). */
export const ADMIN: Credentials = { username: 'admin', password: 'admin' };

/** Fills and submits the login form as a person would. */
export async function submitLogin(page: Page, { username, password }: Credentials): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function logIn(page: Page, credentials: Credentials = ADMIN): Promise<void> {
  await page.goto('/login/');
  await submitLogin(page, credentials);
  await expect(page).not.toHaveURL(/\/login\//);
}

/** A language switch left behind by another journey must not change what this one reads. */
async function ensureEnglish(page: Page): Promise<void> {
  const me = await page.request.get('/api/v1/me/');
  const { result } = (await me.json()) as { result: { preferred_language: string } };
  if (result.preferred_language === 'en') return;
  const csrf = (await (await page.request.get('/api/v1/security/csrf_token/')).json()) as { result: string };
  const saved = await page.request.put('/api/v1/me/', {
    data: { preferred_language: 'en' },
    headers: { 'X-CSRFToken': csrf.result },
  });
  expect(saved.ok()).toBe(true);
}

/**
 * Signs the page's browser in by posting the login form's own fields, as the form does, without drawing the
 * login page and the home page first (about two seconds a journey). The login form itself has journeys of
 * its own (login.spec.ts, loginNext.spec.ts); here it is only the way in. Each call starts a session of its
 * own, so a journey that ends its session never signs another journey out.
 */
export async function signInByForm(
  page: Page,
  baseURL: string,
  credentials: Credentials = ADMIN,
): Promise<void> {
  const response = await page.request.post('/login/', {
    form: { username: credentials.username, password: credentials.password, next: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.headers().location, 'the login form sends the browser on, not back to /login/').toBe('/');
}

/** A unique name for things a journey creates, so journeys do not depend on each other. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

export const test = base.extend<{ adminPage: Page }>({
  // Each worker has a server of its own on the next port (playwright.config.ts starts one per worker).
  baseURL: async ({ baseURL }, use, testInfo) => {
    const url = new URL(baseURL ?? 'http://127.0.0.1:8188');
    url.port = String(Number(url.port) + testInfo.parallelIndex);
    await use(url.origin);
  },
  // A script error in the app fails the journey, even when the screen happens to look right.
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'errors thrown in the page').toEqual([]);
  },
  // Signed in as the admin, in English, on no page yet: each journey opens the page it is about.
  adminPage: async ({ page, baseURL }, use) => {
    await signInByForm(page, baseURL as string);
    await ensureEnglish(page);
    await use(page);
  },
});

/** The CSRF token a browser page would send with its writes. */
export async function csrfToken(page: Page): Promise<string> {
  const body = (await (await page.request.get('/api/v1/security/csrf_token/')).json()) as { result: string };
  return body.result;
}

/**
 * The id of an example dataset (sales, flights, stocks, seattle_weather, cars, movies, airports). The server
 * creates them in the background after its first start, so this waits for them rather than making its own.
 */
export async function exampleDatasetId(page: Page, tableName: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${tableName})))`);
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/dataset/?q=${q}`);
        if (!response.ok()) return false;
        const body = (await response.json()) as { result: Array<{ id: number; schema: string | null }> };
        id = body.result.find((row) => row.schema === 'main')?.id;
        return id !== undefined;
      },
      { message: `the example dataset ${tableName}`, timeout: 90_000 },
    )
    .toBe(true);
  return id as number;
}

export interface NewUser {
  /** A role by name: Gamma, Alpha, Admin… */
  role: string;
  firstName: string;
  lastName: string;
  prefix: string;
}

/** A user of one role, created by the admin through the API as a script would; answers its credentials. */
export async function createUser(
  request: APIRequestContext,
  { role, firstName, lastName, prefix }: NewUser,
): Promise<Credentials> {
  const login = await request.post('/api/v1/security/login', {
    data: { ...ADMIN, provider: 'db', refresh: false },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const roles = await request.get('/api/v1/security/roles/?q=(page_size:100)', { headers });
  const found = ((await roles.json()) as { result: Array<{ id: number; name: string }> }).result.find(
    (each) => each.name === role,
  );
  expect(found, `the role ${role}`).toBeDefined();
  const user = { username: uniqueName(prefix), password: 'a-long-enough-password-7' };
  const created = await request.post('/api/v1/security/users/', {
    headers,
    data: {
      ...user,
      first_name: firstName,
      last_name: lastName,
      email: `${user.username}@example.com`,
      roles: [found?.id],
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return user;
}

/**
 * Opens a hover submenu until `item` shows: the menu's opening animation can swallow the first hover.
 * Click the item with `dispatchEvent('click')` afterwards, as the submenu keeps animating under the pointer.
 */
export async function openSubmenu(title: Locator, item: Locator): Promise<void> {
  await expect(async () => {
    // From off the menu, so the hover enters the title even when the pointer already rests on it.
    await title.page().mouse.move(0, 0);
    await title.hover();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Goes to a page through the main navigation's hover menu, as a person would: `section` (Settings, SQL…)
 * opened until `item` shows, the item's link followed, and the pointer moved off the menu until it has
 * closed (left open, it would cover the page below, and the pointer resting there would show tooltips).
 */
export async function navigateThroughMenu(page: Page, section: string, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  await openSubmenu(
    page.getByRole('menu', { name: 'Main navigation' }).getByRole('menuitem', { name: section, exact: true }),
    entry,
  );
  await entry.getByRole('link').dispatchEvent('click');
  await expect(async () => {
    await page.mouse.move(0, 0, { steps: 5 });
    await expect(entry).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens a dropdown menu with `opener`, waits for it to finish zooming in and clicks `item` until `done`
 * holds. A click lost as the menu closes under a re-render is lost as a person's would be: open it and
 * click again.
 */
export async function chooseFromMenu(opener: Locator, item: Locator, done: () => Promise<void>) {
  // The dropdown around the item: antd marks it `…-enter`/`…-appear` while it zooms in, when a click
  // aimed at the item can land on the opener under it (seen under load: the menu toggled shut each try).
  const dropdown = item.locator(
    'xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-dropdown ")][1]',
  );
  await expect(async () => {
    if (!(await item.isVisible())) await opener.click();
    await expect(dropdown).not.toHaveClass(/-(enter|appear)\b/, { timeout: 2000 });
    await item.click({ timeout: 2000 });
    await done();
  }).toPass({ timeout: 30_000 });
}

/** The signed-in person's menu in the header, in either language. */
export function userMenu(page: Page): Locator {
  return page.getByRole('button', { name: /^(User menu|Меню пользователя)$/ });
}

/** Chooses a language in the user menu until the page has switched to it (`code`, the html lang). */
export async function chooseLanguage(page: Page, language: 'English' | 'Русский', code: 'en' | 'ru') {
  await chooseFromMenu(userMenu(page), page.getByRole('menuitem', { name: language }), () =>
    expect(page.locator('html')).toHaveAttribute('lang', code, { timeout: 2000 }),
  );
}
