import { describe, expect, it } from 'vitest';
import { buildQuery as mixedQuery } from '../mixedTimeseries/buildQuery.ts';
import { buildQuery as pieQuery } from '../pie/buildQuery.ts';
import { buildQuery as tableQuery } from '../table/buildQuery.ts';
import { buildQuery as lineQuery } from '../timeseriesLine/buildQuery.ts';
import type { FormData } from '../types.ts';
import { applyExtraFormDataToQuery } from './extraFormData.ts';
import { baseQueryObject, timeGrainOf } from './query.ts';

const base = {
  filters: [
    { col: 'order_date', op: 'TEMPORAL_RANGE' as const, val: 'No filter' },
    { col: 'country', op: 'IN' as const, val: ['FR'] },
  ],
  extras: { where: '(amount > 0)' },
  applied_time_extras: {},
};

describe('applyExtraFormDataToQuery', () => {
  it('is the same query without extra form data', () => {
    expect(applyExtraFormDataToQuery(base, undefined)).toBe(base);
  });

  it('appends the filters with isExtra and ANDs custom SQL into WHERE', () => {
    const query = applyExtraFormDataToQuery(base, {
      filters: [{ col: 'city', op: 'IN', val: ['Paris'] }],
      adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' }],
    });
    expect(query.filters).toEqual([
      ...base.filters,
      { col: 'city', op: 'IN', val: ['Paris'], isExtra: true },
    ]);
    expect(query.extras).toEqual({ where: '(amount > 0) AND (1 = 0)' });
  });

  it("overrides the chart's time range, time column and time grain", () => {
    const query = applyExtraFormDataToQuery(base, {
      time_range: 'Last week',
      granularity_sqla: 'shipped_date',
      time_grain_sqla: 'P1W',
    });
    expect(query.filters?.[0]).toEqual({ col: 'shipped_date', op: 'TEMPORAL_RANGE', val: 'Last week' });
    expect(query.time_range).toBe('Last week');
    expect(query.granularity).toBeUndefined();
    expect(query.extras?.time_grain_sqla).toBe('P1W');
    expect(query.applied_time_extras).toEqual({
      __time_range: 'Last week',
      __time_col: 'shipped_date',
      __time_grain: 'P1W',
    });
  });

  it('sets the time column of a query without a temporal filter and ignores unknown grains', () => {
    const query = applyExtraFormDataToQuery(
      { filters: [] },
      { granularity_sqla: 'ds', time_grain_sqla: 'P2D' },
    );
    expect(query.granularity).toBe('ds');
    expect(query.extras?.time_grain_sqla).toBeUndefined();
  });
});

describe('chart queries with a dashboard’s extra form data', () => {
  const extra = {
    filters: [{ col: 'country', op: 'IN' as const, val: ['FR'] }],
    time_range: 'Last month',
    time_grain_sqla: 'P1M',
  };

  it('reach the base query object and the time grain of every chart', () => {
    const formData: FormData = {
      datasource: '3__table',
      viz_type: 'pie',
      time_grain_sqla: 'P1D',
      extra_form_data: extra,
    };
    expect(timeGrainOf(formData)).toBe('P1M');
    expect(baseQueryObject(formData).filters).toEqual([
      { col: 'country', op: 'IN', val: ['FR'], isExtra: true },
    ]);
    expect(pieQuery({ ...formData, groupby: ['city'], metric: 'count' }).queries[0]?.filters).toEqual([
      { col: 'country', op: 'IN', val: ['FR'], isExtra: true },
    ]);
  });

  it("re-bucket a line chart's time axis and replace its time range", () => {
    const query = lineQuery({
      datasource: '3__table',
      viz_type: 'echarts_timeseries_line',
      x_axis: 'order_date',
      time_grain_sqla: 'P1D',
      metrics: ['count'],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'order_date',
          operator: 'TEMPORAL_RANGE',
          comparator: 'No filter',
        },
      ],
      extra_form_data: extra,
    }).queries[0];
    expect(query?.columns?.[0]).toMatchObject({ columnType: 'BASE_AXIS', timeGrain: 'P1M' });
    expect(query?.filters).toEqual([
      { col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last month' },
      { col: 'country', op: 'IN', val: ['FR'], isExtra: true },
    ]);
  });

  it('reach both queries of the mixed chart', () => {
    const queries = mixedQuery({
      datasource: '3__table',
      viz_type: 'mixed_timeseries',
      x_axis: 'order_date',
      metrics: ['count'],
      metrics_b: ['revenue'],
      extra_form_data: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
    }).queries;
    expect(queries).toHaveLength(2);
    for (const query of queries) {
      expect(query.filters).toContainEqual({ col: 'country', op: 'IN', val: ['FR'], isExtra: true });
    }
  });

  it('reach the table chart', () => {
    const query = tableQuery({
      datasource: '3__table',
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['city'],
      extra_form_data: { filters: [{ col: 'country', op: 'NOT IN', val: ['DE'] }] },
    }).queries[0];
    expect(query?.filters).toContainEqual({ col: 'country', op: 'NOT IN', val: ['DE'], isExtra: true });
  });
});
