import { ADMIN, chooseFromMenu, createUser, expect, logIn, test, userMenu } from './fixtures.ts';

const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

test('the profile shows the user and their roles', async ({ adminPage: page }) => {
  await page.goto('/');
  await chooseFromMenu(userMenu(page), page.getByRole('menuitem', { name: 'Profile' }), () =>
    expect(page).toHaveURL(/\/users\/userinfo\/$/, { timeout: 3000 }),
  );
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ADMIN.username, exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-roles')).toContainText('Admin');
});

test('the profile lists the user’s sessions, and ending one signs that browser out', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createUser(page.request, {
    role: 'Gamma',
    firstName: 'Sasha',
    lastName: 'Sessions',
    prefix: 'e2e_sessions',
  });
  // Another browser, on another computer as far as the server can tell.
  const elsewhere = await browser.newContext({ baseURL, locale: 'en-US', userAgent: WINDOWS_FIREFOX });
  try {
    const other = await elsewhere.newPage();
    await logIn(other, user);
    await logIn(page, user);

    await page.goto('/users/userinfo/');
    const sessions = page.getByTestId('profile-sessions');
    const otherRow = sessions.getByRole('row').filter({ hasText: 'Firefox on Windows' });
    const thisRow = sessions.getByRole('row').filter({ hasText: 'This browser' });
    await expect(otherRow).toHaveCount(1);
    await expect(thisRow).toHaveCount(1);
    await expect(otherRow).toContainText('127.0.0.1');

    await otherRow.getByRole('button', { name: 'End' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'End' }).click();
    await expect(otherRow).toHaveCount(0);
    await expect(page.getByText('The session was ended')).toBeVisible();

    await other.goto('/sqllab/');
    await expect(other).toHaveURL(/\/login\//);
    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
