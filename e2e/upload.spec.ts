import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exampleDatasetId, expect, test, uniqueName } from './fixtures.ts';

test('an admin uploads a CSV into the examples database and finds its dataset', async ({
  adminPage: page,
}) => {
  const table = uniqueName('e2e_upload');
  const directory = mkdtempSync(path.join(tmpdir(), 'vitrina-upload-'));
  const file = path.join(directory, `${table}.csv`);
  writeFileSync(file, 'day,city,amount\n2024-05-01,Moscow,10.5\n2024-05-02,Kazan,7\n2024-05-03,Omsk,3.25\n');
  try {
    // A fresh server registers the examples database just after it answers; the dialog lists it only then.
    await exampleDatasetId(page, 'sales');
    await page.goto('/tablemodelview/list/');
    await page.getByRole('button', { name: /Dataset/ }).click();
    await page.getByRole('menuitem', { name: 'Upload file to database' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file to a database' });

    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect(dialog.getByText(`${table}.csv`)).toBeVisible();
    // The table name comes from the file name.
    await expect(dialog.getByLabel('Table name')).toHaveValue(table);

    const database = dialog.getByLabel('Database', { exact: true });
    // A click on an option still sliding into view can be lost on a busy machine: choose until it shows.
    await expect(async () => {
      await database.click();
      await database.fill('examples');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: /^examples$/ })
        .click({ timeout: 5_000 });
      await expect(database.locator('..')).toContainText('examples', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const dates = dialog.getByLabel('Columns to parse as dates');
    await dates.fill('day');
    await dates.press('Enter');

    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`The file was uploaded to the table ${table}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const search = page.getByPlaceholder('Search by name');
    await search.fill(table);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: table });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('examples');

    // The dataset opens in the editor with the file's columns (its name opens explore).
    await expect(row.getByRole('link', { name: table })).toHaveAttribute(
      'href',
      /\/explore\/\?datasource_id=/,
    );
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('tab', { name: /^Columns/ }).click();
    await expect(page.getByRole('cell', { name: 'amount', exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Is temporal: day' })).toBeChecked();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('a malformed CSV is refused with the server message and nothing is listed', async ({
  adminPage: page,
}) => {
  const table = uniqueName('e2e_bad');
  const directory = mkdtempSync(path.join(tmpdir(), 'vitrina-upload-'));
  const file = path.join(directory, `${table}.csv`);
  writeFileSync(file, 'a,b\n1,2\n3,4,5,6\n"unterminated\n');
  try {
    await page.goto('/databaseview/list/');
    const row = page.getByRole('row').filter({ hasText: 'examples' });
    await row.getByRole('button', { name: 'Upload file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file to a database' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/tablemodelview/list/');
    const search = page.getByPlaceholder('Search by name');
    await search.fill(table);
    await search.press('Enter');
    await expect(page.getByText('No datasets yet')).toBeVisible();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
