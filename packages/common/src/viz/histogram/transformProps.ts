/**
 * Histogram: the server's `histogram` post-processing gives one row per group and one column per bin
 * ('<lower> - <upper>'); each group is a bar series over the bins.
 */
import { getNumberFormatter } from '../../format/number.ts';
import { columnLabel, type QueryColumn } from '../../query/types.ts';
import { colorScale } from '../colors.ts';
import { dateFormatter, percentFormatter } from '../echartsShared/format.ts';
import { boolOf, cellNumber, stringOf, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
import { coltypesOf, columnDisplayName, rowLabel, rowsOf } from '../echartsShared/labels.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { columnsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const BIN_SEPARATOR = ' - ';

interface AxisParams {
  dataIndex: number;
  seriesIndex: number;
}

/** A bin's name with both edges in the x-axis format; names that are not two numbers stay as they are. */
export function binLabel(name: string, format: (value: number) => string): string {
  const match = /^(\S+) - (\S+)$/.exec(name);
  const lower = Number(match?.[1]);
  const upper = Number(match?.[2]);
  return match && Number.isFinite(lower) && Number.isFinite(upper)
    ? `${format(lower)}${BIN_SEPARATOR}${format(upper)}`
    : name;
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale);
  const result = props.queriesData[0];
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(result);
  const groupby = columnsOf(formData, 'groupby').map(columnLabel);
  const column = columnsOf(formData, 'column')[0] as QueryColumn | undefined;
  const groupSet = new Set(groupby);
  const bins = (result?.colnames ?? []).filter((name) => !groupSet.has(name));
  const formatX = getNumberFormatter(stringOf(formData.x_axis_format, 'SMART_NUMBER'), {
    locale: props.locale,
  });
  const formatY = getNumberFormatter(stringOf(formData.y_axis_format, 'SMART_NUMBER'), {
    locale: props.locale,
  });
  const formatPercent = percentFormatter(props.locale);
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const color = colorScale(formData.color_scheme as string, props.labelColors);
  const normalize = boolOf(formData.normalize, false);

  const series = rows.map((row) => {
    const name = groupby.length
      ? rowLabel(row, groupby, coltypes, formatTime)
      : column === undefined
        ? ''
        : columnDisplayName(props.datasource, column);
    return { name, color: color(name), values: bins.map((bin) => cellNumber(row[bin]) ?? 0) };
  });

  const tooltipFormatter = (params: AxisParams | AxisParams[]) => {
    const shown = Array.isArray(params) ? params : [params];
    const bin = shown[0]?.dataIndex ?? 0;
    const lines = shown.map((param) => series[param.seriesIndex]).filter((item) => item !== undefined);
    const total = lines.reduce((sum, item) => sum + (item.values[bin] ?? 0), 0);
    const withShare = groupby.length > 0 && !normalize;
    const rows = lines.map((item) => {
      const value = item.values[bin] ?? 0;
      return withShare
        ? [item.name, formatY(value), formatPercent(value / (total || 1))]
        : [item.name, formatY(value)];
    });
    const colors: Array<string | undefined> = lines.map((item) => item.color);
    if (groupby.length > 0) {
      rows.push(
        withShare
          ? [t('viz.types.echartsShared.totalRow'), formatY(total), formatPercent(1)]
          : [t('viz.types.echartsShared.totalRow'), formatY(total)],
      );
      colors.push(undefined);
    }
    return tooltipHtml(rows, binLabel(bins[bin] ?? '', formatX), colors);
  };

  const showLegend = boolOf(formData.show_legend, true);
  const option = {
    grid: { left: 20, right: 20, top: showLegend ? 40 : 20, bottom: 20 },
    legend: {
      show: showLegend,
      type: 'scroll',
      top: 0,
      left: 'center',
      data: series.map((item) => item.name),
    },
    tooltip: { trigger: 'axis', confine: true, axisPointer: { type: 'shadow' }, formatter: tooltipFormatter },
    xAxis: {
      type: 'category',
      data: bins.map((bin) => binLabel(bin, formatX)),
      name: stringOf(formData.x_axis_title, ''),
      nameLocation: 'middle',
      nameGap: 35,
    },
    yAxis: {
      type: 'value',
      name: stringOf(formData.y_axis_title, ''),
      nameLocation: 'middle',
      nameGap: normalize ? 55 : 40,
      axisLabel: { formatter: (value: number) => formatY(value) },
    },
    series: series.map((item) => ({
      type: 'bar',
      name: item.name,
      data: item.values,
      itemStyle: { color: item.color },
      label: {
        show: boolOf(formData.show_value, false),
        position: 'top',
        formatter: ({ value }: { value: number }) => formatY(value),
      },
    })),
  };
  return echartsRender(props, option);
}
