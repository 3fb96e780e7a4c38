import { describe, expect, it } from 'vitest';
import type { ChartDataResult, ChartProps, DatasourceMeta, FormData } from '../types.ts';
import { transformProps } from './transformProps.ts';
import type { TableChartProps, TableColumn } from './types.ts';

const datasource: DatasourceMeta = {
  id: 3,
  type: 'table',
  columns: [
    { column_name: 'country', verbose_name: 'Country', type_generic: 1, is_dttm: false },
    { column_name: 'order_date', verbose_name: null, type_generic: 2, is_dttm: true },
  ],
  metrics: [
    {
      metric_name: 'revenue',
      verbose_name: 'Revenue',
      d3format: ',.2f',
      currency: { symbol: 'EUR', symbolPosition: 'suffix' },
    },
    { metric_name: 'count', verbose_name: 'Count', d3format: null, currency: null },
  ],
  verboseMap: { country: 'Country', revenue: 'Revenue', count: 'Count' },
};

function result(
  data: Array<Record<string, unknown>>,
  colnames: string[],
  coltypes: number[],
): ChartDataResult {
  return { data, colnames, coltypes, rowcount: data.length };
}

function chartProps(
  formData: Partial<FormData>,
  queriesData: ChartDataResult[],
  extra: Partial<ChartProps> = {},
): ChartProps {
  return {
    formData: { datasource: '3__table', viz_type: 'table', ...formData },
    queriesData,
    width: 600,
    height: 400,
    datasource,
    locale: 'en',
    ...extra,
  };
}

function tableProps(props: ChartProps): TableChartProps {
  const render = transformProps(props);
  expect(render.renderer).toBe('table');
  return (render as { props: Record<string, unknown> }).props as unknown as TableChartProps;
}

const column = (props: TableChartProps, key: string) =>
  props.columns.find((c) => c.key === key) as TableColumn;

const rows = [
  { country: 'FR', revenue: 1234.5, count: 3, '%count': 0.75 },
  { country: 'DE', revenue: -10, count: 1, '%count': 0.25 },
];
const aggregateResult = result(rows, ['country', 'revenue', 'count', '%count'], [1, 0, 0, 0]);

