/** Pie / donut: one slice per row, labels by label_type, percentages of the total, optional total. */
import { columnLabel, metricLabel } from '../../query/types.ts';
import { colorScale } from '../colors.ts';
import {
  dateFormatter,
  metricDisplayName,
  metricFormatter,
  percentFormatter,
} from '../echartsShared/format.ts';
import { boolOf, cellNumber, numberOf, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
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
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

export interface Slice {
  name: string;
  value: number | null;
  formattedValue: string;
  formattedPercent: string;
}

interface IndexedParams {
  dataIndex?: number;
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale);
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

  const values = rows.map((row) => cellNumber(row[valueKey]));
  const total = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const slices: Slice[] = rows.map((row, index) => {
    const value = values[index] ?? null;
    return {
      name: groupby.length ? rowLabel(row, groupby, coltypes, formatTime) : metricName,
      value,
      formattedValue: formatValue(value),
      formattedPercent: formatPercent(total && value !== null ? value / total : 0),
    };
  });

  const type = labelTypeOf(formData.label_type, 'key');
  const sliceOf = (params: IndexedParams) => slices[params.dataIndex ?? -1];
  const labelFormatter = (params: IndexedParams) => {
    const slice = sliceOf(params);
    return slice ? formatLabel(type, slice.name, slice.formattedValue, slice.formattedPercent) : '';
  };

  const donut = boolOf(formData.donut, false);
  const labelsOutside = boolOf(formData.labels_outside, true);
  const legend: LegendSettings = {
    show: boolOf(formData.show_legend, true),
    orientation: legendOrientationOf(formData.legendOrientation),
    type: legendTypeOf(formData.legendType),
    margin: formData.legendMargin,
  };
  const padding = legendPadding(legend);
  const outer = numberOf(formData.outerRadius, 70);
  const inner = donut ? numberOf(formData.innerRadius, 30) : 0;

  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: IndexedParams) => {
        const slice = sliceOf(params);
        return slice
          ? tooltipHtml([[metricName, slice.formattedValue, slice.formattedPercent]], slice.name)
          : '';
      },
    },
    legend: legendOption(
      legend,
      slices.map((slice) => slice.name),
    ),
    series: [
      {
        type: 'pie',
        ...padding,
        animation: false,
        radius: [`${inner}%`, `${outer}%`],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        minShowLabelAngle: numberOf(formData.show_labels_threshold, 0) * 3.6,
        labelLine: { show: labelsOutside && boolOf(formData.label_line, false) },
        label: {
          show: boolOf(formData.show_labels, true),
          formatter: labelFormatter,
          position: labelsOutside ? 'outer' : 'inner',
          ...(labelsOutside ? { alignTo: 'none', bleedMargin: 5 } : {}),
        },
        emphasis: { label: { show: true, fontWeight: 'bold' } },
        data: slices.map((slice) => ({
          name: slice.name,
          value: slice.value,
          itemStyle: { color: color(slice.name) },
        })),
      },
    ],
    graphic: boolOf(formData.show_total, false)
      ? [
          {
            type: 'text',
            left: 'center',
            top: donut ? 'middle' : padding.top,
            z: 10,
            style: {
              text: t('viz.types.echartsShared.total', { value: formatValue(total) }),
              fontSize: 16,
              fontWeight: 'bold',
            },
          },
        ]
      : [],
  };
  return echartsRender(props, option);
}
