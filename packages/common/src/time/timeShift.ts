import { addUnits, type TimeUnit, unitFromWord } from './calendar.ts';
import { TimeRangeError } from './errors.ts';
import { assertOrdered, parseTimeRange, TIME_RANGE_SEPARATOR, type TimeBounds } from './timeRange.ts';

/** The time_compare choices of Superset's controls; any `<n> <unit>(s) ago` works as well. */
export const TIME_SHIFTS = [
  '1 day ago',
  '1 week ago',
  '28 days ago',
  '30 days ago',
  '52 weeks ago',
  '1 year ago',
  '104 weeks ago',
  '2 years ago',
  '156 weeks ago',
  '3 years ago',
  'inherit',
] as const;

export interface TimeDelta {
  amount: number;
  unit: TimeUnit;
}

const DELTA = /^([+-]?\d+)\s+([a-z]+?)\s*(ago|later|from now|after|before)?$/i;

/**
 * A shift phrase as a signed delta: `1 year ago` → -1 year, `2 weeks later` / `from now` → +2 weeks. A
 * bare `<n> <unit>` counts as past, as Superset's parse_past_timedelta reads it.
 */
export function parseTimeDelta(shift: string): TimeDelta {
  const text = shift.trim().replace(/\s+/g, ' ');
  const m = DELTA.exec(text);
  if (!m)
    throw new TimeRangeError(
      'shift',
      `Time delta is ambiguous. Please specify [${text} ago] or [${text} later].`,
    );
  const unit = unitFromWord(m[2] ?? '');
  if (unit === null) throw new TimeRangeError('unit', `Unknown time unit '${m[2]}' in time shift [${text}]`);
  const n = Number(m[1]);
  const direction = (m[3] ?? 'ago').toLowerCase();
  const future = direction === 'later' || direction === 'from now' || direction === 'after';
  return { amount: future ? n : -Math.abs(n), unit };
}

/**
 * Moves both bounds by a time shift (`time_compare` / `time_offsets`): calendar-aware, so `1 month ago`
 * of Mar 31 is Feb 29 (leap year) and `1 year ago` of 2024-02-29 is 2023-02-28. `inherit` moves back by
 * the range's own length in whole days (Superset: `<(until - since).days> days ago`). A shift that is
 * itself a range (`<since> : <until>`, newer Superset) replaces the bounds; it needs `options.now`.
 * Open bounds stay open.
 */
export function shiftRange(range: TimeBounds, shift: string, options: { now?: Date } = {}): TimeBounds {
  const text = shift.trim();
  if (text.includes(TIME_RANGE_SEPARATOR)) {
    return parseTimeRange(text, { now: options.now ?? new Date() });
  }
  let delta: TimeDelta;
  if (text.toLowerCase() === 'inherit') {
    if (!range.since || !range.until)
      throw new TimeRangeError('shift', 'Cannot inherit a time shift from a time range with an open bound');
    delta = {
      amount: -Math.floor((range.until.getTime() - range.since.getTime()) / 86_400_000),
      unit: 'day',
    };
  } else {
    delta = parseTimeDelta(text);
  }
  const shifted = {
    since: range.since && addUnits(range.since, delta.amount, delta.unit),
    until: range.until && addUnits(range.until, delta.amount, delta.unit),
  };
  assertOrdered(shifted);
  return shifted;
}
