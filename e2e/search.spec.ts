import type { Page } from '@playwright/test';
import { createUser, csrfToken, expect, logIn, test } from './fixtures.ts';

/**
 * The navigation's search, keyboard only, in a Russian interface: Ctrl+K opens it, a Russian title typed
 * finds the person's dashboards (their Russian titles shown), the arrow keys move between the hits, Enter
 * opens the chosen dashboard; Esc closes the box, and a query that finds nothing says so.
 */

test.describe.configure({ timeout: 180_000 });

async function createDashboard(page: Page, title: string, titleRu: string): Promise<number> {
  const response = await page.request.post('/api/v1/dashboard/', {
    data: { dashboard_title: title, dashboard_title_ru: titleRu },
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('finds a dashboard by its Russian title and opens it with the keyboard only', async ({
  page,
  request,
}) => {
  const user = await createUser(request, {
    role: 'Alpha',
    firstName: 'Poisk',
    lastName: 'Klava',
    prefix: 'e2e_search',
  });
  await logIn(page, user);
  // The person works in Russian (set as the profile would; the language switch has its own journey).
  const saved = await page.request.put('/api/v1/me/', {
    data: { preferred_language: 'ru' },
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(saved.ok()).toBe(true);

  const number = String(Date.now() % 100_000).padStart(5, '0');
  const title = `Продажи по регионам ${number}`;
  const planTitle = `${title} план`;
  await createDashboard(page, `Regional sales ${number}`, title);
  const planId = await createDashboard(page, `Regional sales ${number} plan`, planTitle);

  await page.goto('/superset/welcome/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('button', { name: /Поиск/ })).toBeVisible();

  // Ctrl+K opens the box with the cursor in its field and a hint.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Поиск' });
  const field = dialog.getByRole('combobox', { name: 'Поиск' });
  await expect(field).toBeFocused();
  await expect(dialog.getByText('Введите название или описание — по-русски или по-английски.')).toBeVisible();

  // Nothing found says so; Esc closes the box.
  await page.keyboard.type('ъъъъъъ');
  await expect(dialog.getByText('По запросу «ъъъъъъ» ничего не найдено.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The Russian title, typed in lower case: both dashboards, the exact title first and chosen.
  await page.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await page.keyboard.type(`продажи по регионам ${number}`);
  const results = dialog.getByRole('listbox', { name: 'Результаты поиска' });
  await expect(results.getByRole('group', { name: 'Дашборды' })).toBeVisible();
  const options = results.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveText(title);
  await expect(options.nth(1)).toHaveText(planTitle);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  // The arrows move the choice (and wrap round); Enter opens the chosen dashboard.
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${planId}/`));
  await expect(dialog).toBeHidden();
  await expect(page.getByText(planTitle).first()).toBeVisible({ timeout: 30_000 });
});

test('a database found by the search opens its connection dialog on the databases list', async ({
  adminPage: page,
}) => {
  // The examples database is registered in the background after a first start.
  await expect
    .poll(async () => {
      const q = encodeURIComponent('(filters:!((col:database_name,opr:eq,value:examples)))');
      return ((await (await page.request.get(`/api/v1/database/?q=${q}`)).json()) as { count: number }).count;
    })
    .toBe(1);
  await page.goto('/superset/welcome/');
  // The shortcut listens as soon as the navigation has drawn its Search button.
  await expect(page.getByRole('button', { name: /Search/ })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Search' }).fill('examples');
  const databases = dialog.getByRole('group', { name: 'Databases' });
  await databases.getByRole('option', { name: 'examples' }).click();

  await expect(page).toHaveURL(/\/databaseview\/list\/$/);
  const edit = page.getByRole('dialog', { name: 'Edit database' });
  await expect(edit.getByLabel('Display name')).toHaveValue('examples');
  // Closed, it stays closed: the link's parameter is gone.
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Databases' })).toBeVisible();
});
