import { describe, expect, it } from 'vitest';
import type { ChartDataResult, ChartProps, DatasourceMeta, FormData } from '../types.ts';
import { transformProps } from './transformProps.ts';
import type { HeaderLabel, PivotHeaderCell, PivotTableChartProps } from './types.ts';

const data = [
  { region: 'EU', country: 'FR', year: 2023, sales: 10, orders: 1 },
  { region: 'EU', country: 'FR', year: 2024, sales: 20, orders: 2 },
  { region: 'EU', country: 'DE', year: 2023, sales: 30, orders: 3 },
  { region: 'US', country: 'NY', year: 2024, sales: 40, orders: 4 },
];

const result: ChartDataResult = {
  data,
  colnames: ['year', 'region', 'country', 'sales', 'orders'],
  coltypes: [0, 1, 1, 0, 0],
  rowcount: data.length,
};

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [],
  metrics: [
    {
      metric_name: 'sales',
      verbose_name: 'Sales',
      d3format: ',.1f',
      currency: { symbol: 'USD', symbolPosition: 'prefix' },
    },
    { metric_name: 'orders', verbose_name: 'Orders', d3format: null, currency: null },
  ],
  verboseMap: { sales: 'Sales', orders: 'Orders', region: 'Region', country: 'Country', year: 'Year' },
};

function pivotProps(formData: Partial<FormData>, extra: Partial<ChartProps> = {}): PivotTableChartProps {
  const render = transformProps({
    formData: {
      datasource: '1__table',
      viz_type: 'pivot_table_v2',
      groupbyRows: ['region', 'country'],
      groupbyColumns: ['year'],
      metrics: ['sales'],
      ...formData,
    },
    queriesData: [result],
    width: 500,
    height: 300,
    datasource,
    locale: 'en',
    ...extra,
  });
  expect(render.renderer).toBe('pivotTable');
  return (render as { props: Record<string, unknown> }).props as unknown as PivotTableChartProps;
}

const text = (label: HeaderLabel) =>
  label.type === 'value' || label.type === 'attr' ? label.text : `<${label.type}>`;
const head = (cells: PivotHeaderCell[]) =>
  cells.map(
    (c) => `${text(c.label)}${c.rowSpan > 1 ? ` r${c.rowSpan}` : ''}${c.colSpan > 1 ? ` c${c.colSpan}` : ''}`,
  );

