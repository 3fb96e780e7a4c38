/**
 * Query result → the big number with trendline's props, as Superset computes them: the latest
 * period's value (or, when that one is empty, the latest non-empty value, marked as not up to date),
 * its change against the value `compare_lag` periods earlier as a signed percentage with the suffix,
 * and the series for the trend line (padded to the chosen time range when fixed to it).
 */
import { getNumberFormatter } from '../../format/number.ts';
import { metricLabel } from '../../query/types.ts';
import { DEFAULT_HEADER_FONT_SIZE, DEFAULT_SUBHEADER_FONT_SIZE } from '../bigNumberTotal/controls.ts';
import { fontSizeOf, metricValue, valueFormatter } from '../bigNumberTotal/format.ts';
import { subheaderOf } from '../bigNumberTotal/transformProps.ts';
import type { BigNumberChartProps } from '../bigNumberTotal/types.ts';
import { rgbaToCss } from '../colors.ts';
import { cellNumber } from '../echartsShared/formData.ts';
import { intOf, metricsOf, timeGrainOf } from '../shared/query.ts';
import { flagOf } from '../table/formData.ts';
import { temporalFormatter } from '../table/timeFormats.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { timeLabelOf } from './buildQuery.ts';

/** Superset's PERCENT_SIGNED_1_POINT. */
const PERCENT_CHANGE_FORMAT = '+.1%';

type Point = [number, number | string | null];

/** The change from `previous` to `current` relative to |previous|; 0 when previous is 0 (Superset). */
export function percentChange(current: number, previous: number): number {
  return previous ? (current - previous) / Math.abs(previous) : 0;
}

export function transformProps(chartProps: ChartProps): RenderProps {
  const { formData, queriesData, width, height, locale } = chartProps;
  const metric = metricsOf(formData, 'metric')[0];
  const label = metric === undefined ? '' : metricLabel(metric);
  const timeLabel = timeLabelOf(formData);
  const result = queriesData[0];
  const data = result?.data ?? [];
  const index = result?.colnames?.indexOf(label) ?? -1;
  const coltype = index >= 0 ? result?.coltypes?.[index] : undefined;
  const grain = timeGrainOf(formData) ?? null;
  const formatValue = valueFormatter(chartProps, metric, coltype, grain);
  const formatTime = temporalFormatter(formData.time_format as string | undefined, grain, locale);

  // Latest first.
  const latestFirst: Point[] = data
    .map((row): Point => [cellNumber(row[timeLabel]) ?? Number.NaN, metricValue(row[label], coltype)])
    .filter(([time]) => !Number.isNaN(time))
    .sort((a, b) => b[0] - a[0]);

  let value: number | string | null = latestFirst[0]?.[1] ?? null;
  let time: number | null = latestFirst[0]?.[0] ?? null;
  let stale = false;
  if (value === null && latestFirst.length > 0) {
    const fallback = latestFirst.find(([, candidate]) => candidate !== null);
    value = fallback?.[1] ?? null;
    time = fallback?.[0] ?? null;
    stale = fallback !== undefined;
  }

  let subheader = subheaderOf(formData);
  let changeTone: BigNumberChartProps['changeTone'] = null;
  const lag = intOf(formData.compare_lag, 0);
  const compared = latestFirst[lag]?.[1];
  if (lag > 0 && typeof value === 'number' && typeof compared === 'number') {
    const change = percentChange(value, compared);
    const suffix = typeof formData.compare_suffix === 'string' ? formData.compare_suffix : '';
    subheader = `${getNumberFormatter(PERCENT_CHANGE_FORMAT, { locale })(change)} ${suffix}`.trim();
    changeTone = change > 0 ? 'positive' : change < 0 ? 'negative' : null;
  }

  let trendline: BigNumberChartProps['trendline'] = null;
  if (flagOf(formData.show_trend_line, true) && latestFirst.length > 0) {
    const points: Array<[number, number | null]> = [...latestFirst]
      .reverse()
      .map(([at, point]) => [at, typeof point === 'number' ? point : null]);
    const from = cellNumber(result?.from_dttm);
    if (flagOf(formData.time_range_fixed, false) && from !== null) {
      const to = cellNumber(result?.to_dttm) ?? Date.now();
      if ((points[0]?.[0] ?? Number.POSITIVE_INFINITY) > from) points.unshift([from, null]);
      if ((points[points.length - 1]?.[0] ?? Number.NEGATIVE_INFINITY) < to) points.push([to, null]);
    }
    trendline = {
      points,
      color: rgbaToCss(formData.color_picker as Parameters<typeof rgbaToCss>[0]),
      startYAxisAtZero: flagOf(formData.start_y_axis_at_zero, true),
      formatValue,
      formatTime,
    };
  }

  const props: BigNumberChartProps = {
    value,
    headerText: formatValue(value),
    subheader,
    emptyReason: value !== null ? null : data.length === 0 ? 'noData' : 'noDataLatest',
    headerFontSize: fontSizeOf(formData.header_font_size, DEFAULT_HEADER_FONT_SIZE),
    subheaderFontSize: fontSizeOf(formData.subheader_font_size, DEFAULT_SUBHEADER_FONT_SIZE),
    color: null,
    changeTone,
    timestamp: flagOf(formData.show_timestamp, false) && time !== null ? formatTime(time) : null,
    staleSince: stale && time !== null ? formatTime(time) : null,
    trendline,
  };
  return { renderer: 'bigNumber', props: props as unknown as Record<string, unknown>, width, height };
}
