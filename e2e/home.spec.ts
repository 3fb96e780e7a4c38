import { expect, test } from './fixtures.ts';

test('the home page welcomes the user and links to every area', async ({ adminPage: page }) => {
  await page.goto('/superset/welcome/');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  for (const area of ['Dashboards', 'Charts', 'Datasets', 'SQL Lab', 'Databases', 'Alerts & Reports']) {
    await expect(page.getByRole('main').getByRole('link', { name: area, exact: true })).toBeVisible();
  }

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  // The README's picture of the running app; UPDATE_SCREENSHOT=1 refreshes the committed copy.
  const screenshotPath =
    process.env.UPDATE_SCREENSHOT === '1' ? 'docs/screenshot.png' : '.test-output/screenshot.png';
  await page.screenshot({ path: screenshotPath, fullPage: true });

  await page.getByRole('main').getByRole('link', { name: 'SQL Lab', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'SQL Lab' })).toBeVisible();
});
