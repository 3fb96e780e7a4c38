/**
 * Funnel: one step per row in the query's order; percentages from the first step, the previous step or
 * the total (percent_calculation_type).
 */
import { columnLabel, metricLabel } from '../../query/types.ts';
import { colorScale } from '../colors.ts';
import {
  dateFormatter,
  metricDisplayName,
  metricFormatter,
  percentFormatter,
} from '../echartsShared/format.ts';
import { boolOf, cellNumber, withDefaults } from '../echartsShared/formData.ts';
import { coltypesOf, rowLabel, rowsOf } from '../echartsShared/labels.ts';
import { formatLabel, labelTypeOf } from '../echartsShared/labelType.ts';
import {
  type LegendSettings,
  legendOption,
  legendOrientationOf,
  legendPadding,
  legendTypeOf,
} from '../echartsShared/legend.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { escapeHtml } from '../echartsShared/tooltip.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel, type PercentCalculationType } from './controlPanel.ts';

interface IndexedParams {
  dataIndex?: number;
}

/** Each step's share: of the first step, of the step before it, or of the total. */
export function stepPercents(values: ReadonlyArray<number | null>, type: PercentCalculationType): number[] {
  const ratio = (value: number | null, base: number | null | undefined) =>
    value !== null && base ? value / base : 0;
  const total = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return values.map((value, index) => {
    if (type === 'total') return ratio(value, total);
    if (type === 'prev_step') return index === 0 ? (value === null ? 0 : 1) : ratio(value, values[index - 1]);
    return ratio(value, values[0]);
  });
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const groupby = columnsOf(formData, 'groupby').map(columnLabel);
  const metric = metricsOf(formData, 'metric')[0];
  const valueKey = metric ? metricLabel(metric) : '';
  const metricName = metricDisplayName(props.datasource, metric);
  const formatValue = metricFormatter(props, metric);
  const formatPercent = percentFormatter(props.locale);
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const color = colorScale(formData.color_scheme as string, props.labelColors);
  const calculation = (formData.percent_calculation_type as PercentCalculationType) ?? 'first_step';

  const values = rows.map((row) => cellNumber(row[valueKey]));
  const percents = stepPercents(values, calculation);
  const steps = rows.map((row, index) => ({
    name: groupby.length ? rowLabel(row, groupby, coltypes, formatTime) : metricName,
    value: values[index] ?? null,
    formattedValue: formatValue(values[index] ?? null),
    formattedPercent: formatPercent(percents[index] ?? 0),
  }));

  const labelOf = (type: ReturnType<typeof labelTypeOf>) => (params: IndexedParams) => {
    const step = steps[params.dataIndex ?? -1];
    return step ? formatLabel(type, step.name, step.formattedValue, step.formattedPercent) : '';
  };
  const label = labelOf(labelTypeOf(formData.label_type, 'key'));
  const tooltipLabel = labelOf(labelTypeOf(formData.tooltip_label_type, 'key_value_percent'));
  const legend: LegendSettings = {
    show: boolOf(formData.show_legend, true),
    orientation: legendOrientationOf(formData.legendOrientation),
    type: legendTypeOf(formData.legendType),
    margin: formData.legendMargin,
  };

  const option = {
    tooltip: {
      show: boolOf(formData.show_tooltip_labels, true),
      trigger: 'item',
      confine: true,
      formatter: (params: IndexedParams) => escapeHtml(tooltipLabel(params)),
    },
    legend: legendOption(
      legend,
      steps.map((step) => step.name),
    ),
    series: [
      {
        type: 'funnel',
        ...legendPadding(legend),
        animation: true,
        minSize: '0%',
        maxSize: '100%',
        // Steps keep the query's order: sorting is the query's job (sort_by_metric).
        sort: 'none',
        orient: 'vertical',
        gap: 0,
        funnelAlign: 'center',
        labelLine: { show: false },
        label: {
          show: boolOf(formData.show_labels, true),
          formatter: label,
          position: 'inside',
          textBorderColor: 'transparent',
        },
        emphasis: { label: { show: true, fontWeight: 'bold' } },
        data: steps.map((step) => ({
          name: step.name,
          value: step.value,
          itemStyle: { color: color(step.name) },
        })),
      },
    ],
  };
  return echartsRender(props, option);
}