describe('pivot table transformProps', () => {
  it('lays out nested headers, subtotals and totals', () => {
    const props = pivotProps({ rowTotals: true, colTotals: true, rowSubTotals: true });
    expect(props.headerRows.map(head)).toEqual([
      ['<empty> r2 c2', '<metricAttr>', 'Sales c2', '<total> r3'],
      ['Year', '2023 r2', '2024 r2'],
      ['Region', 'Country', '<empty>'],
    ]);
    expect(
      props.rows.map((row) => [row.kind, ...head(row.headers), '|', ...row.cells.map((c) => c.text)]),
    ).toEqual([
      ['data', 'EU r3', 'DE c2', '|', '$30.0', '', '$30.0'],
      ['data', 'FR c2', '|', '$10.0', '$20.0', '$30.0'],
      ['subtotal', '<subtotal> c2', '|', '$40.0', '$20.0', '$60.0'],
      ['data', 'US r2', 'NY c2', '|', '', '$40.0', '$40.0'],
      ['subtotal', '<subtotal> c2', '|', '', '$40.0', '$40.0'],
      ['total', '<total> c3', '|', '$40.0', '$60.0', '$100.0'],
    ]);
    expect(props.rows[1]?.cells.map((c) => c.kind)).toEqual(['data', 'data', 'total']);
    expect(props.rows[2]?.cells.map((c) => c.kind)).toEqual(['subtotal', 'subtotal', 'total']);
    expect(props.aggregateFunction).toBe('Sum');
  });

  it('gives each value header and cell the dimension values it stands for (for cross-filters)', () => {
    const props = pivotProps({ rowTotals: true, colTotals: true, rowSubTotals: true });
    // The metric's header stands for no dimension; a year's header for its year.
    expect(props.headerRows[0]?.map((c) => c.dimensions)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(props.headerRows[1]?.map((c) => c.dimensions)).toEqual([
      undefined,
      { year: 2023 },
      { year: 2024 },
    ]);
    const [eu, de] = props.rows[0]?.headers ?? [];
    expect(eu?.dimensions).toEqual({ region: 'EU' });
    expect(de?.dimensions).toEqual({ region: 'EU', country: 'DE' });
    expect(props.rows[0]?.cells.map((c) => c.dimensions)).toEqual([
      { region: 'EU', country: 'DE', year: 2023 },
      { region: 'EU', country: 'DE', year: 2024 },
      { region: 'EU', country: 'DE' },
    ]);
    // A subtotal stands for its group; the grand total for nothing.
    expect(props.rows[2]?.cells[0]?.dimensions).toEqual({ region: 'EU', year: 2023 });
    expect(props.rows[5]?.cells[2]?.dimensions).toBeUndefined();
  });

  it('puts column subtotals after their group and combines metrics under the columns', () => {
    const props = pivotProps({
      groupbyRows: ['region'],
      groupbyColumns: ['year'],
      metrics: ['sales', 'orders'],
      combineMetric: true,
      colSubTotals: true,
    });
    expect(props.headerRows.map(head)).toEqual([
      ['<empty> r2', 'Year', '2023 c3', '2024 c3'],
      ['<metricAttr>', 'Sales r2', 'Orders r2', '<subtotal> r2', 'Sales r2', 'Orders r2', '<subtotal> r2'],
      ['Region', '<empty>'],
    ]);
    // The subtotal of a year spans both metrics: it stays empty.
    expect(props.rows[0]?.cells.map((c) => c.text)).toEqual(['$40.0', '4', '', '$20.0', '2', '']);
  });

  it('places metrics on the rows and transposes', () => {
    const props = pivotProps({ metricsLayout: 'ROWS', transposePivot: true, metrics: ['orders'] });
    expect(props.headerRows.map(head)).toEqual([
      ['<empty> r2 c2', 'Region', 'EU c2', 'US'],
      ['Country', 'DE r2', 'FR r2', 'NY r2'],
      ['<metricAttr>', 'Year', '<empty>'],
    ]);
    expect(props.rows.map((row) => [...head(row.headers), ...row.cells.map((c) => c.text)])).toEqual([
      ['Orders r2', '2023 c2', '3', '1', ''],
      ['2024 c2', '', '2', '4'],
    ]);
  });

  it('shows only the total of an axis without dimensions', () => {
    const props = pivotProps({
      groupbyRows: [],
      groupbyColumns: [],
      metrics: ['sales', 'orders'],
      metricsLayout: 'ROWS',
    });
    expect(props.headerRows.map(head)).toEqual([['<metricAttr>', '<total>']]);
    expect(props.rows.map((row) => [...head(row.headers), ...row.cells.map((c) => c.text)])).toEqual([
      ['Sales', '$100.0'],
      ['Orders', '10'],
    ]);
  });

  it('formats with the chosen value format and fractions without currency', () => {
    const chosen = pivotProps({ groupbyRows: ['region'], groupbyColumns: [], valueFormat: ',.2f' });
    expect(chosen.rows.map((row) => row.cells[0]?.text)).toEqual(['$60.00', '$40.00']);
    const fractions = pivotProps({
      groupbyRows: ['region'],
      groupbyColumns: [],
      aggregateFunction: 'Sum as Fraction of Total',
      valueFormat: '.0%',
    });
    expect(fractions.rows.map((row) => row.cells[0]?.text)).toEqual(['60%', '40%']);
  });

  it('formats in Russian', () => {
    const props = pivotProps(
      { groupbyRows: ['region'], groupbyColumns: [], metrics: ['orders'], valueFormat: ',.1f' },
      {
        locale: 'ru',
      },
    );
    expect(props.rows.map((row) => row.cells[0]?.text)).toEqual(['6,0', '4,0']);
  });

  it('formats temporal header values with the date format', () => {
    const march = Date.UTC(2024, 2, 1);
    const render = transformProps({
      formData: {
        datasource: '1__table',
        viz_type: 'pivot_table_v2',
        groupbyRows: ['month'],
        groupbyColumns: [],
        metrics: ['orders'],
        date_format: '%Y-%m',
      },
      queriesData: [
        { data: [{ month: march, orders: 2 }], colnames: ['month', 'orders'], coltypes: [2, 0], rowcount: 1 },
      ],
      width: 100,
      height: 100,
      datasource,
      locale: 'en',
    });
    const props = (render as { props: unknown }).props as PivotTableChartProps;
    expect(head(props.rows[0]?.headers ?? [])).toEqual(['2024-03 c2']);
  });

  it('colours data cells of a metric by its conditional formatting rules', () => {
    const props = pivotProps({
      groupbyRows: ['region', 'country'],
      groupbyColumns: [],
      rowSubTotals: true,
      conditional_formatting: [{ column: 'sales', operator: '>', targetValue: 25, colorScheme: '#ff0000' }],
    });
    // DE and FR sum to 30, a third of the way from the threshold 25 to the column's maximum 40.
    expect(props.rows.map((row) => row.cells[0]?.background)).toEqual([
      'rgba(255,0,0,0.37)',
      'rgba(255,0,0,0.37)',
      null,
      'rgba(255,0,0,1)',
      null,
    ]);
  });

  it('shows an empty dimension value as such', () => {
    const render = transformProps({
      formData: {
        datasource: '1__table',
        viz_type: 'pivot_table_v2',
        groupbyRows: ['region'],
        metrics: ['orders'],
      },
      queriesData: [
        {
          data: [{ region: null, orders: 1 }],
          colnames: ['region', 'orders'],
          coltypes: [1, 0],
          rowcount: 1,
        },
      ],
      width: 100,
      height: 100,
      datasource,
      locale: 'en',
    });
    const props = (render as { props: unknown }).props as PivotTableChartProps;
    expect(props.rows[0]?.headers[0]?.label).toEqual({ type: 'null' });
  });
});
