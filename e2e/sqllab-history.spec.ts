import { expect, navigateThroughMenu, test } from './fixtures.ts';
import { openSqlLab, runSql, setSql } from './sqlLabPage.ts';

/** SQL Lab's query history page and what a tab keeps of itself across a reload. */

// A first start registers the examples after the server answers, and these journeys may each get a
// server of their own (fully parallel): openSqlLab waits for the examples before opening SQL Lab.
test.describe.configure({ timeout: 180_000 });

test('the query history lists a query just run and opens it in SQL Lab', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await setSql(page, 'SELECT 777001 AS history_mark');
  await runSql(page);
  await expect(page.locator('.sqllab-results-grid')).toContainText('777001');

  await navigateThroughMenu(page, 'SQL', 'Query history');
  await expect(page).toHaveURL(/\/sqllab\/history\/$/);
  await expect(page.getByRole('heading', { name: 'Query history' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'SELECT 777001 AS history_mark' }).first();
  await expect(row).toContainText('Success');
  await expect(row).toContainText('examples');
  await row.getByRole('button', { name: 'Open in SQL Lab' }).click();
  await expect(page).toHaveURL(/\/sqllab\/?$/);
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('SELECT 777001 AS history_mark');
});

test('a tab keeps its split and cursor after a reload', async ({ adminPage: page }) => {
  await openSqlLab(page);
  await page.locator('.ant-tabs-nav-add').first().click();
  const editor = page.locator('.sqllab-editor .cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill('SELECT 1\nSELECT 2');
  // The cursor goes to the start of the second line; the split is dragged low.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Home');
  const handle = page.getByRole('button', { name: 'Resize the editor and results panes' });
  const box = (await handle.boundingBox())!;
  const saved = page.waitForResponse(
    (response) =>
      /\/tabstateview\/\d+$/.test(response.url()) &&
      response.request().method() === 'PUT' &&
      (response.request().postData() ?? '').includes('northPercent'),
  );
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 160, { steps: 5 });
  await page.mouse.up();
  await saved;
  const before = (await handle.boundingBox())!.y;
  await page.reload();
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('SELECT 2');
  await expect.poll(async () => Math.abs((await handle.boundingBox())!.y - before)).toBeLessThan(12);
  // Typing goes where the cursor was: the start of the second line.
  await page.locator('.sqllab-editor .cm-content').focus();
  await page.keyboard.type('-- kept ');
  await expect(page.locator('.sqllab-editor .cm-content')).toContainText('-- kept SELECT 2');
});
