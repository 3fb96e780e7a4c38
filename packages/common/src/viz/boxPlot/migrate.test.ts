import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('box plot migrate', () => {
  it("takes the legacy box plot's whisker_options", () => {
    expect(
      migrate({ datasource: '1__table', viz_type: 'box_plot', whisker_options: 'Min/max (no outliers)' }),
    ).toEqual({
      datasource: '1__table',
      viz_type: 'box_plot',
      whiskerOptions: 'Min/max (no outliers)',
      form_data_version: FORM_DATA_VERSION,
    });
  });
});
