/**
 * Query result → a complete ECharts option for the single-query charts of the family (line, smooth,
 * area, scatter, bar). A chart type fixes what makes it that type (bar series, area fill…), whatever the
 * form data says (it may come from another type); everything else comes from form data.
 */
import { getNumberFormatter } from '../../format/number.ts';
import { colorScale } from '../colors.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { annotationLegendNames, annotationSeries } from './annotations.ts';
import { dimensionAxis, grainInterval, valueAxis, xAxisKindOf } from './axes.ts';
import { DEFAULT_TITLE_MARGIN } from './constants.ts';
import { timeFormatter } from './format.ts';
import {
  boolOf,
  boundsOf,
  currencyOf,
  DEFAULT_SERIES_STYLE,
  legendOf,
  numberOf,
  orientationOf,
  type SeriesStyle,
  seriesStyleOf,
  stringOf,
} from './formData.ts';
import { xAxisLabelOf } from './labels.ts';
import { dataZoomOption, gridOption, legendOption, toolboxOption } from './layout.ts';
import { chartText } from './messages.ts';
import { querySeries } from './querySeries.ts';
import { tooltipOption } from './tooltip.ts';

/** Title margins default to Superset's: 15 px under the x-axis, 30 px beside the y-axis. */
const DEFAULT_Y_TITLE_MARGIN = 30;

export function transformTimeseries(props: ChartProps, fixed: Partial<SeriesStyle>): RenderProps {
  const { formData, queriesData, width, height, datasource, locale } = props;
  const result = queriesData[0];
  const style: SeriesStyle = { ...seriesStyleOf(formData, DEFAULT_SERIES_STYLE), ...fixed };
  const horizontal = style.seriesType === 'bar' && orientationOf(formData) === 'horizontal';
  const xAxisLabel = xAxisLabelOf(formData);
  const xAxisKind = xAxisKindOf(result, xAxisLabel, datasource, {
    stacked: style.stack !== null,
    forceCategorical: boolOf(formData.xAxisForceCategorical, false),
  });
  const color = colorScale(stringOf(formData.color_scheme), props.labelColors);
  const legend = legendOf(formData);
  const zoomable = boolOf(formData.zoomable, false);

  const main = querySeries({
    result,
    formData,
    style,
    xAxisLabel,
    xAxisKind,
    horizontal,
    color,
    verboseMap: datasource?.verboseMap ?? {},
    format: {
      format: stringOf(formData.y_axis_format),
      currency: currencyOf(formData.currency_format),
      locale,
      datasource,
    },
  });
  const annotations = annotationSeries(formData, {
    xValues: main.xValues,
    annotationData: result?.annotation_data,
    color,
    markerSize: style.markerSize,
    horizontal,
  });

  const dimension = dimensionAxis(
    {
      kind: xAxisKind,
      title: stringOf(formData.x_axis_title) ?? '',
      titleMargin: numberOf(formData.x_axis_title_margin, DEFAULT_TITLE_MARGIN),
      rotation: numberOf(formData.xAxisLabelRotation, 0),
      timeFormatter: timeFormatter(formData.x_axis_time_format, locale),
      numberFormatter: getNumberFormatter(null, { locale }),
      minInterval: grainInterval(formData.time_grain_sqla),
    },
    horizontal,
  );
  const values = valueAxis({
    formatter: main.axisFormatter,
    log: boolOf(formData.logAxis, false),
    bounds: boundsOf(formData.y_axis_bounds),
    truncate: boolOf(formData.truncateYAxis, false),
    minorSplitLine: boolOf(formData.minorSplitLine, false),
    title: stringOf(formData.y_axis_title) ?? '',
    titleMargin: numberOf(formData.y_axis_title_margin, DEFAULT_Y_TITLE_MARGIN),
    minPositive: main.minPositive,
    share: main.share,
  });

  const totalIds =
    main.stacked && style.stack !== 'Expand'
      ? new Set([...main.formatters.keys()].filter((id) => !main.hiddenIds.has(id)))
      : null;
  const option = {
    grid: gridOption(legend, zoomable),
    xAxis: horizontal ? values : dimension,
    yAxis: horizontal ? dimension : values,
    legend: legendOption(legend, [...main.legendNames, ...annotationLegendNames(annotations)]),
    tooltip: tooltipOption({
      rich: boolOf(formData.rich_tooltip, true),
      horizontal,
      xAxisKind,
      timeFormatter: timeFormatter(formData.tooltipTimeFormat, locale),
      formatters: main.formatters,
      defaultFormatter: main.axisFormatter,
      hiddenIds: main.hiddenIds,
      totalIds,
      totalLabel: chartText(locale, 'total'),
      moreLabel: chartText(locale, 'moreSeries'),
      sortByMetric: boolOf(formData.tooltipSortByMetric, false),
    }),
    dataZoom: zoomable ? dataZoomOption(legend, horizontal) : [],
    toolbox: zoomable ? toolboxOption(locale, horizontal) : { show: false },
    series: [...main.series, ...annotations],
  };
  return { renderer: 'echarts', option, width, height };
}
