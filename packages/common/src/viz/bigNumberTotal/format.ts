/**
 * Formatting of a big number: the metric's number format (the chart's, else the saved metric's) or,
 * for date and text metrics and when forced, the date format — following the time grain when adaptive.
 */
import type { QueryMetric } from '../../query/types.ts';
import type { TimeGrain } from '../../sql/timeGrains.ts';
import { cellNumber } from '../echartsShared/formData.ts';
import { temporalFormatter } from '../table/timeFormats.ts';
import { metricNumberFormatter } from '../table/valueFormat.ts';
import type { ChartProps } from '../types.ts';

const STRING = 1;
const TEMPORAL = 2;

/** A metric value as shown: numbers (numeric text included) as numbers, other text as it is. */
export function metricValue(raw: unknown, coltype: number | undefined): number | string | null {
  if (raw === null || raw === undefined) return null;
  if (coltype !== STRING && coltype !== TEMPORAL) {
    const number = cellNumber(raw);
    if (number !== null) return number;
  }
  return typeof raw === 'number' ? raw : String(raw);
}

export function valueFormatter(
  props: Pick<ChartProps, 'formData' | 'datasource' | 'locale'>,
  metric: QueryMetric | undefined,
  coltype: number | undefined,
  grain: TimeGrain | null,
): (value: number | string | null) => string {
  const { formData, locale } = props;
  const asTime = coltype === TEMPORAL || coltype === STRING || formData.force_timestamp_formatting === true;
  const time = temporalFormatter(formData.time_format as string | undefined, grain, locale);
  const number = metricNumberFormatter(props, metric, formData.y_axis_format, formData.currency_format);
  return (value) => {
    if (value === null) return '';
    if (asTime) return time(value);
    return typeof value === 'number' ? number(value) : value;
  };
}

/** A font size control's value, as a proportion of the height. */
export function fontSizeOf(value: unknown, fallback: number): number {
  const number = cellNumber(value);
  return number !== null && number > 0 && number <= 1 ? number : fallback;
}
