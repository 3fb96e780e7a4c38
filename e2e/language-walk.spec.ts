import type { Page } from '@playwright/test';
import { appCatalogues } from '../packages/common/src/i18n/appCatalogues.ts';
import { type ForeignText, foreignTexts, leaksIn } from '../packages/common/src/i18n/languageLeaks.ts';
import { createUser, csrfToken, expect, logIn, test } from './fixtures.ts';
import { setSql } from './sqlLabPage.ts';

type Language = 'en' | 'ru';

/**
 * Every text of the interface a person can read on the page: text nodes, leaf elements' whole text, and labels.
 * Content marked translate="no" (people's names, for one) is data, not the interface.
 */
function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: Element) =>
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden' &&
      !element.closest('[translate="no"]');
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement;
      if (parent && !parent.closest('script, style, noscript') && visible(parent))
        texts.push(walker.currentNode.textContent ?? '');
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(element)) continue;
      if (element.children.length === 0) texts.push(element.textContent ?? '');
      for (const attribute of ['placeholder', 'aria-label', 'title', 'alt'])
        texts.push(element.getAttribute(attribute) ?? '');
    }
    return texts;
  });
}

/** Waits until nothing on the page is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 45_000 });
}

interface Stop {
  name: string;
  open: (page: Page) => Promise<void>;
}

async function firstId(page: Page, path: string): Promise<number> {
  const body = (await (await page.request.get(path)).json()) as { result: Array<{ id: number }> };
  const id = body.result[0]?.id;
  expect(id, path).toBeDefined();
  return id as number;
}

const STOPS: Stop[] = [
  { name: 'home', open: (page) => page.goto('/superset/welcome/').then(() => undefined) },
  { name: 'dashboard list', open: (page) => page.goto('/dashboard/list/').then(() => undefined) },
  {
    name: 'dashboard',
    open: async (page) => {
      const id = await firstId(page, '/api/v1/dashboard/?q=(order_column:id,order_direction:asc)');
      await page.goto(`/superset/dashboard/${id}/`);
      await expect(page.locator('.vitrina-chart-frame').first()).toBeVisible({ timeout: 45_000 });
      // The filter bar's buttons stay inside it, however long their texts are in this language.
      const bar = await page.locator('[data-test="filter-bar"]').boundingBox();
      const apply = await page.locator('[data-test="filter-bar-apply"]').boundingBox();
      expect(apply && bar && apply.x + apply.width <= bar.x + bar.width).toBe(true);
    },
  },
  { name: 'chart list', open: (page) => page.goto('/chart/list/').then(() => undefined) },
  {
    name: 'explore',
    open: async (page) => {
      const id = await firstId(page, '/api/v1/chart/?q=(order_column:id,order_direction:asc)');
      await page.goto(`/explore/?slice_id=${id}`);
      await expect(page.locator('.vitrina-chart-frame').first()).toBeVisible({ timeout: 45_000 });
    },
  },
  { name: 'dataset list', open: (page) => page.goto('/tablemodelview/list/').then(() => undefined) },
  {
    name: 'SQL Lab',
    open: async (page) => {
      await page.goto('/sqllab/');
      await expect(page.locator('.cm-editor').first()).toBeVisible({ timeout: 45_000 });
      // A failed query is explained in the page's language; the database's own words follow as details.
      await setSql(page, 'SELECT * FROM no_such_table_for_the_walk');
      await page.keyboard.press('Control+Enter');
      const failure = page.getByRole('alert').filter({ hasText: 'no_such_table_for_the_walk' });
      const language = (await page.locator('html').getAttribute('lang')) as Language;
      await expect(failure).toContainText(
        appCatalogues[language].errorMessages.explain.GENERIC_DB_ENGINE_ERROR,
        {
          timeout: 45_000,
        },
      );
    },
  },
  { name: 'saved queries', open: (page) => page.goto('/savedqueryview/list/').then(() => undefined) },
  { name: 'query history', open: (page) => page.goto('/sqllab/history/').then(() => undefined) },
  { name: 'databases', open: (page) => page.goto('/databaseview/list/').then(() => undefined) },
  { name: 'reports', open: (page) => page.goto('/report/list/').then(() => undefined) },
  { name: 'tags', open: (page) => page.goto('/superset/tags/').then(() => undefined) },
  { name: 'users', open: (page) => page.goto('/users/list/').then(() => undefined) },
  { name: 'roles', open: (page) => page.goto('/roles/list/').then(() => undefined) },
  { name: 'row level security', open: (page) => page.goto('/rowlevelsecurity/list/').then(() => undefined) },
  { name: 'action log', open: (page) => page.goto('/actionlog/list').then(() => undefined) },
  { name: 'access requests', open: (page) => page.goto('/onboarding/request/list/').then(() => undefined) },
  { name: 'teams', open: (page) => page.goto('/onboarding/team/list/').then(() => undefined) },
  { name: 'profile', open: (page) => page.goto('/users/userinfo/').then(() => undefined) },
];

const OTHER: Record<Language, Language> = { en: 'ru', ru: 'en' };

for (const language of ['en', 'ru'] as const) {
  test(`every screen in ${language} shows no text of the other language's catalogue`, async ({
    page,
    request,
  }) => {
    test.setTimeout(420_000);
    const foreign: ForeignText[] = foreignTexts(appCatalogues[language], appCatalogues[OTHER[language]]);
    const user = await createUser(request, {
      role: 'Admin',
      firstName: 'Walker',
      lastName: language.toUpperCase(),
      prefix: `e2e_walk_${language}`,
    });
    await logIn(page, user);
    const saved = await page.request.put('/api/v1/me/', {
      data: { preferred_language: language },
      headers: { 'X-CSRFToken': await csrfToken(page) },
    });
    expect(saved.ok()).toBe(true);

    const leaks: string[] = [];
    for (const stop of STOPS) {
      await test.step(stop.name, async () => {
        await stop.open(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await settled(page);
        for (const leak of leaksIn(await screenTexts(page), foreign))
          leaks.push(`${stop.name}: "${leak.shown}" (${leak.key})`);
      });
    }
    expect(leaks, `texts of the other language on ${language} screens`).toEqual([]);
  });
}
