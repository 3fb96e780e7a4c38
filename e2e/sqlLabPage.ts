import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** What SQL Lab journeys do on the page: wait for the examples, open SQL Lab, write and run SQL. */

/** A first start registers the examples database after the server answers, so it may come a little later. */
export async function waitForExamples(page: Page): Promise<void> {
  const q = '(filters:!((col:database_name,opr:eq,value:examples)),columns:!(id,database_name))';
  await expect(async () => {
    const response = await page.request.get(`/api/v1/database/?q=${encodeURIComponent(q)}`);
    expect(response.ok(), await response.text()).toBe(true);
    const { result } = (await response.json()) as { result: Array<{ id: number }> };
    expect(result, 'the examples database').toHaveLength(1);
  }).toPass({ timeout: 90_000 });
}

/** Opens SQL Lab once the examples exist; the first database (examples) is picked for a new tab. */
export async function openSqlLab(page: Page): Promise<void> {
  await waitForExamples(page);
  await page.goto('/sqllab/');
  await expect(page.getByTestId('sqllab')).toBeVisible();
  await expect(page.getByLabel('Database').locator('..')).toContainText('examples');
}

/** Replaces the editor's text as a person would: select all, delete, type. */
export async function setSql(page: Page, sql: string): Promise<void> {
  const editor = page.locator('.sqllab-editor .cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill(sql);
}

/** Clicks Run (its name includes its icon's label). */
export async function runSql(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Run( selection)?$/ }).click();
}
