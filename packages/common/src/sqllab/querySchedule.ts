// A saved query's schedule: SQL Lab's Schedule form stores it in the saved query's extra_json as
// `{"schedule_info": {...}}` (Superset's shape), and Vitrina's scheduler runs it. The crontab and the
// time zone are read by the reports' schedule functions, so both features agree on what a schedule means.
import { isRecord } from '../isRecord.ts';
import { crontabProblem, dueRunTimes, isKnownTimeZone, nextRunTimes } from '../reports/schedule.ts';

export interface QueryScheduleInfo {
  /** A 5-field crontab (or a shorthand such as @daily), as a report's. */
  crontab: string;
  /** The IANA zone the crontab and the dates are read in. */
  timezone: string;
  /** First day (YYYY-MM-DD, in `timezone`) a run may fall on; null or absent: from now on. */
  start_date?: string | null;
  /** Last day (YYYY-MM-DD, in `timezone`) a run may fall on; null or absent: no end. */
  end_date?: string | null;
  /** A paused schedule keeps its settings and does not run. */
  active: boolean;
}

/** Where a schedule lives in a saved query's extra_json. */
export const SCHEDULE_INFO_KEY = 'schedule_info';

const FIELDS = new Set(['crontab', 'timezone', 'start_date', 'end_date', 'active']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * What is wrong with a schedule_info value, per field (English, as the API's 422 answers them);
 * an empty object when it is a valid QueryScheduleInfo.
 */
export function scheduleInfoProblems(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return { _schema: ['Not a valid mapping type.'] };
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  for (const field of Object.keys(value)) if (!FIELDS.has(field)) add(field, 'Unknown field.');

  if (value.crontab === undefined || value.crontab === null)
    add('crontab', 'Missing data for required field.');
  else if (typeof value.crontab !== 'string') add('crontab', 'Not a valid string.');
  else {
    const problem = crontabProblem(value.crontab);
    if (problem) add('crontab', problem);
  }

  if (value.timezone === undefined || value.timezone === null)
    add('timezone', 'Missing data for required field.');
  else if (typeof value.timezone !== 'string') add('timezone', 'Not a valid string.');
  else if (!isKnownTimeZone(value.timezone)) add('timezone', `Unknown time zone '${value.timezone}'.`);

  if (value.active !== undefined && typeof value.active !== 'boolean') add('active', 'Not a valid boolean.');

  for (const field of ['start_date', 'end_date'] as const) {
    const date = value[field];
    if (date === undefined || date === null || date === '') continue;
    if (typeof date !== 'string' || !isCalendarDate(date)) add(field, 'Not a valid date (YYYY-MM-DD).');
  }
  const { start_date: start, end_date: end } = value;
  if (start && end && !problems.start_date && !problems.end_date) {
    if (String(end) < String(start)) add('end_date', 'The end date is before the start date.');
  }
  return problems;
}

/** The schedule of a checked value: `active` defaults to true, empty dates to null. */
export function toScheduleInfo(value: Record<string, unknown>): QueryScheduleInfo {
  const date = (field: string) =>
    typeof value[field] === 'string' && value[field] !== '' ? (value[field] as string) : null;
  return {
    crontab: String(value.crontab).trim(),
    timezone: String(value.timezone),
    start_date: date('start_date'),
    end_date: date('end_date'),
    active: value.active !== false,
  };
}

function parseObject(extraJson: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(extraJson || '{}');
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** The schedule a saved query's extra_json holds; null when there is none or it does not read. */
export function readScheduleInfo(extraJson: string | null | undefined): QueryScheduleInfo | null {
  const value = parseObject(extraJson)[SCHEDULE_INFO_KEY];
  if (value === undefined || value === null) return null;
  if (Object.keys(scheduleInfoProblems(value)).length > 0) return null;
  return toScheduleInfo(value as Record<string, unknown>);
}

/** extra_json with its schedule replaced, or removed (null); the other keys are kept. */
export function withScheduleInfo(
  extraJson: string | null | undefined,
  info: QueryScheduleInfo | null,
): string {
  const { [SCHEDULE_INFO_KEY]: _previous, ...rest } = parseObject(extraJson);
  return JSON.stringify(info ? { ...rest, [SCHEDULE_INFO_KEY]: info } : rest);
}

const localDates = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  let format = localDates.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    localDates.set(timeZone, format);
  }
  return format.format(instant);
}

/** Whether a run at `instant` falls within the schedule's start and end days. */
export function withinScheduleWindow(info: QueryScheduleInfo, instant: Date): boolean {
  const day = localDate(instant, info.timezone);
  if (info.start_date && day < info.start_date) return false;
  if (info.end_date && day > info.end_date) return false;
  return true;
}

/** A day's earliest possible local midnight (UTC+14), so runs from there cover the whole day anywhere. */
const EARLIEST_OFFSET_MS = 14 * 3_600_000;
/** How many runs past `after` are looked at for the first one inside the window. */
const LOOKAHEAD = 400;

/** The next run after `after`: null when paused, past its end date, or the crontab or zone does not read. */
export function nextScheduledRun(info: QueryScheduleInfo, after: Date): Date | null {
  if (!info.active) return null;
  let from = after;
  if (info.start_date && localDate(after, info.timezone) < info.start_date) {
    const dayStart = new Date(Date.parse(`${info.start_date}T00:00:00Z`) - EARLIEST_OFFSET_MS);
    if (dayStart > from) from = dayStart;
  }
  try {
    for (const run of nextRunTimes(info.crontab, info.timezone, from, LOOKAHEAD)) {
      if (info.end_date && localDate(run, info.timezone) > info.end_date) return null;
      if (run > after && withinScheduleWindow(info, run)) return run;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * The run of the schedule due in (since, until] for a scheduler tick: the newest one only (a
 * scheduler that was away runs a missed schedule once, not once per missed time), and none when
 * paused, outside the window or unreadable.
 */
export function dueScheduledRun(info: QueryScheduleInfo, since: Date, until: Date): Date | null {
  if (!info.active) return null;
  try {
    const [run] = dueRunTimes(info.crontab, info.timezone, since, until, 1);
    return run && withinScheduleWindow(info, run) ? run : null;
  } catch {
    return null;
  }
}

/** A scheduled run's state as stored on its saved query: its SQL Lab query's state once it ends. */
export const SCHEDULED_RUN_STATES = ['pending', 'success', 'failed', 'stopped', 'timed_out'] as const;
export type ScheduledRunState = (typeof SCHEDULED_RUN_STATES)[number];
