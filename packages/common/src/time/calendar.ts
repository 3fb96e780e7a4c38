import { TimeRangeError } from './errors.ts';

/**
 * Calendar arithmetic in UTC. Every computation of the time-range grammar goes through here. Superset
 * computes in the server's naive local time; Vitrina takes UTC for that clock, so there are no DST gaps
 * and the same input gives the same bounds on every machine.
 */
export const TIME_UNITS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

const MS: Record<'week' | 'day' | 'hour' | 'minute' | 'second', number> = {
  week: 7 * 86_400_000,
  day: 86_400_000,
  hour: 3_600_000,
  minute: 60_000,
  second: 1000,
};

/** The unit a word names (singular or plural, any case), or null. */
export function unitFromWord(word: string): TimeUnit | null {
  const lower = word.toLowerCase();
  const singular = lower.endsWith('s') ? lower.slice(0, -1) : lower;
  return (TIME_UNITS as readonly string[]).includes(singular) ? (singular as TimeUnit) : null;
}

/** A UTC date from its parts; month is 1-based. Years 0–99 are taken literally (not 1900+). */
export function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return checked(date);
}

/** Refuses dates outside what Superset (Python datetime) can represent: years 1 to 9999. */
export function checked(date: Date): Date {
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999)
    throw new TimeRangeError('date', 'Date is out of range (years 1 to 9999)');
  return date;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whole seconds: Superset's datetimes from parsed text carry no fraction. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** Monday = 0 … Sunday = 6, as Python's weekday(). */
export function isoWeekday(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  if (year < 1 || year > 9999) throw new TimeRangeError('date', 'Date is out of range (years 1 to 9999)');
  // Clamp the day to the target month, as dateutil's relativedelta and parsedatetime do: Jan 31 + 1 month = Feb 29/28.
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return utcDate(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

/** date + amount units; months, quarters and years keep the day of month, clamped to the month's length. */
export function addUnits(date: Date, amount: number, unit: TimeUnit): Date {
  switch (unit) {
    case 'year':
      return addMonths(date, amount * 12);
    case 'quarter':
      return addMonths(date, amount * 3);
    case 'month':
      return addMonths(date, amount);
    default:
      return checked(new Date(date.getTime() + amount * MS[unit]));
  }
}

export function startOfDay(date: Date): Date {
  return utcDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The start of the unit that holds date: weeks start on Monday (ISO), quarters in Jan/Apr/Jul/Oct. */
export function truncate(date: Date, unit: TimeUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  switch (unit) {
    case 'year':
      return utcDate(y, 1, 1);
    case 'quarter':
      return utcDate(y, m - ((m - 1) % 3), 1);
    case 'month':
      return utcDate(y, m, 1);
    case 'week':
      return addUnits(startOfDay(date), -isoWeekday(date), 'day');
    case 'day':
      return startOfDay(date);
    case 'hour':
      return utcDate(y, m, d, date.getUTCHours());
    case 'minute':
      return utcDate(y, m, d, date.getUTCHours(), date.getUTCMinutes());
    case 'second':
      return wholeSeconds(date);
  }
}

export const LASTDAY_UNITS = ['year', 'quarter', 'month', 'week', 'day'] as const;
export type LastDayUnit = (typeof LASTDAY_UNITS)[number];

/** The last day of the unit that holds date, at 00:00 (as Superset's LASTDAY): weeks end on Sunday. */
export function lastDay(date: Date, unit: LastDayUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  switch (unit) {
    case 'year':
      return utcDate(y, 12, 31);
    case 'quarter': {
      const last = m - ((m - 1) % 3) + 2;
      return utcDate(y, last, daysInMonth(y, last));
    }
    case 'month':
      return utcDate(y, m, daysInMonth(y, m));
    case 'week':
      return addUnits(truncate(date, 'week'), 6, 'day');
    case 'day':
      return startOfDay(date);
  }
}
