import { expect, test } from './fixtures.ts';

/**
 * A saved chart alone (`/explore/?slice_id=…&standalone=1`): how a chart is embedded, and what a
 * report's picture or a thumbnail of a chart shows. No navigation, the chart's name and the chart,
 * and the page's own signal that it has drawn.
 */
test('a saved chart opens alone, with its name, and says when it has drawn', async ({ adminPage: page }) => {
  // The examples' pie (they load while the server starts), by name: other journeys make pies of their own
  // and may leave one without data.
  let chart: { id: number; slice_name: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          "/api/v1/chart/?q=(filters:!((col:slice_name,opr:eq,value:'Top destinations')),page_size:1,columns:!(id,slice_name))",
        );
        chart = response.ok() ? (await response.json()).result[0] : undefined;
        return chart !== undefined;
      },
      { timeout: 120_000 },
    )
    .toBe(true);

  await page.goto(`/explore/?slice_id=${chart!.id}&standalone=1`);
  const standalone = page.locator('[data-test="standalone-chart"]');
  await expect(standalone.getByRole('heading', { name: chart!.slice_name })).toBeVisible({ timeout: 45_000 });
  await expect(standalone).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  await expect(standalone.locator('canvas').first()).toBeVisible();
  // Standalone: no app navigation and none of explore's controls.
  await expect(page.getByRole('link', { name: 'Vitrina' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
