/**
 * One query's rows → ECharts series: line, smooth, step, scatter or bar, with stacking (Stack, Stream,
 * Expand), area fill, markers, value labels, dashed lines for time-comparison series, and colours from
 * the chart's colour scale. The mixed chart calls it once per query.
 */
import type { NumberFormatter } from '../../format/number.ts';
import type { ColorScale } from '../colors.ts';
import type { ChartDataResult, FormData } from '../types.ts';
import type { AxisKind } from './axes.ts';
import { axisFormatter, type ValueFormatOptions, valueFormatter } from './format.ts';
import type { SeriesStyle } from './formData.ts';
import { type ColumnSeries, type QueryColumns, queryColumns } from './queryColumns.ts';

export interface QuerySeriesOptions {
  result: ChartDataResult | undefined;
  /** The query's form data (the mixed chart's query B: with its `_b` values). */
  formData: FormData;
  style: SeriesStyle;
  xAxisLabel: string;
  xAxisKind: AxisKind;
  horizontal: boolean;
  color: ColorScale;
  verboseMap: Record<string, string>;
  format: Omit<ValueFormatOptions, 'percent' | 'savedMetrics'>;
  /** Keeps series ids of two queries apart (mixed chart). */
  idPrefix?: string;
  /** Appended to names, e.g. ' (Query B)' when the mixed chart shows query identifiers. */
  nameSuffix?: string;
  yAxisIndex?: number;
  stackId?: string;
}

export interface QuerySeries {
  series: Array<Record<string, unknown>>;
  legendNames: string[];
  /** Series id → the formatter of its values (tooltips). */
  formatters: Map<string, NumberFormatter>;
  xValues: Array<string | number | null>;
  minPositive: number | null;
  /** Shares of each x's total, so the value axis runs from 0 to 1. */
  share: boolean;
  stacked: boolean;
  /** Series drawn only to shift a stream graph: left out of tooltips and the legend. */
  hiddenIds: Set<string>;
  /** The value axis' formatter (and the stack totals'). */
  axisFormatter: NumberFormatter;
}

const STEP_TYPES = new Set(['start', 'middle', 'end']);

function echartsType(style: SeriesStyle): 'line' | 'bar' | 'scatter' {
  if (style.seriesType === 'bar') return 'bar';
  if (style.seriesType === 'scatter') return 'scatter';
  return 'line';
}

function savedMetricsOf(formData: FormData): Set<string> {
  const metrics = Array.isArray(formData.metrics) ? formData.metrics : [formData.metrics];
  return new Set(metrics.filter((metric): metric is string => typeof metric === 'string'));
}

/** What every series of the query shares. */
interface SeriesContext {
  options: QuerySeriesOptions;
  columns: QueryColumns;
  type: 'line' | 'bar' | 'scatter';
  point: (x: string | number | null, y: number | null) => Array<string | number | null>;
  /** Per x, the index of the last series with a value: where a stack's total label goes. */
  topSeries: number[];
  axis: Record<string, number>;
}

/** A stream graph is a stack shifted down by half of each x's total: an invisible first series. */
function streamBaseline(context: SeriesContext, id: string): Record<string, unknown> {
  const { options, columns, type } = context;
  return {
    id,
    type,
    stack: options.stackId ?? 'obs',
    silent: true,
    showSymbol: false,
    tooltip: { show: false },
    itemStyle: { opacity: 0 },
    lineStyle: { opacity: 0 },
    ...(type === 'line' && options.style.area ? { areaStyle: { opacity: 0 } } : {}),
    ...context.axis,
    data: columns.totals.map((total, i) => context.point(columns.xValues[i] ?? null, -total / 2)),
  };
}

function valueLabel(context: SeriesContext, entry: ColumnSeries, index: number, formatter: NumberFormatter) {
  const { style, horizontal } = context.options;
  const { totals } = context.columns;
  const formatLabel = (params: { dataIndex: number }) => {
    const value = entry.values[params.dataIndex] ?? null;
    if (style.stack === null || !style.onlyTotal) return value === null ? '' : formatter(value);
    if (context.topSeries[params.dataIndex] !== index) return '';
    return formatter(style.stack === 'Expand' ? 1 : (totals[params.dataIndex] as number));
  };
  return { show: true, position: horizontal ? 'right' : 'top', formatter: formatLabel };
}

