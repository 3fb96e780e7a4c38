import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('histogram migrate', () => {
  it("takes the legacy histogram's keys", () => {
    expect(
      migrate({
        datasource: '1__table',
        viz_type: 'histogram_v2',
        all_columns_x: ['age', 'height'],
        link_length: '25',
        normalized: true,
        x_axis_label: 'Age',
        y_axis_label: 'People',
        queryFields: { all_columns_x: 'columns' },
      }),
    ).toEqual({
      datasource: '1__table',
      viz_type: 'histogram_v2',
      column: 'age',
      bins: 25,
      groupby: [],
      normalize: true,
      x_axis_title: 'Age',
      y_axis_title: 'People',
      form_data_version: FORM_DATA_VERSION,
    });
  });

  it('keeps current form data', () => {
    const saved = { datasource: '1__table', viz_type: 'histogram_v2' as const, column: 'age', bins: 8 };
    expect(migrate(saved)).toEqual({ ...saved, form_data_version: FORM_DATA_VERSION });
  });
});
