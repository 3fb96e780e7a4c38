import { createUser, csrfToken, expect, logIn, test, uniqueName } from './fixtures.ts';

/**
 * The lists offer only what the person may do: edit and delete on what they own (with can_write), adding
 * with can_write; pages that change things refuse others up front. The API refuses the rest anyway.
 */

test.describe.configure({ timeout: 180_000 });

test('a Gamma user changes only their own dashboards and gets no dataset buttons', async ({
  adminPage,
  browser,
  request,
}) => {
  // The admin's published dashboard, which Gamma sees but does not own.
  const othersTitle = uniqueName('Admins board');
  const created = await adminPage.request.post('/api/v1/dashboard/', {
    headers: { 'X-CSRFToken': await csrfToken(adminPage) },
    data: { dashboard_title: othersTitle, published: true },
  });
  expect(created.status()).toBe(201);

  const gamma = await createUser(request, {
    role: 'Gamma',
    firstName: 'Galina',
    lastName: 'Gammova',
    prefix: 'e2e_btn',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, gamma);

  await page.goto('/dashboard/list/');
  const search = page.getByPlaceholder('Search by title');
  await search.fill(othersTitle);
  await search.press('Enter');
  const othersRow = page.getByRole('row').filter({ hasText: othersTitle });
  await expect(othersRow).toBeVisible();
  await expect(othersRow.getByRole('button', { name: `Export ${othersTitle}` })).toBeVisible();
  await expect(othersRow.getByRole('button', { name: /Edit/ })).toHaveCount(0);
  await expect(othersRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // A dashboard of their own: Gamma writes dashboards, so they create one and may change it.
  await page.getByRole('button', { name: /^(plus )?Dashboard$/ }).click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/\?edit=true/);
  await page.goto('/dashboard/list/');
  const ownRow = page.getByRole('row').filter({ hasText: 'Galina Gammova' }).first();
  await expect(ownRow.getByRole('button', { name: /Edit/ })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toBeVisible();

  // Datasets are not Gamma's to create: no button, and the page says why.
  await page.goto('/tablemodelview/list/');
  await expect(page.getByRole('heading', { name: 'Datasets' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(plus )?Dataset/ })).toHaveCount(0);
  await page.goto('/dataset/add/');
  await expect(page.getByRole('alert')).toContainText('You do not have permission to create a dataset');
  await context.close();
});

test('a read-only user sees the charts without adding, editing or deleting any', async ({
  browser,
  request,
}) => {
  const reader = await createUser(request, {
    role: 'readonly',
    firstName: 'Rita',
    lastName: 'Reader',
    prefix: 'e2e_ro',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, reader);
  await page.goto('/chart/list/');
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow.getByRole('link').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: /^(plus )?Chart$/ })).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await context.close();
});
