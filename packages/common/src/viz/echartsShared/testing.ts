/** Chart props for the chart folders' tests: a small dataset, one result, English unless asked. */
import type { ChartDataResult, ChartProps, DatasourceMeta, FormData, RenderProps } from '../types.ts';

export const testDatasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [
    { column_name: 'country', verbose_name: 'Country', type_generic: 1, is_dttm: false },
    { column_name: 'city', verbose_name: null, type_generic: 1, is_dttm: false },
    { column_name: 'ds', verbose_name: null, type_generic: 2, is_dttm: true },
  ],
  metrics: [
    { metric_name: 'count', verbose_name: 'Count', d3format: null, currency: null },
    {
      metric_name: 'revenue',
      verbose_name: 'Revenue',
      d3format: ',.1f',
      currency: { symbol: 'EUR', symbolPosition: 'suffix' },
    },
  ],
  verboseMap: { country: 'Country', count: 'Count', revenue: 'Revenue' },
};

/** A result whose column types are guessed from the first row (numbers 0, text 1). */
export function result(
  data: Array<Record<string, unknown>>,
  coltypes?: Record<string, number>,
): ChartDataResult {
  const colnames = Object.keys(data[0] ?? {});
  return {
    data,
    colnames,
    coltypes: colnames.map((name) => coltypes?.[name] ?? (typeof data[0]?.[name] === 'number' ? 0 : 1)),
    rowcount: data.length,
  };
}

export function chartProps(
  formData: Partial<FormData> & Pick<FormData, 'viz_type'>,
  data: ChartDataResult | Array<Record<string, unknown>>,
  overrides: Partial<ChartProps> = {},
): ChartProps {
  return {
    formData: { datasource: '1__table', ...formData } as FormData,
    queriesData: [Array.isArray(data) ? result(data) : data],
    width: 800,
    height: 600,
    datasource: testDatasource,
    locale: 'en',
    ...overrides,
  };
}

/** The ECharts option of an echarts render, typed loosely for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests walk the option freely
export function optionOf(render: RenderProps): any {
  if (render.renderer !== 'echarts') throw new Error(`Expected an ECharts render, got ${render.renderer}`);
  return render.option;
}
