// When a report schedule runs. A schedule is a 5-field crontab (minute hour day-of-month month
// day-of-week, as Superset's croniter reads it) evaluated in an IANA time zone. croner does the
// parsing and the calendar arithmetic; these functions pin the options so every caller agrees.
//
// DST, as croner 11 does it for a fixed-time job (a single minute and a single hour, e.g. `30 2 * * *`):
// a local time that does not exist (spring forward) runs at the first valid time after the gap, and a
// local time that occurs twice (fall back) runs once, at its first occurrence. A job with a wildcard or
// step in minute or hour (e.g. `*/30 * * * *`) keeps its interval across the change instead.
import { Cron } from 'croner';

const FIELD_NAMES = 'minute hour day-of-month month day-of-week';

// croniter (and so Superset) accepts these shorthands too; croner knows the same ones.
const NICKNAMES = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

function cron(crontab: string, timeZone?: string): Cron {
  // legacyMode (the default) ORs day-of-month and day-of-week when both are restricted, like Vixie
  // cron and croniter.
  const text = crontab.trim();
  return new Cron(text.startsWith('@') ? text.toLowerCase() : text, {
    mode: '5-part',
    ...(timeZone ? { timezone: timeZone } : {}),
  });
}

/** null when `crontab` is a valid 5-field cron expression, else a short English message. */
export function crontabProblem(crontab: string): string | null {
  const text = crontab.trim();
  if (text === '') return 'The cron expression is empty';
  if (text.startsWith('@')) {
    return NICKNAMES.has(text.toLowerCase()) ? null : `Unknown shorthand ${text}`;
  }
  const fields = text.split(/\s+/).length;
  if (fields !== 5) return `Expected 5 fields (${FIELD_NAMES}), found ${fields}`;
  let job: Cron;
  try {
    job = cron(text, 'UTC');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.replace(/^CronPattern:\s*/, '');
  }
  // Valid syntax that never matches a date (e.g. `0 0 30 2 *`) would never run.
  if (job.nextRun(new Date(0)) === null) return 'The cron expression never matches a date';
  return null;
}

let zones: Set<string> | undefined;

/**
 * True for an IANA time zone name: the runtime's canonical list (`Intl.supportedValuesOf`), 'UTC',
 * 'Etc/UTC', and the aliases Intl resolves (the list holds only one spelling of a renamed zone, e.g.
 * Node 20 lists 'Asia/Calcutta' but not 'Asia/Kolkata'). Case matters; offsets such as '+05:30'
 * are refused.
 */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return true;
  zones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (zones.has(timeZone)) return true;
  // Spelled like an IANA name: each part starts with a capital (Superset compares with pytz's
  // list, case-sensitively), so 'europe/berlin' and offsets are refused although Intl reads them.
  if (!/^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function checked(crontab: string, timeZone: string): Cron {
  const problem = crontabProblem(crontab);
  if (problem) throw new RangeError(`Invalid crontab '${crontab}': ${problem}`);
  if (!isKnownTimeZone(timeZone)) throw new RangeError(`Unknown time zone '${timeZone}'`);
  return cron(crontab, timeZone);
}

/**
 * The next `count` scheduled instants strictly after `after`, oldest first, with the crontab read
 * in `timeZone`. Throws a RangeError for an invalid crontab or time zone.
 */
export function nextRunTimes(crontab: string, timeZone: string, after: Date, count: number): Date[] {
  if (count <= 0) return [];
  // croner drops the milliseconds of `after`; runs fall on whole minutes, so strictness holds.
  return checked(crontab, timeZone)
    .nextRuns(count, after)
    .filter((run) => run.getTime() > after.getTime());
}

/**
 * The scheduled instants in (since, until], oldest first; when more than `limit` fall in the window,
 * the newest `limit` of them. A scheduler tick passes the previous tick as `since` and now as `until`,
 * so a run is due exactly once even when a tick comes late. Throws like nextRunTimes.
 */
export function dueRunTimes(crontab: string, timeZone: string, since: Date, until: Date, limit = 10): Date[] {
  if (limit <= 0 || until.getTime() <= since.getTime()) return [];
  // previousRuns excludes a run exactly at its reference, so look back from just after `until`.
  return checked(crontab, timeZone)
    .previousRuns(limit, new Date(until.getTime() + 1))
    .filter((run) => run.getTime() > since.getTime() && run.getTime() <= until.getTime())
    .reverse();
}

/**
 * Superset's ReportScheduleFrequencyNotAllowed text (ALERT_MINIMUM_INTERVAL / REPORT_MINIMUM_INTERVAL),
 * the interval in whole minutes as Superset rounds it.
 */
export function scheduleFrequencyMessage(type: 'Alert' | 'Report', minimumSeconds: number): string {
  return `${type} schedule frequency exceeding limit. Please configure a schedule with a minimum interval of ${Math.floor(minimumSeconds / 60)} minutes per execution.`;
}

/**
 * Whether two consecutive runs of `crontab` (read in UTC, as Superset's croniter does) fall closer
 * than `minimumSeconds`, looking at the runs after `from`: 60 of them for a limit up to about an hour,
 * else 24, as Superset does. A limit of 0 allows anything; an invalid crontab is crontabProblem's to report.
 */
export function firesMoreOftenThan(crontab: string, minimumSeconds: number, from: Date): boolean {
  if (minimumSeconds <= 0 || crontabProblem(crontab) !== null) return false;
  const runs = nextRunTimes(crontab, 'UTC', from, (minimumSeconds <= 3660 ? 60 : 24) + 1);
  return runs.some(
    (run, index) => index > 0 && run.getTime() - runs[index - 1]!.getTime() < minimumSeconds * 1000,
  );
}
