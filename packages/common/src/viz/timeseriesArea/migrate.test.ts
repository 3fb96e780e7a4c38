import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION } from '../types.ts';
import { migrate } from './migrate.ts';

describe('area chart migrate', () => {
  it("upgrades Superset's NVD3 area: stacked style and opaque areas", () => {
    expect(
      migrate({
        datasource: '7__table',
        viz_type: 'echarts_area',
        stacked_style: 'stream',
        granularity_sqla: 'order_date',
        metrics: ['orders'],
      }),
    ).toEqual({
      datasource: '7__table',
      viz_type: 'echarts_area',
      form_data_version: FORM_DATA_VERSION,
      stack: 'Stream',
      opacity: 0.7,
      x_axis: 'order_date',
      metrics: ['orders'],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'order_date',
          operator: 'TEMPORAL_RANGE',
          comparator: 'No filter',
        },
      ],
    });
  });

  it('keeps the opacity of an ECharts area chart', () => {
    expect(
      migrate({ datasource: '7__table', viz_type: 'echarts_area', opacity: 0.2, stack: 'Expand' }),
    ).toMatchObject({
      opacity: 0.2,
      stack: 'Expand',
    });
  });
});
