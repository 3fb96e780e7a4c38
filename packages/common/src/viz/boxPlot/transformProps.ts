/**
 * Box plot: the server's `boxplot` post-processing gives, per series row and metric, the columns
 * '<metric>__min', '__q1', '__median', '__q3', '__max' (whiskers and quartiles), '__mean', '__count' and
 * '__outliers'. One box per series and metric; outliers are scatter points over their box.
 */
import { columnLabel, metricLabel } from '../../query/types.ts';
import { colorScale } from '../colors.ts';
import { dateFormatter, metricDisplayName, metricFormatter } from '../echartsShared/format.ts';
import { boolOf, cellNumber, stringOf, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
import { coltypesOf, rowLabel, rowsOf } from '../echartsShared/labels.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';
import { messages } from './messages.ts';

export interface Box {
  name: string;
  color: string;
  /** min, q1, median, q3, max: ECharts' boxplot value order. */
  value: [number | null, number | null, number | null, number | null, number | null];
  mean: number | null;
  count: number | null;
  outliers: number[];
}

interface IndexedParams {
  dataIndex?: number;
  seriesIndex?: number;
  data?: unknown;
}

const AXIS_LABEL_LAYOUTS: Record<string, Record<string, unknown>> = {
  flat: { rotate: 0 },
  '45°': { rotate: -45 },
  '90°': { rotate: -90 },
  staggered: { rotate: -45 },
};

function outliersOf(value: unknown): number[] {
  return Array.isArray(value) ? value.map(cellNumber).filter((item): item is number => item !== null) : [];
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale, messages);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const groupby = columnsOf(formData, 'groupby').map(columnLabel);
  const metrics = metricsOf(formData, 'metrics');
  const formatNumber = metricFormatter(props, metrics.length === 1 ? metrics[0] : undefined);
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const color = colorScale(formData.color_scheme as string, props.labelColors);

  const boxes: Box[] = rows.flatMap((row) => {
    const group = groupby.length ? rowLabel(row, groupby, coltypes, formatTime) : '';
    return metrics.map((metric) => {
      const key = metricLabel(metric);
      const stat = (name: string) => cellNumber(row[`${key}__${name}`]);
      const metricName = metricDisplayName(props.datasource, metric);
      const name = [group, metrics.length > 1 || !group ? metricName : ''].filter(Boolean).join(', ');
      return {
        name,
        color: color(group || metricName),
        value: [stat('min'), stat('q1'), stat('median'), stat('q3'), stat('max')],
        mean: stat('mean'),
        count: stat('count'),
        outliers: outliersOf(row[`${key}__outliers`]),
      };
    });
  });

  const boxTooltip = (params: IndexedParams) => {
    const box = boxes[params.dataIndex ?? -1];
    if (!box) return '';
    const [min, q1, median, q3, max] = box.value;
    const stat = (key: string) => t(`viz.types.boxPlot.stats.${key}`);
    const lines = [
      [stat('max'), formatNumber(max)],
      [stat('q3'), formatNumber(q3)],
      [stat('mean'), formatNumber(box.mean)],
      [stat('median'), formatNumber(median)],
      [stat('q1'), formatNumber(q1)],
      [stat('min'), formatNumber(min)],
      [stat('count'), String(box.count ?? 0)],
    ];
    if (box.outliers.length > 0) lines.push([stat('outliers'), String(box.outliers.length)]);
    return tooltipHtml(lines, box.name);
  };
  const outlierTooltip = (params: IndexedParams) => {
    const [name, value] = (params.data ?? []) as [string, number];
    return tooltipHtml([[formatNumber(value)]], name);
  };

  const zoomable = boolOf(formData.zoomable, false);
  const xTitle = stringOf(formData.x_axis_title, '');
  const yTitle = stringOf(formData.y_axis_title, '');
  const option = {
    grid: { left: yTitle ? 50 : 20, right: 20, top: zoomable ? 40 : 20, bottom: xTitle ? 40 : 20 },
    tooltip: { trigger: 'item', confine: true },
    xAxis: {
      type: 'category',
      data: boxes.map((box) => box.name),
      axisLabel: AXIS_LABEL_LAYOUTS[String(formData.x_ticks_layout)] ?? { show: true },
      name: xTitle,
      nameLocation: 'middle',
      nameGap: 30,
    },
    yAxis: {
      type: 'value',
      name: yTitle,
      nameLocation: 'middle',
      nameGap: 40,
      axisLabel: { formatter: (value: number) => formatNumber(value) },
    },
    series: [
      {
        name: 'boxplot',
        type: 'boxplot',
        data: boxes.map((box) => ({
          name: box.name,
          value: box.value,
          itemStyle: { color: box.color, borderColor: box.color, opacity: 0.6 },
        })),
        tooltip: { formatter: boxTooltip },
      },
      ...boxes
        .filter((box) => box.outliers.length > 0)
        .map((box) => ({
          name: 'outlier',
          type: 'scatter',
          data: box.outliers.map((value) => [box.name, value]),
          itemStyle: { color: box.color },
          tooltip: { formatter: outlierTooltip },
        })),
    ],
    toolbox: {
      show: zoomable,
      feature: {
        dataZoom: {
          title: { zoom: t('viz.types.boxPlot.zoom.zoom'), back: t('viz.types.boxPlot.zoom.back') },
        },
      },
    },
    dataZoom: zoomable ? [{ type: 'inside', zoomOnMouseWheel: false, moveOnMouseWheel: true }] : [],
  };
  return echartsRender(props, option);
}
