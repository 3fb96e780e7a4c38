import type { Locator, Page } from '@playwright/test';
import { createUser, expect, logIn, test, uniqueName } from './fixtures.ts';

interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

async function fillUserForm(dialog: Locator, user: NewUser) {
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel('First name').fill(user.firstName);
  await dialog.getByLabel('Last name').fill(user.lastName);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
}

async function searchUser(page: Page, username: string): Promise<Locator> {
  const search = page.getByPlaceholder('Contains…');
  await search.fill(username);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  return row;
}

test('an admin creates, edits and deactivates a user', async ({ adminPage: page }) => {
  const user: NewUser = {
    username: uniqueName('e2e_user'),
    firstName: 'Anna',
    lastName: 'Petrova',
    email: `${uniqueName('anna')}@example.com`,
    password: 'a-long-enough-password-1',
  };
  await page.goto('/users/list/');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  // Create, with a role.
  await page.getByRole('button', { name: 'Add user' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add user' });
  await fillUserForm(dialog, user);
  await dialog.getByLabel('Roles').fill('Gamma');
  await dialog.getByLabel('Roles').press('Enter');
  // Close the options list the way a person would: click elsewhere in the dialog.
  await dialog.getByText('Add user', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  let row = await searchUser(page, user.username);
  await expect(row).toContainText('Gamma');
  await expect(row).toContainText('Active');

  // The same username again: the server's 422 appears on the Username field.
  await page.getByRole('button', { name: 'Add user' }).click();
  dialog = page.getByRole('dialog', { name: 'Add user' });
  await fillUserForm(dialog, { ...user, email: `${uniqueName('other')}@example.com` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const usernameItem = dialog.locator('.ant-form-item').filter({ has: page.locator('#username') });
  await expect(usernameItem).toHaveClass(/ant-form-item-has-error/);
  await expect(usernameItem.locator('.ant-form-item-explain-error')).not.toHaveText('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Edit the first name.
  await row.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: `Edit user ${user.username}` });
  await expect(dialog.getByLabel('Username')).toHaveValue(user.username);
  await dialog.getByLabel('First name').fill('Anya');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  row = await searchUser(page, user.username);
  await expect(row).toContainText('Anya');

  // Deactivate.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
});

test('an admin unlocks a user’s sign-in and ends all their sessions', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  // Eleven password checks at the production scrypt cost, on purpose.
  test.slow();
  const user = await createUser(page.request, {
    role: 'Gamma',
    firstName: 'Lev',
    lastName: 'Locked',
    prefix: 'e2e_locked',
  });
  const elsewhere = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const theirs = await elsewhere.newPage();
    await logIn(theirs, user);
    // Ten wrong passwords lock the account: now even the right one is refused.
    for (let i = 0; i < 10; i++) {
      const wrong = await page.request.post('/api/v1/security/login', {
        data: { username: user.username, password: `wrong-${i}`, provider: 'db' },
      });
      expect(wrong.status()).toBe(401);
    }
    const refused = await page.request.post('/api/v1/security/login', {
      data: { ...user, provider: 'db' },
    });
    expect(refused.status()).toBe(401);

    await page.goto('/users/list/');
    const row = await searchUser(page, user.username);
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit user ${user.username}` });
    const signIn = dialog.getByTestId('user-sign-in');
    await expect(signIn).toContainText('Sign-in is locked after too many failed attempts');
    await expect(signIn.getByTestId('user-session-count')).toHaveText('Active sessions: 1');

    await signIn.getByRole('button', { name: 'Unlock sign-in' }).click();
    await expect(page.getByText(`${user.username} can sign in again`)).toBeVisible();
    await expect(signIn).toContainText('Sign-in is not locked.');

    await signIn.getByRole('button', { name: 'End all sessions' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'End all sessions' }).click();
    await expect(page.getByText(`All sessions of ${user.username} were ended`)).toBeVisible();
    await expect(signIn.getByTestId('user-session-count')).toHaveText('Active sessions: 0');

    await theirs.goto('/sqllab/');
    await expect(theirs).toHaveURL(/\/login\//);
    await logIn(theirs, user);
  } finally {
    await elsewhere.close();
  }
});