function seriesOption(
  context: SeriesContext,
  entry: ColumnSeries,
  index: number,
  formatter: NumberFormatter,
): Record<string, unknown> {
  const { options, type } = context;
  const { style } = options;
  const suffix = options.nameSuffix ?? '';
  // A time-shifted copy of a series is dashed in its series' colour.
  const shifted = entry.offset !== null && !entry.derived;
  return {
    id: `${options.idPrefix ?? ''}${entry.column}`,
    name: `${entry.name}${suffix}`,
    type,
    ...(style.seriesType === 'smooth' ? { smooth: true } : {}),
    ...(STEP_TYPES.has(style.seriesType) ? { step: style.seriesType } : {}),
    ...(style.stack !== null ? { stack: options.stackId ?? 'obs' } : {}),
    ...(type === 'line' && style.area ? { areaStyle: { opacity: style.opacity } } : {}),
    ...(type !== 'bar'
      ? {
          // Value labels of a line hang on its symbols.
          showSymbol: type === 'scatter' || style.markerEnabled || style.showValue,
          symbolSize: style.markerSize,
        }
      : {}),
    itemStyle: { color: options.color(`${entry.colorKey}${suffix}`) },
    ...(type === 'line' ? { lineStyle: shifted ? { type: 'dashed' } : {} } : {}),
    ...(style.showValue ? { label: valueLabel(context, entry, index, formatter) } : {}),
    ...context.axis,
    data: entry.values.map((value, i) => context.point(context.columns.xValues[i] ?? null, value)),
  };
}

function topSeriesOf(series: ColumnSeries[], rowCount: number): number[] {
  const top = new Array<number>(rowCount).fill(-1);
  series.forEach((entry, k) => {
    entry.values.forEach((value, i) => {
      if (value !== null) top[i] = k;
    });
  });
  return top;
}

export function querySeries(options: QuerySeriesOptions): QuerySeries {
  const { formData, style, horizontal, result } = options;
  const rows = result?.data ?? [];
  const columns = queryColumns({
    rows,
    colnames: result?.colnames?.length ? result.colnames : Object.keys(rows[0] ?? {}),
    formData,
    xAxisLabel: options.xAxisLabel,
    xAxisKind: options.xAxisKind,
    stack: style.stack,
    verboseMap: options.verboseMap,
  });
  const formatOptions: ValueFormatOptions = {
    ...options.format,
    percent: columns.percent,
    savedMetrics: savedMetricsOf(formData),
  };
  const context: SeriesContext = {
    options,
    columns,
    type: echartsType(style),
    point: (x, y) => (horizontal ? [y, x] : [x, y]),
    topSeries: topSeriesOf(columns.series, rows.length),
    axis: options.yAxisIndex ? { yAxisIndex: options.yAxisIndex } : {},
  };

  const series: Array<Record<string, unknown>> = [];
  const hiddenIds = new Set<string>();
  if (style.stack === 'Stream') {
    const id = `${options.idPrefix ?? ''}__stream_baseline__`;
    hiddenIds.add(id);
    series.push(streamBaseline(context, id));
  }
  const formatters = new Map<string, NumberFormatter>();
  columns.series.forEach((entry, index) => {
    const formatter = valueFormatter(entry.metric, formatOptions);
    const option = seriesOption(context, entry, index, formatter);
    formatters.set(String(option.id), formatter);
    series.push(option);
  });

  return {
    series,
    legendNames: columns.series.map((entry) => `${entry.name}${options.nameSuffix ?? ''}`),
    formatters,
    xValues: columns.xValues,
    minPositive: columns.minPositive,
    share: columns.share,
    stacked: style.stack !== null,
    hiddenIds,
    axisFormatter: axisFormatter(columns.metrics, formatOptions),
  };
}
