import { createUser, expect, logIn, test } from './fixtures.ts';

/**
 * A person whose roles do not open a dashboard's data: its charts and filters say they lack access and
 * offer the onboarding request, instead of a bare 'Not found' and red 'Options: 0'.
 */

test.describe.configure({ timeout: 180_000 });

test('a Gamma user without data access is told so on a dashboard and can ask for access', async ({
  adminPage,
  browser,
  request,
}) => {
  // The example dashboard exists once the server has made the examples.
  await expect
    .poll(async () => (await adminPage.request.get('/api/v1/dashboard/sales')).ok(), { timeout: 90_000 })
    .toBe(true);
  const gamma = await createUser(request, {
    role: 'Gamma',
    firstName: 'Nina',
    lastName: 'Noaccess',
    prefix: 'e2e_noacc',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, gamma);
  await page.goto('/superset/dashboard/sales/');

  const charts = page.locator('[data-test="chart-container"]');
  await expect(charts.first()).toBeVisible({ timeout: 45_000 });
  await expect(charts.first().getByText("You have no access to this chart's data")).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText('Not found', { exact: true })).toHaveCount(0);
  // The value filters read as unavailable, not as an empty red list.
  const region = page.getByRole('combobox', { name: /Region/ }).first();
  await expect(page.getByText("No access to this filter's data").first()).toBeVisible();
  await expect(region).toBeDisabled();
  await expect(page.getByText(/Options: 0/)).toHaveCount(0);

  // The request goes through onboarding.
  await charts.first().getByRole('button', { name: 'Request access' }).click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Tell us more about yourself' }),
  ).toBeVisible();
  await context.close();
});
