import { NO_TIME_RANGE, TIME_RANGE_SEPARATOR, type TimeBounds } from './timeRange.ts';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A bound as Superset's API writes it: naive ISO `YYYY-MM-DDTHH:MM:SS` (UTC, no zone, no fraction). */
export function formatTimeRangeBound(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

function endpoint(text: string, isStart: boolean): string {
  return text.trim().replace('T00:00:00', '') || (isStart ? '-∞' : '∞');
}

/**
 * Whether a range's label says its end is in it (Superset's time-range end types). Every range a query
 * runs excludes its end (`col < until`); 'included' names the last day in it instead, for periods read
 * by people (a year is 2025-01-01 … 2025-12-31).
 */
export const TIME_RANGE_END_TYPES = ['included', 'excluded'] as const;
export type TimeRangeEndType = (typeof TIME_RANGE_END_TYPES)[number];

const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})(?:T00:00:00)?$/;

/** The day before a midnight end, as a date; null when the end is not a midnight. */
function lastIncludedDay(until: string): string | null {
  const match = MIDNIGHT.exec(until.trim());
  if (!match) return null;
  const day = new Date(`${match[1]}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return formatTimeRangeBound(day).slice(0, 10);
}

/**
 * The label Superset's UI shows for a range: `2024-01-01 ≤ col < 2024-02-01` for `<since> : <until>`
 * (midnights shortened to the date, open bounds as -∞/∞); any other text is its own label. With the end
 * 'included', a midnight end is shown as the last day in the range: `2024-01-01 ≤ col ≤ 2024-01-31`
 * (an end within a day has no last included instant to name and keeps `<`).
 */
export function timeRangeLabel(
  range: string,
  column = 'col',
  endType: TimeRangeEndType = 'excluded',
): string {
  const separator = range.indexOf(TIME_RANGE_SEPARATOR);
  if (separator === -1) return range;
  const since = range.slice(0, separator);
  const until = range.slice(separator + TIME_RANGE_SEPARATOR.length);
  const lastDay = endType === 'included' ? lastIncludedDay(until) : null;
  if (lastDay) return `${endpoint(since, true)} ≤ ${column} ≤ ${lastDay}`;
  return `${endpoint(since, true)} ≤ ${column} < ${endpoint(until, false)}`;
}

/** The evaluated bounds back as a `<since> : <until>` range string (open bounds empty); both open → No filter. */
export function boundsToTimeRange(bounds: TimeBounds): string {
  if (!bounds.since && !bounds.until) return NO_TIME_RANGE;
  return `${bounds.since ? formatTimeRangeBound(bounds.since) : ''}${TIME_RANGE_SEPARATOR}${
    bounds.until ? formatTimeRangeBound(bounds.until) : ''
  }`;
}
