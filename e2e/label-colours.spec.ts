import type { Page } from '@playwright/test';
import {
  dashboardChart as chart,
  chooseRegion,
  createDashboard,
  createDashboardChart,
  putDashboardMetadata,
  regionFilter,
  waitRendered,
} from './dashboardApi.ts';
import { exampleDatasetId, expect, test, uniqueName } from './fixtures.ts';

/**
 * Label colours on a dashboard: the charts' colours are saved into the dashboard's json_metadata
 * (map_label_colors), so a label keeps its colour when the page is opened again, when a filter leaves
 * only some labels, and in edit mode.
 */

test.describe.configure({ timeout: 180_000 });

/** The colours a chart drew its labels in. */
async function coloursOf(page: Page, id: number): Promise<Record<string, string>> {
  const text = await chart(page, id).getAttribute('data-label-colors');
  return JSON.parse(text ?? '{}') as Record<string, string>;
}

async function savedMetadata(page: Page, id: number): Promise<Record<string, unknown>> {
  const body = (await (await page.request.get(`/api/v1/dashboard/${id}`)).json()) as {
    result: { json_metadata: string };
  };
  return JSON.parse(body.result.json_metadata) as Record<string, unknown>;
}

test('a label keeps its saved colour across reloads, filters and edit mode', async ({ adminPage: page }) => {
  const datasetId = await exampleDatasetId(page, 'sales');
  const dashboardId = await createDashboard(page, uniqueName('Label colours'));
  const regions = await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: 'Revenue by region pie',
    vizType: 'pie',
    params: { groupby: ['region'], metric: 'revenue' },
  });
  const channels = await createDashboardChart(page, {
    datasetId,
    dashboardId,
    name: 'Revenue by channel and region',
    vizType: 'echarts_timeseries_bar',
    params: { x_axis: 'channel', metrics: ['revenue'], groupby: ['region'] },
  });
  await putDashboardMetadata(page, dashboardId, {
    color_scheme: 'supersetColors',
    native_filter_configuration: [regionFilter(datasetId)],
  });

  // The owner's first visit colours the labels and saves them with a json_metadata-only PUT.
  const colourSaves: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith(`/api/v1/dashboard/${dashboardId}`))
      colourSaves.push(request.postDataJSON());
  });
  await page.goto(`/superset/dashboard/${dashboardId}/`);
  await waitRendered(page, [regions, channels]);
  await expect(page.getByText('Dashboard label colors updated')).toBeVisible();
  expect(colourSaves).toHaveLength(1);
  expect(Object.keys(colourSaves[0] as object)).toEqual(['json_metadata']);
  // The attribute follows what is drawn now: read it once the chart has drawn its labels again.
  await expect.poll(async () => Object.keys(await coloursOf(page, regions)).length).toBeGreaterThan(2);
  const first = await coloursOf(page, regions);
  const labels = Object.keys(first);
  // One map for the dashboard: a region has the same colour in both charts.
  await expect.poll(() => coloursOf(page, channels)).toMatchObject(first);
  const saved = await savedMetadata(page, dashboardId);
  expect(saved.map_label_colors).toMatchObject(first);
  expect(saved.shared_label_colors).toEqual(expect.arrayContaining(labels));
  expect(saved.color_scheme).toBe('supersetColors');

  // A filter that leaves only the last region: it keeps its colour, not the first one of the scheme.
  const last = labels.at(-1) as string;
  await chooseRegion(page, last);
  await expect.poll(() => coloursOf(page, regions).then(Object.keys)).toEqual([last]);
  await waitRendered(page, [regions, channels]);
  expect(await coloursOf(page, regions)).toEqual({ [last]: first[last] });

  // Opened again by a link that applies the filter, before any chart has seen the other regions.
  const filtered = `(NATIVE_FILTER-region:(filterState:(value:!('${last}'))))`;
  await page.goto(`/superset/dashboard/${dashboardId}/?native_filters=${encodeURIComponent(filtered)}`);
  await waitRendered(page, [regions, channels]);
  await expect.poll(() => coloursOf(page, regions)).toEqual({ [last]: first[last] });
  await expect.poll(() => coloursOf(page, channels)).toEqual({ [last]: first[last] });

  // Edit mode draws the same colours; nothing new to save, so no other colour PUT was sent.
  await page.getByRole('button', { name: 'Edit dashboard' }).click();
  await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
  await waitRendered(page, [regions, channels]);
  await expect.poll(() => coloursOf(page, regions)).toEqual({ [last]: first[last] });
  expect(colourSaves).toHaveLength(1);
});
