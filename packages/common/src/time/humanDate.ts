import {
  addUnits,
  daysInMonth,
  isoWeekday,
  startOfDay,
  type TimeUnit,
  unitFromWord,
  utcDate,
  wholeSeconds,
} from './calendar.ts';
import { ambiguous, cannotParse, TimeRangeError } from './errors.ts';

/**
 * The text inside DATETIME("…") and any bound that is not an expression: first an absolute date (the
 * forms dateutil reads that people actually write), then natural language relative to `now` (the
 * phrases parsedatetime reads that Superset documents). Phrases without a time of day resolve to
 * midnight; `now` and hour/minute/second phrases keep the clock. All in UTC.
 */
export function parseHumanDatetime(text: string, now: Date): Date {
  const trimmed = text.trim();
  if (/^\d+\s+(second|minute|hour|day|week|month|quarter|year)s?$/i.test(trimmed)) throw ambiguous(trimmed);
  return parseAbsolute(trimmed) ?? parseRelative(trimmed, wholeSeconds(now)) ?? failParse(trimmed);
}

function failParse(text: string): never {
  throw cannotParse(text);
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthFromName(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower === 'sept') return 9;
  const index = MONTHS.findIndex((month) => month === lower || month.slice(0, 3) === lower);
  return index === -1 ? null : index + 1;
}

function build(
  text: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  if (month < 1 || month > 12)
    throw new TimeRangeError('date', `Invalid date [${text}]: month must be in 1..12`);
  if (day < 1 || day > daysInMonth(year, month))
    throw new TimeRangeError('date', `Invalid date [${text}]: day is out of range for month`);
  if (hour > 23 || minute > 59 || second > 59)
    throw new TimeRangeError('date', `Invalid date [${text}]: time of day is out of range`);
  if (year < 1 || year > 9999)
    throw new TimeRangeError('date', `Invalid date [${text}]: year is out of range`);
  return utcDate(year, month, day, hour, minute, second);
}

const TIME = String.raw`(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?`;
const ZONE = String.raw`\s*(Z|[+-]\d{2}(?::?\d{2})?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}${ZONE}$`, 'i');
const YEAR_MONTH = /^(\d{4})-(\d{1,2})$/;
const YEAR = /^(\d{4})$/;
const US = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`, 'i');
const MONTH_FIRST = new RegExp(String.raw`^([a-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME}$`, 'i');
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+\.?),?\s+(\d{4})${TIME}$`, 'i');
const MONTH_YEAR = /^([a-z]+\.?)\s+(\d{4})$/i;

const num = (value: string | undefined): number => (value === undefined ? 0 : Number(value));

function withZone(date: Date, zone: string | undefined): Date {
  if (!zone || zone.toUpperCase() === 'Z') return date;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  // 10:00+03:00 is 07:00 UTC.
  return new Date(date.getTime() - sign * minutes * 60_000);
}

function parseAbsolute(text: string): Date | null {
  let m = ISO.exec(text);
  if (m) {
    const date = build(text, num(m[1]), num(m[2]), num(m[3]), num(m[4]), num(m[5]), num(m[6]));
    return withZone(date, m[7]);
  }
  m = YEAR_MONTH.exec(text);
  if (m) return build(text, num(m[1]), num(m[2]), 1);
  m = YEAR.exec(text);
  if (m) return build(text, num(m[1]), 1, 1);
  m = US.exec(text);
  if (m) return build(text, num(m[3]), num(m[1]), num(m[2]), num(m[4]), num(m[5]), num(m[6]));
  m = MONTH_FIRST.exec(text);
  if (m) {
    const month = monthFromName(m[1] ?? '');
    if (month !== null) return build(text, num(m[3]), month, num(m[2]), num(m[4]), num(m[5]), num(m[6]));
  }
  m = DAY_FIRST.exec(text);
  if (m) {
    const month = monthFromName(m[2] ?? '');
    if (month !== null) return build(text, num(m[3]), month, num(m[1]), num(m[4]), num(m[5]), num(m[6]));
  }
  m = MONTH_YEAR.exec(text);
  if (m) {
    const month = monthFromName(m[1] ?? '');
    if (month !== null) return build(text, num(m[2]), month, 1);
  }
  return null;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const SHORT_WEEKDAYS: Record<string, number> = {
  mon: 0,
  tue: 1,
  tues: 1,
  wed: 2,
  thu: 3,
  thur: 3,
  thurs: 3,
  fri: 4,
  sat: 5,
  sun: 6,
};

function weekdayFromName(name: string): number | null {
  const lower = name.toLowerCase();
  const full = WEEKDAYS.indexOf(lower);
  if (full !== -1) return full;
  return SHORT_WEEKDAYS[lower] ?? null;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

function amountFromWord(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word.toLowerCase()] ?? null;
}

const CLOCK_UNITS: ReadonlySet<TimeUnit> = new Set(['hour', 'minute', 'second']);

/** A delta phrase applied to now: clock units keep the time of day, calendar units give midnight. */
function shifted(now: Date, amount: number, unit: TimeUnit): Date {
  const moved = addUnits(now, amount, unit);
  return CLOCK_UNITS.has(unit) ? moved : startOfDay(moved);
}

const UNIT_WORD = '([a-z]+)';
const AGO = new RegExp(
  String.raw`^(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+${UNIT_WORD}\s+(ago|before\s+now|from\s+now|later|hence|after\s+now)$`,
  'i',
);
const IN = new RegExp(
  String.raw`^in\s+(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+${UNIT_WORD}$`,
  'i',
);
const SCOPED = /^(this|last|next|prior|previous)\s+(?:(\d+)\s+)?([a-z]+)$/i;

function parseRelative(text: string, now: Date): Date | null {
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  const today = startOfDay(now);
  switch (lower) {
    case 'now':
    case 'right now':
      return now;
    case 'today':
      return today;
    case 'yesterday':
      return addUnits(today, -1, 'day');
    case 'tomorrow':
      return addUnits(today, 1, 'day');
  }
  let m = AGO.exec(lower) ?? IN.exec(lower);
  if (m) {
    const amount = amountFromWord(m[1] ?? '');
    const unit = unitFromWord(m[2] ?? '');
    if (amount === null || unit === null) return null;
    const past = m[3] !== undefined && /^(ago|before)/.test(m[3]);
    return shifted(now, past ? -amount : amount, unit);
  }
  const weekday = weekdayFromName(lower);
  if (weekday !== null) return addUnits(today, weekdayDelta(isoWeekday(now), weekday, null), 'day');
  m = SCOPED.exec(lower);
  if (m) {
    const scope = m[1] ?? '';
    const target = weekdayFromName(m[3] ?? '');
    if (target !== null && m[2] === undefined)
      return addUnits(today, weekdayDelta(isoWeekday(now), target, scope), 'day');
    const unit = unitFromWord(m[3] ?? '');
    if (unit === null) return null;
    const amount = m[2] === undefined ? 1 : Number(m[2]);
    const signed = scope === 'this' ? 0 : scope === 'next' ? amount : -amount;
    return shifted(now, signed, unit);
  }
  return null;
}

/**
 * Days from today (weekday `from`, Monday = 0) to the named weekday, as parsedatetime counts them:
 * `last X` is the most recent X before today, `next X` is X in next week (weeks start on Monday),
 * `this X` is X in this week, a bare `X` is the next X after today.
 */
function weekdayDelta(from: number, target: number, scope: string | null): number {
  const base = target - from;
  if (scope === null) return target > from ? base : base + 7;
  if (scope === 'this') return base;
  if (scope === 'next') return base + 7;
  const back = base - 7;
  return back < -7 ? back + 7 : back;
}
