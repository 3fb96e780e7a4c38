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
 * The label Superset's UI shows for a range: `2024-01-01 ≤ col < 2024-02-01` for `<since> : <until>`
 * (midnights shortened to the date, open bounds as -∞/∞); any other text is its own label.
 */
export function timeRangeLabel(range: string, column = 'col'): string {
  const separator = range.indexOf(TIME_RANGE_SEPARATOR);
  if (separator === -1) return range;
  const since = range.slice(0, separator);
  const until = range.slice(separator + TIME_RANGE_SEPARATOR.length);
  return `${endpoint(since, true)} ≤ ${column} < ${endpoint(until, false)}`;
}

/** The evaluated bounds back as a `<since> : <until>` range string (open bounds empty); both open → No filter. */
export function boundsToTimeRange(bounds: TimeBounds): string {
  if (!bounds.since && !bounds.until) return NO_TIME_RANGE;
  return `${bounds.since ? formatTimeRangeBound(bounds.since) : ''}${TIME_RANGE_SEPARATOR}${
    bounds.until ? formatTimeRangeBound(bounds.until) : ''
  }`;
}
