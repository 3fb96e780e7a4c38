import { describe, expect, it } from 'vitest';
import { normalizeQueryContext } from '../../query/normalize.ts';
import { baseFormData } from './__fixtures__/chartProps.ts';
import { buildTimeseriesQuery, timeseriesQueryObject } from './buildQuery.ts';

const X_AXIS = {
  label: 'order_date',
  sqlExpression: 'order_date',
  expressionType: 'SQL',
  columnType: 'BASE_AXIS',
  isColumnReference: true,
  timeGrain: 'P1D',
};

const SUM_AMOUNT = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount', type: 'DOUBLE' },
  label: 'SUM(amount)',
} as const;

describe('time-series buildQuery', () => {
  it('builds the x-axis, series, limit, order and the pivot pipeline', () => {
    const context = buildTimeseriesQuery(
      baseFormData({
        metrics: ['orders', SUM_AMOUNT],
        groupby: ['country'],
        limit: 5,
        timeseries_limit_metric: 'revenue',
        order_desc: true,
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'order_date',
            operator: 'TEMPORAL_RANGE',
            comparator: 'Last year',
          },
        ],
      }),
    );
    expect(context).toEqual({
      datasource: { id: 7, type: 'table' },
      force: false,
      result_format: 'json',
      result_type: 'full',
      form_data: expect.objectContaining({ viz_type: 'echarts_timeseries_line' }),
      queries: [
        {
          filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last year' }],
          extras: { time_grain_sqla: 'P1D' },
          row_limit: 10000,
          order_desc: true,
          applied_time_extras: {},
          columns: [X_AXIS, 'country'],
          metrics: ['orders', SUM_AMOUNT],
          series_columns: ['country'],
          orderby: [['revenue', false]],
          series_limit: 5,
          series_limit_metric: 'revenue',
          time_offsets: [],
          post_processing: [
            {
              operation: 'pivot',
              options: {
                index: ['order_date'],
                columns: ['country'],
                aggregates: { orders: { operator: 'mean' }, 'SUM(amount)': { operator: 'mean' } },
                drop_missing_columns: false,
              },
            },
            { operation: 'flatten' },
          ],
        },
      ],
    });
    // What the server's normalisation accepts as it is.
    expect(() => normalizeQueryContext(context)).not.toThrow();
  });

  it('orders by the first metric when no series-limit metric is chosen, ascending when asked', () => {
    const query = timeseriesQueryObject(baseFormData({ metrics: ['orders', 'revenue'], order_desc: false }), {
      withAnnotations: false,
    });
    expect(query.orderby).toEqual([['orders', true]]);
    expect(query).not.toHaveProperty('series_limit');
    expect(query).not.toHaveProperty('series_limit_metric');
  });

  it('reads legacy form data without an x-axis as a __timestamp query', () => {
    const query = timeseriesQueryObject(
      baseFormData({
        x_axis: undefined,
        granularity_sqla: 'order_date',
        time_range: 'Last week',
        limit: '10',
      }),
      { withAnnotations: false },
    );
    expect(query.is_timeseries).toBe(true);
    expect(query.granularity).toBe('order_date');
    expect(query.time_range).toBe('Last week');
    expect(query.columns).toEqual([]);
    expect(query.series_limit).toBe(10);
    expect(query.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: { index: ['__timestamp'] },
    });
    const normalized = normalizeQueryContext({ datasource: { id: 1, type: 'table' }, queries: [query] });
    expect(normalized.queries[0]?.columns[0]).toMatchObject({ label: '__timestamp', timeGrain: 'P1D' });
  });

  it('asks for time offsets and pivots metric and offset columns together', () => {
    const query = timeseriesQueryObject(
      baseFormData({
        metrics: ['orders'],
        time_compare: ['1 year ago', '1 week ago'],
        comparison_type: 'values',
      }),
      { withAnnotations: false },
    );
    expect(query.time_offsets).toEqual(['1 year ago', '1 week ago']);
    expect(query.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['order_date'],
          columns: [],
          aggregates: {
            orders: { operator: 'mean' },
            'orders__1 year ago': { operator: 'mean' },
            'orders__1 week ago': { operator: 'mean' },
          },
          drop_missing_columns: false,
        },
      },
      { operation: 'flatten' },
    ]);
  });

  it('turns a difference comparison into compare, dropping the originals', () => {
    const query = timeseriesQueryObject(
      baseFormData({ metrics: ['orders'], time_compare: '1 year ago', comparison_type: 'difference' }),
      { withAnnotations: false },
    );
    expect(query.post_processing?.[1]).toEqual({
      operation: 'compare',
      options: {
        source_columns: ['orders'],
        compare_columns: ['orders__1 year ago'],
        compare_type: 'difference',
        drop_original_columns: true,
      },
    });
  });

  it('adds rolling windows, cumulative sums, resampling and contribution in Superset order', () => {
    const rolling = timeseriesQueryObject(
      baseFormData({
        rolling_type: 'mean',
        rolling_periods: '7',
        min_periods: 3,
        resample_rule: '1D',
        resample_method: 'ffill',
        contributionMode: 'row',
      }),
      { withAnnotations: false },
    );
    expect(rolling.post_processing?.map((step) => step.operation)).toEqual([
      'pivot',
      'rolling',
      'resample',
      'contribution',
      'flatten',
    ]);
    expect(rolling.post_processing?.[1]).toEqual({
      operation: 'rolling',
      options: { rolling_type: 'mean', window: 7, min_periods: 3, columns: { orders: 'orders' } },
    });
    expect(rolling.post_processing?.[2]).toEqual({
      operation: 'resample',
      options: { rule: '1D', method: 'ffill', fill_value: null },
    });
    expect(rolling.post_processing?.[3]).toEqual({
      operation: 'contribution',
      options: { orientation: 'row' },
    });

    const cumulative = timeseriesQueryObject(
      baseFormData({ rolling_type: 'cumsum', resample_rule: '7D', resample_method: 'zerofill' }),
      { withAnnotations: false },
    );
    expect(cumulative.post_processing?.[1]).toEqual({
      operation: 'cum',
      options: { operator: 'sum', columns: { orders: 'orders' } },
    });
    expect(cumulative.post_processing?.[2]).toEqual({
      operation: 'resample',
      options: { rule: '7D', method: 'asfreq', fill_value: 0 },
    });
  });

  it('drops the metric from series names when one metric is truncated', () => {
    const query = timeseriesQueryObject(
      baseFormData({ groupby: ['country'], time_compare: ['1 year ago'], truncate_metric: true }),
      { withAnnotations: false },
    );
    expect(query.post_processing?.[1]).toEqual({
      operation: 'rename',
      options: { columns: { 'orders__1 year ago': '1 year ago', orders: null }, level: 0, inplace: true },
    });
    const kept = timeseriesQueryObject(baseFormData({ groupby: ['country'], truncate_metric: false }), {
      withAnnotations: false,
    });
    expect(kept.post_processing?.map((step) => step.operation)).toEqual(['pivot', 'flatten']);
  });

  it('hides empty series when show_empty_columns is off', () => {
    const query = timeseriesQueryObject(baseFormData({ show_empty_columns: false }), {
      withAnnotations: false,
    });
    expect(query.post_processing?.[0]).toMatchObject({ options: { drop_missing_columns: true } });
  });

  it('sorts a single-series categorical axis with x_axis_sort', () => {
    const byMetric = timeseriesQueryObject(
      baseFormData({ x_axis: 'country', x_axis_sort: 'orders', x_axis_sort_asc: false }),
      { withAnnotations: false },
    );
    expect(byMetric.post_processing?.at(-2)).toEqual({
      operation: 'sort',
      options: { by: 'orders', ascending: false },
    });
    const byAxis = timeseriesQueryObject(baseFormData({ x_axis: 'country', x_axis_sort: 'country' }), {
      withAnnotations: false,
    });
    expect(byAxis.post_processing?.at(-2)).toEqual({
      operation: 'sort',
      options: { is_sort_index: true, ascending: true },
    });
  });

  it('passes shown non-formula annotation layers on the first query', () => {
    const event = {
      name: 'Releases',
      annotationType: 'EVENT',
      sourceType: 'table',
      value: 12,
      show: true,
      timeColumn: 'released_at',
    };
    const context = buildTimeseriesQuery(
      baseFormData({
        annotation_layers: [
          event,
          { name: 'Target', annotationType: 'FORMULA', sourceType: '', value: '100', show: true },
          { name: 'Hidden', annotationType: 'INTERVAL', sourceType: 'table', value: 3, show: false },
        ],
      }),
    );
    expect(context.queries[0]?.annotation_layers).toEqual([event]);
    expect(timeseriesQueryObject(baseFormData(), { withAnnotations: true })).not.toHaveProperty(
      'annotation_layers',
    );
  });

  it('has no post-processing without metrics', () => {
    expect(
      timeseriesQueryObject(baseFormData({ metrics: [] }), { withAnnotations: false }).post_processing,
    ).toEqual([]);
  });
});
