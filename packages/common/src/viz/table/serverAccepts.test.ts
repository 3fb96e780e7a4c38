import { describe, expect, it } from 'vitest';
import { normalizeQueryContext } from '../../query/normalize.ts';
import { plugin as bigNumber } from '../bigNumber/index.ts';
import { plugin as bigNumberTotal } from '../bigNumberTotal/index.ts';
import { plugin as pivotTable } from '../pivotTable/index.ts';
import type { FormData } from '../types.ts';
import { plugin as table } from './index.ts';

const formData = (extra: Partial<FormData>) => ({ datasource: '1__table', ...extra }) as FormData;

/** What these charts send passes the chart data API's own validation. */
describe('query contexts of the table, pivot table and big numbers', () => {
  it.each([
    [
      'table with pagination and summary',
      () =>
        table.buildQuery(
          formData({
            viz_type: 'table',
            groupby: ['a'],
            metrics: ['count'],
            percent_metrics: ['count'],
            show_totals: true,
            server_pagination: true,
          }),
          { ownState: { currentPage: 1, pageSize: 20 } },
        ),
    ],
    [
      'raw table',
      () =>
        table.buildQuery(
          formData({
            viz_type: 'table',
            query_mode: 'raw',
            all_columns: ['a'],
            order_by_cols: ['["a", true]'],
          }),
        ),
    ],
    [
      'pivot table',
      () =>
        pivotTable.buildQuery(
          formData({
            viz_type: 'pivot_table_v2',
            groupbyRows: ['a'],
            groupbyColumns: ['b'],
            metrics: ['count'],
            series_limit: 5,
          }),
        ),
    ],
    [
      'big number',
      () => bigNumberTotal.buildQuery(formData({ viz_type: 'big_number_total', metric: 'count' })),
    ],
    [
      'big number with trendline',
      () =>
        bigNumber.buildQuery(
          formData({
            viz_type: 'big_number',
            metric: 'count',
            x_axis: 'ds',
            time_grain_sqla: 'P1W',
            rolling_type: 'sum',
            rolling_periods: 3,
          }),
        ),
    ],
  ])('%s', (_name, build) => {
    const context = build();
    expect(() => normalizeQueryContext(JSON.parse(JSON.stringify(context)))).not.toThrow();
  });
});
