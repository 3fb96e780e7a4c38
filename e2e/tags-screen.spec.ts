import type { Locator, Page } from '@playwright/test';
import { createDashboard } from './dashboardApi.ts';
import { csrfToken, expect, navigateThroughMenu, test, uniqueName } from './fixtures.ts';

/**
 * Tags on the objects without properties forms, and the Tags screen: an admin tags a saved query and a
 * dataset from their lists ("Edit tags") and finds both on the tag's page; then makes a tag on the Tags
 * screen with a dashboard on it, edits it, deletes it, and deletes two more together.
 */

// The first start builds the example data in the background, which slows the server down meanwhile.
test.describe.configure({ timeout: 240_000 });

/** The examples database; a first start registers it after the server answers. */
async function examplesDatabaseId(page: Page): Promise<number> {
  const q = encodeURIComponent('(filters:!((col:database_name,opr:eq,value:examples)),columns:!(id))');
  let id: number | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/v1/database/?q=${q}`);
    const { result } = (await response.json()) as { result: Array<{ id: number }> };
    expect(result, 'the examples database').toHaveLength(1);
    id = result[0]!.id;
  }).toPass({ timeout: 90_000 });
  return id!;
}

async function post(page: Page, path: string, data: unknown): Promise<number> {
  const response = await page.request.post(path, { headers: { 'X-CSRFToken': await csrfToken(page) }, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function searchList(page: Page, text: string): Promise<void> {
  const box = page.getByPlaceholder('Search by name');
  await box.fill(text);
  await box.press('Enter');
}

/** Types a new tag's name into the picker of an "Edit tags" dialog, saves, and waits for the toast. */
async function tagRow(page: Page, row: Locator, name: string, tag: string): Promise<void> {
  await row.getByRole('button', { name: 'Edit tags' }).click();
  const dialog = page.getByRole('dialog', { name: `Tags of ${name}` });
  const picker = dialog.getByRole('combobox', { name: 'Tags' });
  await picker.click();
  await picker.fill(tag);
  await picker.press('Enter');
  await expect(dialog.getByTitle(tag, { exact: true })).toBeVisible();
  // Its list of options stays open over the buttons until the picker loses focus.
  await dialog.getByText(`Tags of ${name}`).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Tags of ${name} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('link', { name: tag })).toBeVisible();
}

test('an admin tags a saved query and a dataset from their lists and finds both on the tag page', async ({
  adminPage: page,
}) => {
  const tag = uniqueName('sq_ds');
  const queryLabel = uniqueName('Tagged query');
  const datasetName = uniqueName('tagged_virtual');
  const databaseId = await examplesDatabaseId(page);
  await post(page, '/api/v1/saved_query/', {
    db_id: databaseId,
    schema: 'main',
    label: queryLabel,
    sql: 'SELECT 1 AS one',
  });
  await post(page, '/api/v1/dataset/', {
    database: databaseId,
    schema: 'main',
    table_name: datasetName,
    sql: 'SELECT 1 AS one',
  });

  await page.goto('/savedqueryview/list/');
  await searchList(page, queryLabel);
  const queryRow = page.getByRole('row').filter({ hasText: queryLabel });
  await tagRow(page, queryRow, queryLabel, tag);

  await page.goto('/tablemodelview/list/');
  await searchList(page, datasetName);
  const datasetRow = page.getByRole('row').filter({ hasText: datasetName });
  await tagRow(page, datasetRow, datasetName, tag);

  // The tag's page lists both, each in its section.
  await datasetRow.getByRole('link', { name: tag }).click();
  await expect(page.getByRole('heading', { name: `Tag: ${tag}` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Saved queries' }).getByRole('link', { name: queryLabel }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Datasets' }).getByRole('link', { name: datasetName }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Charts' }).getByText('Nothing of this kind carries the tag'),
  ).toBeVisible();
});

test('an admin makes, edits and deletes tags on the Tags screen', async ({ adminPage: page }) => {
  const prefix = uniqueName('scr');
  const tag = `${prefix}_finance`;
  const dashboardTitle = uniqueName('Tag screen board');
  await createDashboard(page, dashboardTitle);

  // Settings → Tags.
  await page.goto('/superset/welcome/');
  await navigateThroughMenu(page, 'Settings', 'Tags');
  await expect(page).toHaveURL(/\/superset\/tags\/$/);
  await expect(page.getByRole('heading', { name: 'Tags', exact: true })).toBeVisible();

  // A new tag, with a dashboard on it.
  await page.getByRole('button', { name: /Tag$/ }).click();
  const create = page.getByRole('dialog', { name: 'Create tag' });
  await create.getByLabel('Tag name').fill(tag);
  await create.getByLabel('Description').fill('Money matters');
  const dashboards = create.getByRole('combobox', { name: 'Select dashboards' });
  await dashboards.click();
  await dashboards.fill(dashboardTitle);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: dashboardTitle })
    .click();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Tag ${tag} created`)).toBeVisible();
  await expect(create).toBeHidden();

  await searchList(page, prefix);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: tag, exact: true }) });
  await expect(row).toContainText('Money matters');

  // The same name again is refused on its field.
  await page.getByRole('button', { name: /Tag$/ }).click();
  await create.getByLabel('Tag name').fill(tag);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('A tag with this name already exists')).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();

  // Edit: the dialog shows the dashboard carrying it; a new description.
  await row.getByRole('button', { name: `Edit the tag ${tag}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tag' });
  await expect(edit.getByTitle(dashboardTitle, { exact: true })).toBeVisible();
  await edit.getByLabel('Description').fill('Money and budgets');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Tag ${tag} updated`)).toBeVisible();
  await expect(row).toContainText('Money and budgets');

  // The name leads to what carries the tag: the dashboard is still on it.
  await row.getByRole('link', { name: tag, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Tag: ${tag}` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Dashboards' }).getByRole('link', { name: dashboardTitle }),
  ).toBeVisible();
  await page.goBack();

  // Delete one, after confirming.
  await searchList(page, prefix);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted: ${tag}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Two more, deleted together.
  for (const name of [`${prefix}_a`, `${prefix}_b`]) await post(page, '/api/v1/tag/', { name });
  await searchList(page, `${prefix}_`);
  await expect(page.getByRole('link', { name: `${prefix}_b` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tags deleted: 2')).toBeVisible();
  await expect(page.getByText('No tags yet')).toBeVisible();
});
