/**
 * Time formats of table-like charts: a column bucketed by a time grain shows exactly that grain
 * (Superset's getTimeFormatterForGranularity); timestamps with the adaptive format and no grain show the
 * full database date-time.
 */

import type { LanguageCode } from '../../api/security.ts';
import { getTimeFormatter, SMART_DATE, type TimeFormatter } from '../../format/time.ts';
import type { TimeGrain } from '../../sql/timeGrains.ts';

export const DATABASE_DATETIME = '%Y-%m-%d %H:%M:%S';

const GRAIN_FORMATS: Record<TimeGrain, string> = {
  PT1S: DATABASE_DATETIME,
  PT5S: DATABASE_DATETIME,
  PT30S: DATABASE_DATETIME,
  PT1M: '%Y-%m-%d %H:%M',
  PT5M: '%Y-%m-%d %H:%M',
  PT10M: '%Y-%m-%d %H:%M',
  PT15M: '%Y-%m-%d %H:%M',
  PT30M: '%Y-%m-%d %H:%M',
  PT1H: '%Y-%m-%d %H:00',
  PT6H: '%Y-%m-%d %H:00',
  P1D: '%Y-%m-%d',
  P7D: '%Y-%m-%d',
  P1W: '%Y-%m-%d',
  '1969-12-28T00:00:00Z/P1W': '%Y-%m-%d',
  '1969-12-29T00:00:00Z/P1W': '%Y-%m-%d',
  'P1W/1970-01-03T00:00:00Z': '%Y-%m-%d',
  'P1W/1970-01-04T00:00:00Z': '%Y-%m-%d',
  P1M: '%b %Y',
  P3M: '%Y Q%q',
  P1Y: '%Y',
};

export function grainTimeFormat(grain: TimeGrain): string {
  return GRAIN_FORMATS[grain];
}

/**
 * The formatter of a temporal column: a chosen pattern as it is; the adaptive format ('smart_date')
 * follows the grain the column was bucketed by, or shows the full date-time when there is none.
 */
export function temporalFormatter(
  format: string | null | undefined,
  grain: TimeGrain | null,
  locale: LanguageCode,
): TimeFormatter {
  if (format && format !== SMART_DATE) return getTimeFormatter(format, locale);
  return getTimeFormatter(grain ? grainTimeFormat(grain) : DATABASE_DATETIME, locale);
}
