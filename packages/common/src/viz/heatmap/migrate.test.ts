import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('heatmap migrate', () => {
  it("takes the legacy heatmap's keys", () => {
    expect(
      migrate({
        datasource: '1__table',
        viz_type: 'heatmap_v2',
        all_columns_x: 'day',
        all_columns_y: 'hour',
        metric: 'count',
        y_axis_bounds: [0, 100],
        show_perc: false,
        sort_by_metric: true,
        canvas_image_rendering: 'pixelated',
        linear_color_scheme: 'green_teal',
      }),
    ).toEqual({
      datasource: '1__table',
      viz_type: 'heatmap_v2',
      x_axis: 'day',
      groupby: 'hour',
      metric: 'count',
      value_bounds: [0, 100],
      show_percentage: false,
      legend_type: 'continuous',
      linear_color_scheme: 'green_teal',
      form_data_version: FORM_DATA_VERSION,
    });
  });

  it('stamps current heatmap_v2 form data without touching it', () => {
    const saved = {
      datasource: '1__table',
      viz_type: 'heatmap_v2' as const,
      x_axis: 'day',
      legend_type: 'piecewise',
    };
    expect(migrate(saved)).toEqual({ ...saved, form_data_version: FORM_DATA_VERSION });
  });
});
