import { chooseFromMenu, expect, test, userMenu } from './fixtures.ts';

test('logging out from the menu ends the session: its old cookie no longer works', async ({
  adminPage: page,
  baseURL,
}) => {
  await page.goto('/');
  const before = (await page.context().cookies()).find((cookie) => cookie.name === 'session');
  expect(before).toBeDefined();

  await chooseFromMenu(userMenu(page), page.getByRole('menuitem', { name: 'Log out' }), () =>
    expect(page).toHaveURL(/\/login\//, { timeout: 3000 }),
  );
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // The cookie a thief copied before the logout is refused, not just forgotten by this browser.
  const replayed = await page.request.get(`${baseURL}/api/v1/me/`, {
    headers: { cookie: `session=${before?.value}` },
  });
  expect(replayed.status()).toBe(401);
  await page.context().addCookies([{ name: 'session', value: before?.value ?? '', url: baseURL ?? '' }]);
  await page.goto('/sqllab/');
  await expect(page).toHaveURL(/\/login\/\?next=%2Fsqllab%2F/);
});

test('opening /logout/ asks first: Cancel keeps the session, Log out ends it', async ({
  adminPage: page,
}) => {
  await page.goto('/logout/');
  await expect(page.getByText('Log out?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

  await page.goto('/logout/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\//);
  await page.goto('/sqllab/');
  await expect(page).toHaveURL(/\/login\//);
});
