/**
 * Query results → the period comparison's props: the current value, the comparison period's value (the
 * offset column of a shifted comparison, the second query's value of a custom one), their difference
 * and the change in percent of the previous value, with both periods labelled.
 */
import { getNumberFormatter } from '../../format/number.ts';
import { timeOffsetLabel } from '../../query/timeOffsets.ts';
import { metricLabel } from '../../query/types.ts';
import { boundsToTimeRange, shiftRange, type TimeBounds, timeRangeLabel } from '../../time/index.ts';
import { DEFAULT_HEADER_FONT_SIZE, DEFAULT_SUBHEADER_FONT_SIZE } from '../bigNumberTotal/controls.ts';
import { fontSizeOf, metricValue, valueFormatter } from '../bigNumberTotal/format.ts';
import { metricsOf } from '../shared/query.ts';
import type { AdhocFilter, ChartDataResult, ChartProps, RenderProps } from '../types.ts';
import { comparisonOffset, comparisonTypeOf } from './comparison.ts';
import type { PopKpiChartProps } from './types.ts';

const PERCENT_CHANGE_FORMAT = '+.1%';

/** The change relative to the previous value; null when there is nothing to divide by. */
export function percentChange(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / Math.abs(previous);
}

function boundsOf(result: ChartDataResult | undefined): TimeBounds | null {
  const since = typeof result?.from_dttm === 'number' ? new Date(result.from_dttm) : null;
  const until = typeof result?.to_dttm === 'number' ? new Date(result.to_dttm) : null;
  return since || until ? { since, until } : null;
}

/** The column of the filters' time range, by its label in the UI language. */
function timeColumnOf(filters: unknown, verboseMap: Record<string, string>): string {
  const temporal = (Array.isArray(filters) ? (filters as AdhocFilter[]) : []).find(
    (filter) => filter.expressionType === 'SIMPLE' && filter.operator === 'TEMPORAL_RANGE',
  );
  const column = temporal?.expressionType === 'SIMPLE' ? temporal.subject : 'col';
  return verboseMap[column] ?? column;
}

const periodLabel = (bounds: TimeBounds | null, column: string): string | null =>
  bounds ? timeRangeLabel(boundsToTimeRange(bounds), column, 'included') : null;

function previousBounds(current: TimeBounds | null, offset: string): TimeBounds | null {
  if (!current) return null;
  try {
    return shiftRange(current, offset);
  } catch {
    // An open range has no inherited length: the period stays unnamed, the values are still shown.
    return null;
  }
}

const numberOf = (value: number | string | null): number | null => (typeof value === 'number' ? value : null);

export function transformProps(chartProps: ChartProps): RenderProps {
  const { formData, queriesData, width, height, datasource, locale } = chartProps;
  const metric = metricsOf(formData, 'metric')[0];
  const label = metric === undefined ? '' : metricLabel(metric);
  const offset = comparisonOffset(comparisonTypeOf(formData));
  const main = queriesData[0];
  const comparison = offset === null ? queriesData[1] : main;
  const previousKey = offset === null ? label : timeOffsetLabel(label, offset);

  const index = main?.colnames?.indexOf(label) ?? -1;
  const coltype = index >= 0 ? main?.coltypes?.[index] : undefined;
  const value = main?.data?.length ? metricValue(main.data[0]?.[label], coltype) : null;
  const previous = comparison?.data?.length ? metricValue(comparison.data[0]?.[previousKey], coltype) : null;
  const format = valueFormatter(chartProps, metric, coltype, null);

  const current = numberOf(value);
  const before = numberOf(previous);
  const difference = current !== null && before !== null ? current - before : null;
  const percent = current !== null && before !== null ? percentChange(current, before) : null;
  const currentBounds = boundsOf(main);
  const column = timeColumnOf(formData.adhoc_filters, datasource.verboseMap);

  const props: PopKpiChartProps = {
    value,
    headerText: format(value),
    previousText: format(previous),
    differenceText: format(difference),
    percentText: percent === null ? '' : getNumberFormatter(PERCENT_CHANGE_FORMAT, { locale })(percent),
    emptyReason: value === null ? 'noData' : null,
    headerFontSize: fontSizeOf(formData.header_font_size, DEFAULT_HEADER_FONT_SIZE),
    subheaderFontSize: fontSizeOf(formData.subheader_font_size, DEFAULT_SUBHEADER_FONT_SIZE),
    changeTone:
      formData.comparison_color_enabled === true && difference !== null && difference !== 0
        ? difference > 0
          ? 'positive'
          : 'negative'
        : null,
    currentPeriod: periodLabel(currentBounds, column),
    previousPeriod:
      offset === null
        ? periodLabel(boundsOf(comparison), timeColumnOf(formData.adhoc_custom, datasource.verboseMap))
        : periodLabel(previousBounds(currentBounds, offset), column),
  };
  return { renderer: 'popKpi', props: props as unknown as Record<string, unknown>, width, height };
}
