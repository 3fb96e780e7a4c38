import { chartFrame } from './explorePage.ts';
import { exampleDatasetId, expect, test } from './fixtures.ts';

/**
 * The MapBox chart: the example `airports` dataset's coordinates drawn as points. The journey server has
 * no MAPBOX_API_KEY, so the points draw on a plain background with the note saying how to get the map;
 * a map style that is no Mapbox address is refused by the control and Run waits.
 */

test('a person draws the airports on the MapBox chart and a bad map style is refused', async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const datasetId = await exampleDatasetId(page, 'airports');
  await page.goto(`/explore/?datasource_type=table&datasource_id=${datasetId}`);

  // Pick the MapBox chart in the gallery, found by searching.
  await page.getByRole('button', { name: /^Chart type: / }).click();
  const gallery = page.getByRole('dialog', { name: 'Change chart type' });
  await gallery.getByRole('textbox', { name: 'Search all charts' }).fill('mapbox');
  await gallery.getByRole('option', { name: 'MapBox' }).click();
  await gallery.getByRole('button', { name: 'Select' }).click();
  await expect(gallery).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chart type: MapBox. Change it' })).toBeVisible();

  // Longitude and latitude are required: Run waits for them.
  await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled();
  const columns = page.getByRole('list', { name: 'Columns of the dataset' });
  const longitude = page.getByRole('group', { name: 'Longitude', exact: true });
  await columns.getByRole('listitem', { name: 'longitude' }).dragTo(longitude);
  await expect(longitude.getByTestId('explore-option')).toContainText('longitude');
  const latitude = page.getByRole('group', { name: 'Latitude', exact: true });
  await columns.getByRole('listitem', { name: 'latitude' }).dragTo(latitude);
  await expect(latitude.getByTestId('explore-option')).toContainText('latitude');

  // Run: the points draw on a canvas, with the note that a token would show the map.
  await page.getByRole('button', { name: 'Run' }).click();
  const frame = chartFrame(page);
  await expect(frame).toHaveAttribute('data-chart-status', 'success', { timeout: 60_000 });
  await expect(frame.locator('canvas').first()).toBeVisible();
  await expect(page.getByText('No Results')).toHaveCount(0);
  await expect(frame.getByRole('alert')).toHaveCount(0);

  // A style address that is not mapbox://styles/… is refused, and Run waits until it is fixed.
  const style = page.locator('[data-control-name="mapbox_style"]');
  await style.getByRole('combobox', { name: 'Map style' }).click();
  await style.getByRole('combobox', { name: 'Map style' }).fill('https://example.com/style');
  await page.keyboard.press('Enter');
  await expect(style.getByRole('alert')).toContainText('is expected to be a Mapbox URL');
  await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled();

  // One of the standard styles is fine again.
  await style.getByRole('combobox', { name: 'Map style' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Dark$/ })
    .click();
  await expect(style.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled();
});
