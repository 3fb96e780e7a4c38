import { describe, expect, it } from 'vitest';
import { FORM_DATA_VERSION, type FormData } from '../types.ts';
import { migrate } from './migrate.ts';

describe('big number with trendline migrate', () => {
  it('turns the legacy time column into the x-axis and its range into a temporal filter', () => {
    const legacy: FormData = {
      datasource: '1__table',
      viz_type: 'big_number',
      metric: 'count',
      granularity_sqla: 'ds',
      time_range: 'Last quarter',
      time_grain_sqla: 'P1W',
    };
    expect(migrate(legacy)).toEqual({
      datasource: '1__table',
      viz_type: 'big_number',
      metric: 'count',
      x_axis: 'ds',
      time_grain_sqla: 'P1W',
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'ds',
          operator: 'TEMPORAL_RANGE',
          comparator: 'Last quarter',
        },
      ],
      form_data_version: FORM_DATA_VERSION,
    });
  });

  it('uses the day grain and no time filter when none was saved', () => {
    const next = migrate({ datasource: '1__table', viz_type: 'big_number', granularity_sqla: 'ds' });
    expect(next.time_grain_sqla).toBe('P1D');
    expect(next.adhoc_filters?.[0]).toMatchObject({ comparator: 'No filter' });
  });

  it('keeps modern form data and stamps the version', () => {
    const modern: FormData = { datasource: '1__table', viz_type: 'big_number', x_axis: 'ds', subheader: 'x' };
    expect(migrate(modern)).toEqual({ ...modern, form_data_version: FORM_DATA_VERSION });
  });
});
