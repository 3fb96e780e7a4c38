import { ADMIN, expect, logIn, test, uniqueName } from './fixtures.ts';

test('a user without the Admin role cannot open the administration screens', async ({ browser, request }) => {
  // The admin creates a Gamma user through the API, as a script would.
  const login = await request.post('/api/v1/security/login', {
    data: { ...ADMIN, provider: 'db', refresh: false },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const roles = await request.get('/api/v1/security/roles/?q=(page_size:100)', {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  const gamma = ((await roles.json()) as { result: Array<{ id: number; name: string }> }).result.find(
    (role) => role.name === 'Gamma',
  );
  const user = { username: uniqueName('e2e_gamma'), password: 'a-long-enough-password-2' };
  const created = await request.post('/api/v1/security/users/', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      ...user,
      first_name: 'Gleb',
      last_name: 'Gammov',
      email: `${user.username}@example.com`,
      roles: [gamma?.id],
      active: true,
    },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  await expect(page.getByRole('heading', { name: 'Welcome, Gleb!' })).toBeVisible();

  await page
    .getByRole('menu', { name: 'Main navigation' })
    .getByRole('menuitem', { name: 'Settings', exact: true })
    .hover();
  await expect(page.getByRole('menuitem', { name: 'Alerts & Reports' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Users', exact: true })).toHaveCount(0);

  for (const path of ['/users/list/', '/roles/list/', '/onboarding/request/list']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText('Only administrators can open this page.');
  }
  await context.close();
});
