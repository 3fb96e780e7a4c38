/** Shared test data of the time-series family: a dataset's meta, results and chart props. */

import { fromRecords, toRecords } from '../../../query/postProcessing/frame.ts';
import { applyPostProcessing } from '../../../query/postProcessing/index.ts';
import type { QueryContext } from '../../../query/types.ts';
import { validate } from '../../../validation/index.ts';
import type {
  ChartDataResult,
  ChartProps,
  ControlConfig,
  ControlPanelConfig,
  DatasourceMeta,
  FormData,
  RenderProps,
} from '../../types.ts';

export const DAY = 86_400_000;
export const JAN_1 = Date.UTC(2024, 0, 1);

export const datasource: DatasourceMeta = {
  id: 7,
  type: 'table',
  columns: [
    { column_name: 'order_date', verbose_name: 'Order date', type_generic: 2, is_dttm: true },
    { column_name: 'country', verbose_name: 'Country', type_generic: 1, is_dttm: false },
    { column_name: 'amount', verbose_name: 'Amount', type_generic: 0, is_dttm: false },
  ],
  metrics: [
    { metric_name: 'revenue', verbose_name: 'Revenue', d3format: ',.2f', currency: null },
    { metric_name: 'orders', verbose_name: 'Orders', d3format: null, currency: null },
    {
      metric_name: 'profit',
      verbose_name: 'Profit',
      d3format: null,
      currency: { symbol: 'EUR', symbolPosition: 'suffix' },
    },
  ],
  verboseMap: { revenue: 'Revenue', orders: 'Orders', profit: 'Profit', country: 'Country' },
};

export function baseFormData(overrides: Partial<FormData> = {}): FormData {
  return {
    datasource: '7__table',
    viz_type: 'echarts_timeseries_line',
    x_axis: 'order_date',
    time_grain_sqla: 'P1D',
    metrics: ['orders'],
    groupby: [],
    adhoc_filters: [],
    row_limit: 10000,
    ...overrides,
  };
}

/** A result as the chart data API answers it; coltypes: 0 numeric, 1 string, 2 temporal. */
export function result(
  data: Array<Record<string, unknown>>,
  coltypes: Record<string, number> = {},
  extra: Partial<ChartDataResult> = {},
): ChartDataResult {
  const colnames = Object.keys(data[0] ?? {});
  return {
    data,
    colnames,
    coltypes: colnames.map((name) => coltypes[name] ?? (name === 'order_date' ? 2 : 0)),
    rowcount: data.length,
    ...extra,
  };
}

export function chartProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  extra: Partial<ChartProps> = {},
): ChartProps {
  return { formData, queriesData, width: 800, height: 600, datasource, locale: 'en', ...extra };
}

/**
 * What the server answers for a query of the context: the raw rows run through the query's own
 * post-processing, so tests check that buildQuery and transformProps agree on column names.
 */
export function serverResult(
  context: QueryContext,
  index: number,
  rows: Array<Record<string, unknown>>,
  extra: Partial<ChartDataResult> = {},
): ChartDataResult {
  const query = context.queries[index];
  if (!query) throw new Error(`No query ${index}`);
  const frame = applyPostProcessing(
    fromRecords(rows, Object.keys(rows[0] ?? {})),
    query.post_processing ?? [],
  );
  const records = toRecords(frame);
  const coltypes = frame.columns.map((name) =>
    name === 'order_date' ? 2 : typeof records.find((r) => r[name] !== null)?.[name] === 'string' ? 1 : 0,
  );
  return { data: records, colnames: frame.columns, coltypes, rowcount: records.length, ...extra };
}

/** The option of an echarts render, read by tests as loosely typed data. */
// biome-ignore lint/suspicious/noExplicitAny: tests walk the ECharts option freely
export type Loose = any;

export function optionOf(render: RenderProps): Loose {
  if (render.renderer !== 'echarts') throw new Error('not an echarts render');
  return render.option;
}

/** A control of a panel by name (tests fail loudly when it is missing). */
export function controlOf(panel: ControlPanelConfig, name: string): ControlConfig {
  for (const section of panel.sections)
    for (const row of section.controlRows)
      for (const control of row) if (control.name === name) return control;
  throw new Error(`No control ${name}`);
}

/** The messages explore shows under a control for a value. */
export function messagesOf(panel: ControlPanelConfig, name: string, value: unknown, formData: FormData) {
  return validate(value, formData, controlOf(panel, name).validators);
}

export function controlNames(panel: ControlPanelConfig): string[] {
  return panel.sections.flatMap((section) => section.controlRows.flat().map((control) => control.name));
}
