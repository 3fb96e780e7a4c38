/**
 * Query result → the big number's props: the metric's single value, formatted, coloured by the
 * conditional formatting rule it matches (full colour, no gradient), with the subheader below.
 */
import { metricLabel } from '../../query/types.ts';
import { metricsOf } from '../shared/query.ts';
import { colorFormatters, colorOf } from '../table/conditionalFormatting.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { DEFAULT_HEADER_FONT_SIZE, DEFAULT_SUBHEADER_FONT_SIZE } from './controls.ts';
import { fontSizeOf, metricValue, valueFormatter } from './format.ts';
import type { BigNumberChartProps } from './types.ts';

/** Superset's newer form data calls the subheader `subtitle`. */
export function subheaderOf(formData: ChartProps['formData']): string {
  const text = [formData.subheader, formData.subtitle].find(
    (value) => typeof value === 'string' && value.trim(),
  );
  return typeof text === 'string' ? text : '';
}

export function transformProps(chartProps: ChartProps): RenderProps {
  const { formData, queriesData, width, height } = chartProps;
  const metric = metricsOf(formData, 'metric')[0];
  const label = metric === undefined ? '' : metricLabel(metric);
  const result = queriesData[0];
  const data = result?.data ?? [];
  const index = result?.colnames?.indexOf(label) ?? -1;
  const coltype = index >= 0 ? result?.coltypes?.[index] : undefined;
  const value = data.length > 0 ? metricValue(data[0]?.[label], coltype) : null;
  const format = valueFormatter(chartProps, metric, coltype, null);
  const rules = colorFormatters(formData.conditional_formatting, data, { gradient: false });

  const props: BigNumberChartProps = {
    value,
    headerText: format(value),
    subheader: subheaderOf(formData),
    emptyReason: value === null ? 'noData' : null,
    headerFontSize: fontSizeOf(formData.header_font_size, DEFAULT_HEADER_FONT_SIZE),
    subheaderFontSize: fontSizeOf(formData.subheader_font_size, DEFAULT_SUBHEADER_FONT_SIZE),
    color: value === null ? null : (colorOf(rules, label, value) ?? null),
    changeTone: null,
    timestamp: null,
    staleSince: null,
    trendline: null,
  };
  return { renderer: 'bigNumber', props: props as unknown as Record<string, unknown>, width, height };
}