describe('table transformProps', () => {
  it('labels columns with verbose names and hides metrics chosen only as percentages', () => {
    const props = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue', 'count'], percent_metrics: ['count'] }, [
        aggregateResult,
      ]),
    );
    expect(props.columns.map((c) => [c.key, c.label])).toEqual([
      ['country', 'Country'],
      ['revenue', 'Revenue'],
      ['count', 'Count'],
      ['%count', '%Count'],
    ]);
    const onlyPercent = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'], percent_metrics: ['count'] }, [
        aggregateResult,
      ]),
    );
    expect(onlyPercent.columns.map((c) => c.key)).toEqual(['country', 'revenue', '%count']);
  });

  it("formats metrics with the saved metric's format and currency, percentages with .3%", () => {
    const props = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue', 'count'], percent_metrics: ['count'] }, [
        aggregateResult,
      ]),
    );
    expect(column(props, 'revenue').format(1234.5)).toBe('1,234.50\u00a0€');
    expect(column(props, 'count').format(1234)).toBe('1.23k');
    expect(column(props, '%count').format(0.75)).toBe('75.000%');
    expect(column(props, 'country').format('FR')).toBe('FR');
    expect(column(props, 'revenue').format(null)).toBe('');
  });

  it('lets column_config override the number format and currency', () => {
    const props = tableProps(
      chartProps(
        {
          groupby: ['country'],
          metrics: ['revenue'],
          column_config: {
            revenue: { d3NumberFormat: '.1f', currencyFormat: { symbol: 'USD', symbolPosition: 'prefix' } },
          },
        },
        [aggregateResult],
      ),
    );
    expect(column(props, 'revenue').format(1234.56)).toBe('$1234.6');
  });

  it('formats numbers in Russian', () => {
    const props = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'] }, [aggregateResult], { locale: 'ru' }),
    );
    expect(column(props, 'revenue').format(1234.5)).toBe('1\u00a0234,50\u00a0€');
  });

  it('formats bucketed temporal columns by their grain and other timestamps in full', () => {
    const month = Date.UTC(2024, 2, 1);
    const data = [{ order_date: month, count: 1 }];
    const bucketed = tableProps(
      chartProps(
        {
          groupby: ['order_date'],
          metrics: ['count'],
          time_grain_sqla: 'P1M',
          temporal_columns_lookup: { order_date: true },
        },
        [result(data, ['order_date', 'count'], [2, 0])],
      ),
    );
    expect(column(bucketed, 'order_date').format(month)).toBe('Mar 2024');
    const raw = tableProps(
      chartProps({ query_mode: 'raw', all_columns: ['order_date'] }, [result(data, ['order_date'], [2])]),
    );
    expect(column(raw, 'order_date').format(month)).toBe('2024-03-01 00:00:00');
    const chosen = tableProps(
      chartProps({ query_mode: 'raw', all_columns: ['order_date'], table_timestamp_format: '%d/%m/%Y' }, [
        result(data, ['order_date'], [2]),
      ]),
    );
    expect(column(chosen, 'order_date').format(month)).toBe('01/03/2024');
  });

  it('aligns numbers right, text left, unless configured', () => {
    const props = tableProps(
      chartProps(
        {
          groupby: ['country'],
          metrics: ['revenue'],
          column_config: { country: { horizontalAlign: 'center', columnWidth: 120 } },
        },
        [aggregateResult],
      ),
    );
    expect(column(props, 'revenue').align).toBe('right');
    expect(column(props, 'country')).toMatchObject({ align: 'center', width: 120 });
  });

  it('draws cell bars on metrics by default, with the chosen alignment and colours', () => {
    const props = tableProps(chartProps({ groupby: ['country'], metrics: ['revenue'] }, [aggregateResult]));
    expect(column(props, 'revenue').bars).toEqual({
      range: [-10, 1234.5],
      alignPositiveNegative: false,
      colorPositiveNegative: true,
    });
    expect(column(props, 'country').bars).toBeNull();
    const aligned = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'], align_pn: true, color_pn: false }, [
        aggregateResult,
      ]),
    );
    expect(column(aligned, 'revenue').bars).toEqual({
      range: [0, 1234.5],
      alignPositiveNegative: true,
      colorPositiveNegative: false,
    });
    const off = tableProps(
      chartProps(
        { groupby: ['country'], metrics: ['revenue'], column_config: { revenue: { showCellBars: false } } },
        [aggregateResult],
      ),
    );
    expect(column(off, 'revenue').bars).toBeNull();
  });

  it('colours cells by the conditional formatting rules of their column', () => {
    const props = tableProps(
      chartProps(
        {
          groupby: ['country'],
          metrics: ['revenue', 'count'],
          conditional_formatting: [
            { column: 'count', operator: '≥', targetValue: 3, colorScheme: '#ACE1C4' },
          ],
        },
        [aggregateResult],
      ),
    );
    expect(column(props, 'count').background?.(3)).toBe('rgba(172,225,196,1)');
    expect(column(props, 'count').background?.(1)).toBeUndefined();
    expect(column(props, 'revenue').background).toBeNull();
  });

  it('takes the summary row from the second result when show_totals is on', () => {
    const totals = result([{ revenue: 1224.5, count: 4 }], ['revenue', 'count'], [0, 0]);
    const props = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue', 'count'], show_totals: true }, [
        aggregateResult,
        totals,
      ]),
    );
    expect(props.totals).toEqual({ revenue: 1224.5, count: 4 });
    expect(props.rowCount).toBe(2);
    const hidden = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'] }, [aggregateResult, totals]),
    );
    expect(hidden.totals).toBeNull();
  });

  it('reads the page, the row count and the totals of a server-paginated table', () => {
    const count = result([{ rowcount: 321 }], ['rowcount'], [0]);
    const totals = result([{ revenue: 5, count: 6 }], ['revenue', 'count'], [0, 0]);
    const props = tableProps(
      chartProps(
        {
          groupby: ['country'],
          metrics: ['revenue'],
          server_pagination: true,
          server_page_length: 20,
          show_totals: true,
        },
        [aggregateResult, count, totals],
        { ownState: { currentPage: 3, pageSize: 50, sortBy: [{ key: 'revenue', desc: true }] } },
      ),
    );
    expect(props).toMatchObject({
      serverPagination: true,
      rowCount: 321,
      currentPage: 3,
      pageSize: 50,
      pageSizeChoices: [10, 20, 50, 100, 200],
      sort: { key: 'revenue', desc: true },
      totals: { revenue: 5, count: 6 },
    });
  });

  it('pages on the client by page_length, automatically for large results', () => {
    const small = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'], page_length: 10 }, [aggregateResult]),
    );
    expect(small).toMatchObject({ pageSize: 10, currentPage: 0, serverPagination: false });
    expect(small.pageSizeChoices).toEqual([0, 10, 20, 50, 100, 200]);
    const all = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'], page_length: 0 }, [aggregateResult]),
    );
    expect(all.pageSize).toBe(0);
    const many = Array.from({ length: 3000 }, (_, i) => ({ country: `c${i}`, revenue: i }));
    const auto = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'] }, [
        result(many, ['country', 'revenue'], [1, 0]),
      ]),
    );
    expect(auto.pageSize).toBe(200);
    const custom = tableProps(
      chartProps({ groupby: ['country'], metrics: ['revenue'], page_length: '25' }, [aggregateResult]),
    );
    expect(custom.pageSizeChoices).toEqual([0, 10, 20, 25, 50, 100, 200]);
  });

  it('shows plain numbers in raw mode with bars on numeric columns', () => {
    const props = tableProps(
      chartProps({ query_mode: 'raw', all_columns: ['id', 'amount'], include_search: true }, [
        result(
          [
            { id: 1001, amount: 0.30000000000000004 },
            { id: 1002, amount: 2 },
          ],
          ['id', 'amount'],
          [0, 0],
        ),
      ]),
    );
    expect(column(props, 'id').format(1001)).toBe('1001');
    expect(column(props, 'amount').format(0.30000000000000004)).toBe('0.3');
    // An average or a ratio does not spill a dozen decimals; big values stay whole, ids ungrouped.
    expect(column(props, 'amount').format(12.34567890123)).toBe('12.3457');
    expect(column(props, 'amount').format(77077955.13)).toBe('77077955.13');
    expect(column(props, 'amount').isMetric).toBe(false);
    expect(column(props, 'amount').bars?.range).toEqual([0.30000000000000004, 2]);
    expect(props.includeSearch).toBe(true);
  });
});
