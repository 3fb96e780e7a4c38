// The report state machine, as Superset's ReportScheduleStateMachine runs it
// (superset/commands/report/execute.py; log queries in superset/daos/report.py). A run first
// looks at the schedule's last_state and its execution log (planRun), then, if it runs, records the
// outcome (afterRun). Every record is an execution-log row and also becomes the schedule's
// last_state and last_eval_dttm.
//
//   last_state                  what a run does
//   none, Not triggered, Error  record Working; evaluate the alert (alerts); send; record the end
//   Working                     record Error on working timeout, else Working ("still working")
//   Success, On Grace           alerts inside the grace period record On Grace and do nothing
//                               else; otherwise like above

import { type RunError, runError } from './runErrors.ts';

export type ReportState = 'Success' | 'Working' | 'Error' | 'Not triggered' | 'On Grace';
export const REPORT_STATES: readonly ReportState[] = [
  'Success',
  'Working',
  'Error',
  'Not triggered',
  'On Grace',
];

export type ReportScheduleType = 'Report' | 'Alert';

// Superset's texts, stored as the log row's error_message.
export const PREVIOUS_WORKING_MESSAGE = 'Report Schedule is still working, refusing to re-compute.';
export const WORKING_TIMEOUT_MESSAGE = 'Report Schedule reached a working timeout.';
export const GRACE_PERIOD_MESSAGE = 'Alert fired during grace period.';
/** error_message of the Error row written after the owners were told of an error. */
export const ERROR_NOTIFICATION_MARKER = 'Notification sent with error';

/** A row of the schedule's execution log; only these fields matter here. */
export interface ExecutionLogEntry {
  state: ReportState;
  endDttm: Date;
  errorMessage: string | null;
}

/** A row to write to the execution log (and copy to the schedule's last_state). */
export interface LogRecord {
  state: ReportState;
  errorMessage: string | null;
  /** The same as a code and parameters, for readers in other languages (runErrors.ts). */
  error?: RunError | null;
}

export interface RunInput {
  type: ReportScheduleType;
  lastState: ReportState | null;
  lastEvalDttm: Date | null;
  /** Seconds after a successful alert during which it does not fire again; 0 or null: none. */
  gracePeriod: number | null;
  /** Seconds a run may stay Working before the next run marks it an error; null: forever. */
  workingTimeout: number | null;
  /** The schedule's execution log, in any order. */
  logs: readonly ExecutionLogEntry[];
  now: Date;
}

/**
 * How a run handles a failure (of the alert query or of the sending), which differs with the
 * state the run started from:
 * - from none, Not triggered or Error (`from: 'idle'`): record Error with the failure, then, unless
 *   the owners were told of an error within the grace period, tell them and record Error again;
 * - from Success or On Grace (`from: 'success'`): an alert query failure is always told to the
 *   owners (one Error row, after telling); a sending failure only records Error.
 */
export type RunFrom = 'idle' | 'success';

export type RunPlan =
  /** The previous run is still Working and within its timeout: record this and stop. */
  | { action: 'skip-working'; record: LogRecord }
  /** The previous run stayed Working past working_timeout: record Error and stop. */
  | { action: 'timeout-working'; record: LogRecord }
  /** An alert that succeeded within grace_period: record On Grace, do not even query. */
  | { action: 'grace'; record: LogRecord }
  /**
   * Do the work: record `record` (Working; it clears last_value and last_value_row_json), evaluate
   * the alert when `evaluateAlert`, send when it fires (always for a report), then call afterRun.
   */
  | { action: 'run'; record: LogRecord; evaluateAlert: boolean; from: RunFrom; inErrorGracePeriod: boolean };

const latest = (logs: readonly ExecutionLogEntry[], keep: (log: ExecutionLogEntry) => boolean) =>
  logs.filter(keep).reduce<ExecutionLogEntry | null>((a, b) => (a && a.endDttm >= b.endDttm ? a : b), null);

const secondsBefore = (now: Date, seconds: number) => now.getTime() - seconds * 1000;

/** An alert is on grace while its last Success row ended less than grace_period ago. */
export function isInGracePeriod(input: Pick<RunInput, 'gracePeriod' | 'logs' | 'now'>): boolean {
  const success = latest(input.logs, (log) => log.state === 'Success');
  return (
    !!success &&
    !!input.gracePeriod &&
    secondsBefore(input.now, input.gracePeriod) < success.endDttm.getTime()
  );
}

/**
 * Errors are told to the owners at most once per grace_period: the last error notice ended less
 * than grace_period ago and only Error or Working rows came after it. (Superset's DAO compares
 * with rows *before* the notice, against its own comment "only errors have occurred since the last
 * email"; this follows the comment.)
 */
