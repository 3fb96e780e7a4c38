import { describe, expect, it } from 'vitest';
import { catalogueWithChartTypes } from '../../i18n/appCatalogues.ts';
import { validate } from '../../validation/index.ts';
import { controlDefaults } from '../shared/controls.ts';
import type { ControlConfig, FormData } from '../types.ts';
import { controlPanel } from './controlPanel.ts';
import { MAPBOX_STYLES } from './styleUrl.ts';

function control(name: string): ControlConfig {
  for (const section of controlPanel.sections)
    for (const row of section.controlRows) for (const item of row) if (item.name === name) return item;
  throw new Error(`no control ${name}`);
}

const formData: FormData = { datasource: '1__table', viz_type: 'mapbox' };

describe('MapBox control panel', () => {
  it('requires longitude and latitude, not the label or the radius', () => {
    expect(validate(undefined, formData, control('all_columns_x').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate(null, formData, control('all_columns_y').validators)).toEqual([
      { key: 'validation.nonEmpty' },
    ]);
    expect(validate(undefined, formData, control('mapbox_label').validators)).toEqual([]);
    expect(validate(undefined, formData, control('point_radius').validators)).toEqual([]);
  });

  it('offers the standard styles and takes any mapbox://styles/ address, nothing else', () => {
    const style = control('mapbox_style');
    expect(style.freeForm).toBe(true);
    expect(style.choices?.map((choice) => choice.value)).toEqual(MAPBOX_STYLES.map((s) => s.value));
    expect(validate('mapbox://styles/acme/custom', formData, style.validators)).toEqual([]);
    const messages = validate('https://example.com/style', formData, style.validators);
    expect(messages).toEqual([{ key: 'validation.mapboxUrl' }]);
    expect(catalogueWithChartTypes('en').validation.mapboxUrl).toBe('is expected to be a Mapbox URL');
  });

  it('has its defaults and its texts in both languages', () => {
    expect(controlDefaults(controlPanel.sections)).toMatchObject({
      mapbox_style: 'mapbox://styles/mapbox/light-v11',
      row_limit: 5000,
    });
    const types = (language: 'en' | 'ru') =>
      catalogueWithChartTypes(language).viz.types as Record<string, Record<string, unknown>>;
    expect(types('en').mapbox).toMatchObject({ name: 'MapBox' });
    expect(types('ru').mapbox).toMatchObject({ name: 'Карта MapBox' });
  });
});
