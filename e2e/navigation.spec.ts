import type { Page } from '@playwright/test';
import { exampleDatasetId, expect, openSubmenu, test } from './fixtures.ts';

interface Entry {
  /** The top-level menu that holds the entry, when it is in a sub-menu. */
  group?: string;
  item: string;
  heading: string;
  path: RegExp;
}

const ENTRIES: Entry[] = [
  { item: 'Dashboards', heading: 'Dashboards', path: /\/dashboard\/list\/$/ },
  { item: 'Charts', heading: 'Charts', path: /\/chart\/list\/$/ },
  { item: 'Datasets', heading: 'Datasets', path: /\/tablemodelview\/list\/$/ },
  { group: 'SQL', item: 'SQL Lab', heading: 'SQL Lab', path: /\/sqllab\/$/ },
  { group: 'SQL', item: 'Saved queries', heading: 'Saved queries', path: /\/savedqueryview\/list\/$/ },
  { group: 'SQL', item: 'Query history', heading: 'Query history', path: /\/sqllab\/history\/$/ },
  { group: 'Data', item: 'Databases', heading: 'Databases', path: /\/databaseview\/list\/$/ },
  { group: 'Settings', item: 'Users', heading: 'Users', path: /\/users\/list\/$/ },
  { group: 'Settings', item: 'Roles', heading: 'Roles', path: /\/roles\/list\/$/ },
  {
    group: 'Settings',
    item: 'Onboarding requests',
    // The screen itself is 'Requests', beside its 'Teams' tab, as in Dodo's admin screens.
    heading: 'Requests',
    path: /\/onboarding\/request\/list$/,
  },
  { group: 'Settings', item: 'Teams', heading: 'Teams', path: /\/onboarding\/team\/list$/ },
  { group: 'Settings', item: 'Alerts & Reports', heading: 'Alerts & Reports', path: /\/report\/list\/$/ },
];

async function openEntry(page: Page, entry: Entry) {
  const nav = page.getByRole('menu', { name: 'Main navigation' });
  if (entry.group) {
    // The submenu keeps animating under the pointer: open it until the item shows, then click its link.
    const item = page.getByRole('menuitem', { name: entry.item, exact: true });
    await openSubmenu(nav.getByRole('menuitem', { name: entry.group, exact: true }), item);
    await item.getByRole('link').dispatchEvent('click');
  } else {
    await nav.getByRole('menuitem', { name: entry.item, exact: true }).click();
  }
}

test('every navigation entry opens its page', async ({ adminPage: page }) => {
  await page.goto('/');
  for (const entry of ENTRIES) {
    await openEntry(page, entry);
    await expect(page).toHaveURL(entry.path);
    await expect(page.getByRole('heading', { name: entry.heading, exact: true })).toBeVisible();
  }
});

test('lists with nothing in them yet show their empty state', async ({ adminPage: page }) => {
  const lists = [
    { path: '/report/list/', column: 'Schedule', empty: 'No reports yet' },
    { path: '/onboarding/request/list', column: 'Requested roles', empty: 'No onboarding requests yet' },
    { path: '/onboarding/team/list', column: 'Members', empty: 'No teams yet' },
  ];
  for (const list of lists) {
    await page.goto(list.path);
    await expect(page.getByRole('columnheader', { name: list.column })).toBeVisible();
    await expect(page.getByText(list.empty)).toBeVisible();
  }
});

test('a first start has example datasets and a chart of every type', async ({ adminPage: page }) => {
  // A first start registers the examples just after the server answers: wait for them, then look them
  // up as a person would (other journeys' datasets and charts may fill the first pages).
  await exampleDatasetId(page, 'sales');
  await page.goto('/tablemodelview/list/');
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('sales');
  await page.getByRole('searchbox', { name: 'Search datasets' }).press('Enter');
  await expect(page.getByRole('link', { name: 'sales', exact: true })).toBeVisible({ timeout: 60_000 });
  await page.goto('/chart/list/');
  await page.getByRole('searchbox', { name: 'Search charts' }).fill('Total revenue');
  await page.getByRole('searchbox', { name: 'Search charts' }).press('Enter');
  await expect(page.getByRole('link', { name: 'Total revenue', exact: true }).first()).toBeVisible();
});

test('the databases list shows the example database', async ({ adminPage: page }) => {
  // A first start registers the examples after the server answers: wait for it as a script would,
  // then look at the list once, however long the screen takes to load.
  const q = encodeURIComponent('(filters:!((col:database_name,opr:eq,value:examples)))');
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/database/?q=${q}`);
        return response.ok() ? ((await response.json()) as { count: number }).count : 0;
      },
      { message: 'the examples database', timeout: 90_000 },
    )
    .toBe(1);
  await page.goto('/databaseview/list/');
  await expect(page.getByRole('columnheader', { name: 'Backend' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'examples', exact: true })).toBeVisible();
});

test('the logo leads home and an unknown address shows the 404 page', async ({ adminPage: page }) => {
  await page.goto('/no/such/page/');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Vitrina' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});
