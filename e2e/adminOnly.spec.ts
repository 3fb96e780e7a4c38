import { createUser, expect, logIn, test } from './fixtures.ts';

test('a user without the Admin role cannot open the administration screens', async ({ browser, request }) => {
  const user = await createUser(request, {
    role: 'Gamma',
    firstName: 'Gleb',
    lastName: 'Gammov',
    prefix: 'e2e_gamma',
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  await expect(page.getByRole('heading', { name: 'Welcome, Gleb!' })).toBeVisible();
  // The menu follows the roles: Gamma has dashboards and charts, and no SQL Lab to fail in.
  const navigation = page.getByRole('menu', { name: 'Main navigation' });
  await expect(navigation.getByRole('menuitem', { name: 'Dashboards', exact: true })).toBeVisible();
  await expect(navigation.getByRole('menuitem', { name: 'SQL Lab', exact: true })).toHaveCount(0);

  // Nothing under Settings is Gamma's (users and roles are Admin's, alerts and reports Alpha's).
  await expect(navigation.getByRole('menuitem', { name: 'Settings', exact: true })).toHaveCount(0);

  for (const path of ['/users/list/', '/roles/list/', '/onboarding/request/list']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText('Only administrators can open this page.');
  }
  await context.close();
});
