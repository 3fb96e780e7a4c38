import type { Browser, FrameLocator, Page } from '@playwright/test';
import { createDashboard, createDashboardChart } from './dashboardApi.ts';
import { type EmbeddingHost, type HostOptions, startEmbeddingHost } from './embeddingHost.ts';
import { ADMIN, csrfToken, exampleDatasetId, expect, test, uniqueName } from './fixtures.ts';

/**
 * A partner application embeds a dashboard with the published embedding SDK: an administrator embeds
 * it from the dashboard's menu, the partner's page (another origin) shows it with the row-level
 * security its back end put in the guest token, and tokens that are forged or for another dashboard,
 * and sites that were not allowed, get nothing.
 */

const REGION = 'Asia Pacific';

async function buildDashboard(page: Page, title: string, datasetId: number): Promise<number> {
  const dashboardId = await createDashboard(page, title);
  await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: `${title} orders by region`,
    vizType: 'table',
    params: {
      query_mode: 'aggregate',
      groupby: ['region'],
      metrics: ['count'],
      adhoc_filters: [],
      row_limit: 100,
      time_range: 'No filter',
    },
  });
  return dashboardId;
}

/** The partner's page, opened by a visitor who is not signed in to Vitrina. */
async function visitHost(
  browser: Browser,
  host: EmbeddingHost,
): Promise<{ page: Page; frame: FrameLocator }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(host.origin);
  return { page, frame: page.frameLocator('#dashboard iframe') };
}

test('a partner page embeds a dashboard through the SDK, under the guest token’s row-level security', async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const salesId = await exampleDatasetId(page, 'sales');
  const title = uniqueName('Partner sales');
  const dashboardId = await buildDashboard(page, title, salesId);

  const options: HostOptions = {
    vitrina: baseURL!,
    embedId: '',
    service: ADMIN,
    grant: { resources: [], rls: [] },
  };
  const host = await startEmbeddingHost(options);
  const hosts: EmbeddingHost[] = [host];
  try {
    // The administrator embeds the dashboard from its menu, allowing the partner's site.
    await page.goto(`/superset/dashboard/${dashboardId}/`);
    await page.getByTestId('dashboard-menu').click();
    await page.getByRole('menuitem', { name: 'Embed dashboard' }).click();
    const modal = page.getByRole('dialog', { name: 'Embed dashboard' });
    await expect(modal.getByText('This dashboard is not embedded yet.')).toBeVisible();
    await modal.getByLabel('Allowed domains').fill('app.example.com');
    await modal.getByRole('button', { name: 'Enable embedding' }).click();
    await expect(modal.getByText('"app.example.com" is not a site address')).toBeVisible();
    await modal.getByLabel('Allowed domains').fill(host.origin);
    await modal.getByRole('button', { name: 'Enable embedding' }).click();
    await expect(page.getByText('The embedding settings were saved')).toBeVisible();
    const embedId = (await modal.getByTestId('embed-id').locator('code').innerText()).trim();
    expect(embedId).toMatch(/^[0-9a-f-]{36}$/);
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The partner's back end grants its viewer one region of the data.
    options.embedId = embedId;
    options.grant = {
      resources: [{ type: 'dashboard', id: embedId }],
      rls: [{ dataset: salesId, clause: `region = '${REGION}'` }],
    };
    const visitor = await visitHost(browser, host);
    const embedded = visitor.frame.locator('[data-test="embedded-dashboard"]');
    await expect(embedded.locator('[data-test="dashboard-title"]')).toHaveText(title, { timeout: 60_000 });
    const table = embedded.locator('.vitrina-chart-frame').first();
    await expect(table).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
    await expect(table.getByRole('cell', { name: REGION })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'North America' })).toHaveCount(0);
    // No navigation, no onboarding, no favourites, no SQL: only the dashboard.
    await expect(visitor.frame.getByRole('link', { name: 'Vitrina' })).toHaveCount(0);
    await expect(visitor.frame.getByRole('dialog')).toHaveCount(0);
    await expect(embedded.getByTestId('dashboard-favorite')).toHaveCount(0);
    expect(host.tokensIssued()).toBeGreaterThanOrEqual(1);
    await visitor.page.context().close();

    // A token the partner's back end did not get from Vitrina is refused.
    const forgedHost = await startEmbeddingHost({
      ...options,
      tokenOverride: 'eyJhbGciOiJIUzI1NiJ9.e30.forged',
    });
    hosts.push(forgedHost);
    await page.request.put(`/api/v1/dashboard/${dashboardId}/embedded`, {
      headers: { 'X-CSRFToken': await csrfToken(page) },
      data: { allowed_domains: [host.origin, forgedHost.origin] },
    });
    const forged = await visitHost(browser, forgedHost);
    await expect(forged.frame.getByText('access has expired')).toBeVisible({ timeout: 30_000 });
    await expect(forged.frame.locator('[data-test="embedded-dashboard"]')).toHaveCount(0);
    await forged.page.context().close();

    // A token for another embedded dashboard does not open this one.
    const otherId = await buildDashboard(page, uniqueName('Other partner board'), salesId);
    const other = await page.request.post(`/api/v1/dashboard/${otherId}/embedded`, {
      headers: { 'X-CSRFToken': await csrfToken(page) },
      data: { allowed_domains: [] },
    });
    const otherUuid = ((await other.json()) as { result: { uuid: string } }).result.uuid;
    options.grant = { resources: [{ type: 'dashboard', id: otherUuid }], rls: [] };
    const outOfScope = await visitHost(browser, host);
    await expect(outOfScope.frame.getByText('This embedded dashboard is not available to you.')).toBeVisible({
      timeout: 30_000,
    });
    await outOfScope.page.context().close();

    // A site that was not allowed cannot frame the dashboard at all.
    const strangerHost = await startEmbeddingHost({
      ...options,
      grant: { resources: [{ type: 'dashboard', id: embedId }], rls: [] },
    });
    hosts.push(strangerHost);
    const context = await browser.newContext();
    const stranger = await context.newPage();
    const framed = stranger.waitForResponse((response) => response.url().includes(`/embedded/${embedId}`));
    await stranger.goto(strangerHost.origin);
    expect((await framed).status()).toBe(403);
    await context.close();
  } finally {
    for (const started of hosts) await started.close();
  }
});
