import {
  ERROR_NOTIFICATION_MARKER,
  nextRunTimes,
  PREVIOUS_WORKING_MESSAGE,
  type ReportExecutionLog,
  type ReportListItem,
} from '@vitrina/common';
import type { ErrorFields } from './runErrorDisplay.ts';
import { serverTime } from './serverTime.ts';

/**
 * "Why didn't it send?": what the last runs of a schedule say, in words the history drawer shows
 * (reportHistory.summary.<kind>). Pure, so the rules are tested without a screen.
 */
export type DeliveryVerdict =
  | { kind: 'inactive' }
  | { kind: 'neverRun' }
  | { kind: 'sent'; at: Date | null }
  /** `error`: the failed run's log row, whose error the notice shows in the reader's language. */
  | { kind: 'error'; error: ErrorFields | null; at: Date | null }
  | { kind: 'onGrace'; until: Date | null }
  | { kind: 'notTriggered'; at: Date | null }
  | { kind: 'working'; since: Date | null }
  /** A run found another run of the schedule still working (its lock held elsewhere) and stood down. */
  | { kind: 'skippedOverlap'; at: Date | null };

export interface DeliverySummary {
  verdict: DeliveryVerdict;
  /** When it runs next; null when it is inactive or its schedule cannot run. */
  nextRun: Date | null;
}

export type SummarySchedule = Pick<
  ReportListItem,
  'active' | 'crontab' | 'timezone' | 'last_state' | 'last_eval_dttm'
> & {
  /** Seconds an alert stays quiet after it fired; only the full schedule has it. */
  grace_period?: number | null;
};

type LogRow = Pick<ReportExecutionLog, 'state' | 'scheduled_dttm' | 'start_dttm' | 'end_dttm'> & ErrorFields;

const when = (log: LogRow) => serverTime(log.end_dttm ?? log.start_dttm ?? log.scheduled_dttm);
/**
 * Newest first by when each row was written (its end): a run refused while another was working
 * starts after that run but is written before the run ends, and the run's outcome is what counts.
 */
const newestFirst = (logs: readonly LogRow[]) =>
  [...logs].sort((a, b) => (when(b)?.getTime() ?? 0) - (when(a)?.getTime() ?? 0));

/**
 * The error a failed run reported. After the owners are told of an error, the runner writes a
 * second Error row with a marker instead of the cause; the cause is in the Error row before it.
 */
function errorOf(rows: readonly LogRow[]): LogRow {
  const errors: LogRow[] = [];
  for (const row of rows) {
    if (row.state !== 'Error') break;
    errors.push(row);
  }
  return (
    errors.find((row) => row.error_message && row.error_message !== ERROR_NOTIFICATION_MARKER) ?? rows[0]!
  );
}

function nextRunOf(schedule: SummarySchedule, now: Date): Date | null {
  if (!schedule.active) return null;
  try {
    return nextRunTimes(schedule.crontab, schedule.timezone, now, 1)[0] ?? null;
  } catch {
    return null;
  }
}

function verdictOf(schedule: SummarySchedule, rows: readonly LogRow[]): DeliveryVerdict {
  if (!schedule.active) return { kind: 'inactive' };
  const last = rows[0];
  // A new schedule's last_state is already 'Not triggered' (Superset's default): only a run counts.
  if (!last && !schedule.last_eval_dttm) return { kind: 'neverRun' };
  // The log may be empty after its retention ran out: the list's last state still tells.
  const state = last?.state ?? schedule.last_state;
  if (!state) return { kind: 'neverRun' };
  switch (state) {
    case 'Error': {
      if (!last) return { kind: 'error', error: null, at: null };
      const error = errorOf(rows);
      return { kind: 'error', error: error.error_message ? error : null, at: when(error) };
    }
    case 'On Grace': {
      const fired = rows.find((row) => row.state === 'Success');
      const firedAt = fired ? when(fired) : null;
      const until =
        firedAt && schedule.grace_period ? new Date(firedAt.getTime() + schedule.grace_period * 1000) : null;
      return { kind: 'onGrace', until };
    }
    case 'Not triggered':
      return { kind: 'notTriggered', at: last ? when(last) : serverTime(schedule.last_eval_dttm) };
    case 'Working':
      if (last?.error_message === PREVIOUS_WORKING_MESSAGE) return { kind: 'skippedOverlap', at: when(last) };
      return { kind: 'working', since: last ? serverTime(last.start_dttm ?? last.scheduled_dttm) : null };
    default:
      return { kind: 'sent', at: last ? when(last) : null };
  }
}

/** What the schedule and its log rows (any order) say about the last delivery, and the next run. */
export function deliverySummary(
  schedule: SummarySchedule,
  logs: readonly LogRow[],
  now: Date = new Date(),
): DeliverySummary {
  return { verdict: verdictOf(schedule, newestFirst(logs)), nextRun: nextRunOf(schedule, now) };
}