export function isInErrorGracePeriod(input: Pick<RunInput, 'gracePeriod' | 'logs' | 'now'>): boolean {
  const notice = latest(input.logs, (log) => log.errorMessage === ERROR_NOTIFICATION_MARKER);
  if (!notice || !input.gracePeriod) return false;
  const since = input.logs.some(
    (log) => log.state !== 'Error' && log.state !== 'Working' && log.endDttm > notice.endDttm,
  );
  return !since && secondsBefore(input.now, input.gracePeriod) < notice.endDttm.getTime();
}

/**
 * Timed out when the last row that entered Working (state Working, no error_message) ended more
 * than working_timeout ago; never without such a row, a working_timeout or a last_eval_dttm.
 */
export function isOnWorkingTimeout(
  input: Pick<RunInput, 'workingTimeout' | 'lastEvalDttm' | 'logs' | 'now'>,
): boolean {
  const entered = latest(input.logs, (log) => log.state === 'Working' && log.errorMessage === null);
  if (!entered || input.workingTimeout === null || input.lastEvalDttm === null) return false;
  return secondsBefore(input.now, input.workingTimeout) > entered.endDttm.getTime();
}

/** What a scheduled run at `input.now` does, from the schedule's state and log. */
export function planRun(input: RunInput): RunPlan {
  if (input.lastState === 'Working') {
    return isOnWorkingTimeout(input)
      ? {
          action: 'timeout-working',
          record: {
            state: 'Error',
            errorMessage: WORKING_TIMEOUT_MESSAGE,
            error: runError('working_timeout'),
          },
        }
      : {
          action: 'skip-working',
          record: {
            state: 'Working',
            errorMessage: PREVIOUS_WORKING_MESSAGE,
            error: runError('previous_working'),
          },
        };
  }
  const from: RunFrom = input.lastState === 'Success' || input.lastState === 'On Grace' ? 'success' : 'idle';
  const isAlert = input.type === 'Alert';
  if (from === 'success' && isAlert && isInGracePeriod(input)) {
    return {
      action: 'grace',
      record: { state: 'On Grace', errorMessage: GRACE_PERIOD_MESSAGE, error: runError('grace_period') },
    };
  }
  return {
    action: 'run',
    record: { state: 'Working', errorMessage: null },
    evaluateAlert: isAlert,
    from,
    inErrorGracePeriod: from === 'idle' && isInErrorGracePeriod(input),
  };
}

export type RunOutcome =
  /** The alert query ran and the alert did not fire. */
  | { kind: 'not-triggered' }
  /** The report (or fired alert) was sent; warnings (e.g. filters not applied) go to the log. */
  | { kind: 'sent'; warnings?: readonly string[] }
  /** The alert query or the sending failed with this message (English) and error (any language). */
  | { kind: 'failed'; stage: 'alert' | 'send'; message: string; error: RunError };

export interface RunEnd {
  /** The row to record now; null when the row waits for the owners' notice (see afterNotice). */
  record: LogRecord | null;
  /** Tell the owners of the error (an e-mail to them), then record afterNotice(...). */
  notifyOwners: boolean;
}

/** What to record when a planned run ends with `outcome`. */
export function afterRun(plan: Extract<RunPlan, { action: 'run' }>, outcome: RunOutcome): RunEnd {
  switch (outcome.kind) {
    case 'not-triggered':
      return { record: { state: 'Not triggered', errorMessage: null }, notifyOwners: false };
    case 'sent':
      return {
        record: {
          state: 'Success',
          errorMessage: outcome.warnings?.length ? outcome.warnings.join(';') : null,
        },
        notifyOwners: false,
      };
    case 'failed':
      if (plan.from === 'idle') {
        return {
          record: { state: 'Error', errorMessage: outcome.message, error: outcome.error },
          notifyOwners: !plan.inErrorGracePeriod,
        };
      }
      return outcome.stage === 'alert'
        ? { record: null, notifyOwners: true }
        : {
            record: { state: 'Error', errorMessage: outcome.message, error: outcome.error },
            notifyOwners: false,
          };
  }
}

/**
 * The Error row after telling the owners: the marker when the notice went out (it starts the
 * error grace period), else why it failed.
 */
export function afterNotice(noticeError?: { message: string; error: RunError } | null): LogRecord {
  return noticeError
    ? { state: 'Error', errorMessage: noticeError.message, error: noticeError.error }
    : { state: 'Error', errorMessage: ERROR_NOTIFICATION_MARKER, error: runError('notification_sent') };
}
