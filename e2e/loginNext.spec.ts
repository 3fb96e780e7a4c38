import { ADMIN, expect, submitLogin, test } from './fixtures.ts';

/**
 * The review: `/login/?next=%2F%09%2Fevil.com` sent the browser to evil.com after signing in (a tab
 * the check did not see, and the browser drops). Both a signed-out and a signed-in browser stay here.
 */
const OFF_SITE = ['%2F%09%2Fevil.example', '%2F%5Cevil.example', '%2F%0A%2Fevil.example'];

for (const next of OFF_SITE) {
  test(`signing in with next=${next} stays on this site`, async ({ page, baseURL }) => {
    const offSite: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('evil.example')) offSite.push(request.url());
    });
    await page.goto(`/login/?next=${next}`);
    await submitLogin(page, ADMIN);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(baseURL);
    expect(new URL(page.url()).pathname).toBe('/');

    // Signed in, the login page sends the browser on at once: to this site still.
    await page.goto(`/login/?next=${next}`);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(baseURL);
    expect(offSite).toEqual([]);
  });
}
