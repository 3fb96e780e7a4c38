/**
 * Two query results → one ECharts option: each query's series drawn in its own style (line, bar,
 * scatter…, stacked within the query), on the primary or the secondary y-axis, over a shared x-axis.
 * Values format with the format of the axis their query is on.
 */
import { getNumberFormatter } from '../../format/number.ts';
import { colorScale } from '../colors.ts';
import { annotationLegendNames, annotationSeries } from '../timeseries/annotations.ts';
import { dimensionAxis, grainInterval, valueAxis, xAxisKindOf } from '../timeseries/axes.ts';
import { DEFAULT_TITLE_MARGIN } from '../timeseries/constants.ts';
import { timeFormatter, valueFormatter } from '../timeseries/format.ts';
import {
  boolOf,
  boundsOf,
  currencyOf,
  DEFAULT_SERIES_STYLE,
  formDataOfQuery,
  legendOf,
  numberOf,
  type SeriesStyle,
  seriesStyleOf,
  stringOf,
} from '../timeseries/formData.ts';
import { xAxisLabelOf } from '../timeseries/labels.ts';
import { dataZoomOption, gridOption, legendOption, toolboxOption } from '../timeseries/layout.ts';
import { chartText } from '../timeseries/messages.ts';
import { type QuerySeries, querySeries } from '../timeseries/querySeries.ts';
import { tooltipOption } from '../timeseries/tooltip.ts';
import type { ChartProps, FormData, RenderProps } from '../types.ts';

const DEFAULT_Y_TITLE_MARGIN = 30;

/** The format controls of each y-axis. */
function axisFormat(formData: FormData, axis: 0 | 1) {
  return axis === 0
    ? { format: stringOf(formData.y_axis_format), currency: currencyOf(formData.currency_format) }
    : {
        format: stringOf(formData.y_axis_format_secondary),
        currency: currencyOf(formData.currency_format_secondary),
      };
}

const axisIndexOf = (value: unknown): 0 | 1 => (numberOf(value, 0) === 1 ? 1 : 0);

export function transformProps(props: ChartProps): RenderProps {
  const { formData, queriesData, width, height, datasource, locale } = props;
  const [resultA, resultB] = queriesData;
  const xAxisLabel = xAxisLabelOf(formData);
  const styles: [SeriesStyle, SeriesStyle] = [
    seriesStyleOf(formData, DEFAULT_SERIES_STYLE),
    seriesStyleOf(formData, DEFAULT_SERIES_STYLE, 'B'),
  ];
  const axes: [0 | 1, 0 | 1] = [axisIndexOf(formData.yAxisIndex), axisIndexOf(formData.yAxisIndexB)];
  const xAxisKind = xAxisKindOf(
    resultA?.data?.length ? resultA : (resultB ?? resultA),
    xAxisLabel,
    datasource,
    {
      stacked: styles.some((style) => style.stack !== null),
      forceCategorical: boolOf(formData.xAxisForceCategorical, false),
    },
  );
  const color = colorScale(stringOf(formData.color_scheme), props.labelColors);
  const legend = legendOf(formData);
  const zoomable = boolOf(formData.zoomable, false);
  const identifiers = boolOf(formData.show_query_identifiers, false);

  const queries: QuerySeries[] = (['A', 'B'] as const).map((query, i) =>
    querySeries({
      result: i === 0 ? resultA : resultB,
      formData: formDataOfQuery(formData, query),
      style: styles[i] as SeriesStyle,
      xAxisLabel,
      xAxisKind,
      horizontal: false,
      color,
      verboseMap: datasource?.verboseMap ?? {},
      format: { ...axisFormat(formData, axes[i] as 0 | 1), locale, datasource },
      idPrefix: `${query}:`,
      nameSuffix: identifiers ? ` (${chartText(locale, query === 'A' ? 'queryA' : 'queryB')})` : '',
      yAxisIndex: axes[i] as 0 | 1,
      stackId: `obs${query}`,
    }),
  );
  const [a, b] = queries as [QuerySeries, QuerySeries];
  const annotations = annotationSeries(formData, {
    xValues: a.xValues.length > 0 ? a.xValues : b.xValues,
    annotationData: resultA?.annotation_data,
    color,
    markerSize: styles[0].markerSize,
    horizontal: false,
  });

  const yAxis = ([0, 1] as const).map((axis) => {
    const onAxis = queries.filter((_, i) => axes[i] === axis);
    const secondary = axis === 1;
    const formatter =
      onAxis[0]?.axisFormatter ??
      valueFormatter(null, {
        ...axisFormat(formData, axis),
        percent: false,
        locale,
        datasource,
        savedMetrics: new Set(),
      });
    const minPositive = onAxis.reduce<number | null>(
      (min, query) =>
        query.minPositive === null
          ? min
          : min === null
            ? query.minPositive
            : Math.min(min, query.minPositive),
      null,
    );
    return {
      ...valueAxis({
        formatter,
        log: boolOf(secondary ? formData.logAxisSecondary : formData.logAxis, false),
        bounds: boundsOf(secondary ? formData.y_axis_bounds_secondary : formData.y_axis_bounds),
        truncate: boolOf(formData.truncateYAxis, false),
        minorSplitLine: !secondary && boolOf(formData.minorSplitLine, false),
        title: stringOf(secondary ? formData.yAxisTitleSecondary : formData.y_axis_title) ?? '',
        titleMargin: numberOf(formData.y_axis_title_margin, DEFAULT_Y_TITLE_MARGIN),
        minPositive,
        share: onAxis.length > 0 && onAxis.every((query) => query.share),
      }),
      // One set of grid lines: the secondary axis aligns its ticks to the primary's.
      ...(secondary ? { position: 'right', alignTicks: true, splitLine: { show: false } } : {}),
    };
  });

  const option = {
    grid: gridOption(legend, zoomable),
    xAxis: dimensionAxis(
      {
        kind: xAxisKind,
        title: stringOf(formData.x_axis_title) ?? '',
        titleMargin: numberOf(formData.x_axis_title_margin, DEFAULT_TITLE_MARGIN),
        rotation: numberOf(formData.xAxisLabelRotation, 0),
        timeFormatter: timeFormatter(formData.x_axis_time_format, locale),
        numberFormatter: getNumberFormatter(null, { locale }),
        minInterval: grainInterval(formData.time_grain_sqla),
      },
      false,
    ),
    yAxis,
    legend: legendOption(legend, [...a.legendNames, ...b.legendNames, ...annotationLegendNames(annotations)]),
    tooltip: tooltipOption({
      rich: boolOf(formData.rich_tooltip, true),
      horizontal: false,
      xAxisKind,
      timeFormatter: timeFormatter(formData.tooltipTimeFormat, locale),
      formatters: new Map([...a.formatters, ...b.formatters]),
      defaultFormatter: a.axisFormatter,
      hiddenIds: new Set([...a.hiddenIds, ...b.hiddenIds]),
      // Two queries stack separately: no single total makes sense.
      totalIds: null,
      totalLabel: chartText(locale, 'total'),
      moreLabel: chartText(locale, 'moreSeries'),
      sortByMetric: boolOf(formData.tooltipSortByMetric, false),
    }),
    dataZoom: zoomable ? dataZoomOption(legend, false) : [],
    toolbox: zoomable ? toolboxOption(locale, false) : { show: false },
    series: [...a.series, ...b.series, ...annotations],
  };
  return { renderer: 'echarts', option, width, height };
}
