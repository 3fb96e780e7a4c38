import { runError } from '@vitrina/common/reports/runErrors';
import {
  afterNotice,
  afterRun,
  type ExecutionLogEntry,
  PREVIOUS_WORKING_MESSAGE,
  planRun,
  type ReportState,
  type RunOutcome,
  type RunPlan,
} from '@vitrina/common/reports/states';
import type { AppContext } from '../../http/types.ts';
import { mailAddresses } from './addresses.ts';
import { AlertQueryError, evaluateScheduledAlert } from './alert.ts';
import { deliverReport, notifyOwnersOfError } from './delivery.ts';
import {
  executionLogEntries,
  findSchedule,
  type OwnerRow,
  ownersOf,
  recipientsOf,
  type ScheduleRow,
} from './repo.ts';
import { type Executor, reportExecutor } from './runAs.ts';
import { messageOf, runErrorOf } from './runErrors.ts';
import { RunLog } from './runLog.ts';

/**
 * A scheduled run (DESIGN §7 'A report'), with Superset's state machine (common/reports/states.ts):
 * planRun decides from the schedule's state and log; a run records Working, evaluates the alert,
 * renders and sends, then records how it ended, and tells the owners of a failure when due.
 * Nothing is left Working: an unexpected failure ends the run as an Error row. One run of a schedule
 * at a time: a run holds the schedule's lock for as long as it may stay Working.
 */

function logEntries(rows: Awaited<ReturnType<typeof executionLogEntries>>): ExecutionLogEntry[] {
  return rows
    .filter((row) => row.end_dttm !== null)
    .map((row) => ({
      state: row.state as ReportState,
      endDttm: new Date(row.end_dttm as string),
      errorMessage: row.error_message,
    }));
}

/** Runs schedule `reportId` for its time `scheduled`; the final state, or null when it is gone or paused. */
export async function runScheduledReport(
  ctx: AppContext,
  reportId: number,
  scheduled: Date,
): Promise<ReportState | null> {
  const db = ctx.metastore.db;
  const schedule = await findSchedule(db, reportId);
  if (schedule?.active !== 1) return null;
  // planRun refuses a second run once the first has written Working; two workers that read the
  // schedule before either wrote would both run, so the read-plan-write holds the schedule's lock.
  const lock = await ctx.platform.locks.acquire(reportRunLockName(reportId), runLockMs(schedule));
  if (!lock) return refuseOverlappingRun(db, reportId, scheduled);
  try {
    return await planAndRun(ctx, reportId, scheduled);
  } finally {
    await lock.release();
  }
}

const reportRunLockName = (reportId: number) => `report-run-${reportId}`;

/** A schedule without a working timeout runs unguarded after an hour, Superset's default timeout. */
const DEFAULT_RUN_LOCK_SECONDS = 3_600;

/** As long as the run may stay Working: after that the next run or the sweep ends it as an Error. */
const runLockMs = (schedule: ScheduleRow) =>
  (schedule.working_timeout && schedule.working_timeout > 0
    ? schedule.working_timeout
    : DEFAULT_RUN_LOCK_SECONDS) * 1000;

/**
 * Another run of the schedule holds its lock: logged as Superset logs a run that finds the previous
 * one Working, but the schedule's state stays the running one's, which it may already have ended.
 */
async function refuseOverlappingRun(
  db: AppContext['metastore']['db'],
  reportId: number,
  scheduled: Date,
): Promise<ReportState> {
  const log = new RunLog(db, reportId, scheduled, new Date(), false);
  await log.record({
    state: 'Working',
    errorMessage: PREVIOUS_WORKING_MESSAGE,
    error: runError('previous_working'),
  });
  return 'Working';
}

async function planAndRun(ctx: AppContext, reportId: number, scheduled: Date): Promise<ReportState | null> {
  const db = ctx.metastore.db;
  // Read again under the lock: the run that held it may have changed the state.
  const schedule = await findSchedule(db, reportId);
  if (schedule?.active !== 1) return null;
  const started = new Date();
  const plan = planRun({
    type: schedule.type === 'Alert' ? 'Alert' : 'Report',
    lastState: schedule.last_state as ReportState,
    lastEvalDttm: schedule.last_eval_dttm ? new Date(schedule.last_eval_dttm) : null,
    gracePeriod: schedule.grace_period,
    workingTimeout: schedule.working_timeout,
    logs: logEntries(await executionLogEntries(db, reportId)),
    now: started,
  });
  const log = new RunLog(db, reportId, scheduled, started);
  if (plan.action !== 'run') {
    await log.record(plan.record);
    return plan.record.state;
  }
  // Entering Working clears the previous alert value, as Superset does.
  await log.record(plan.record, { last_value: null, last_value_row_json: null });
  return finishRun(ctx, schedule, plan, log);
}

async function finishRun(
  ctx: AppContext,
  schedule: ScheduleRow,
  plan: Extract<RunPlan, { action: 'run' }>,
  log: RunLog,
): Promise<ReportState> {
  const owners = await ownersOf(ctx.metastore.db, schedule.id);
  let executor: Executor | null = null;
  let outcome: RunOutcome;
  try {
    executor = await reportExecutor(ctx.metastore.db, schedule, owners, ctx.config.reportExecutor);
    outcome = await work(ctx, schedule, plan, log, executor);
  } catch (error) {
    outcome = {
      kind: 'failed',
      stage: error instanceof AlertQueryError ? 'alert' : 'send',
      message: messageOf(error),
      error: runErrorOf(error),
    };
  }
  const end = afterRun(plan, outcome);
  let state: ReportState = end.record?.state ?? 'Error';
  if (end.record) await log.record(end.record);
  if (end.notifyOwners && outcome.kind === 'failed') {
    const noticeError = await notifyOwnersOfError(
      ctx,
      schedule,
      owners,
      outcome.error,
      ownersLanguage(executor, owners),
    );
    const record = afterNotice(noticeError);
    await log.record(record);
    state = record.state;
  }
  return state;
}

const ownersLanguage = (executor: Executor | null, owners: readonly OwnerRow[]) =>
  executor?.language ?? owners[0]?.preferred_language ?? null;

/** The alert (when there is one) and the sending; failures throw and become the run's outcome. */
async function work(
  ctx: AppContext,
  schedule: ScheduleRow,
  plan: Extract<RunPlan, { action: 'run' }>,
  log: RunLog,
  executor: Executor,
): Promise<RunOutcome> {
  if (plan.evaluateAlert) {
    const evaluation = await evaluateScheduledAlert(ctx, executor.principal, schedule);
    log.setValue(evaluation.value, evaluation.valueRowJson);
    if (evaluation.error) {
      return {
        kind: 'failed',
        stage: 'alert',
        message: evaluation.error,
        error: runError('alert_value_invalid', {}, evaluation.error),
      };
    }
    if (!evaluation.triggered) return { kind: 'not-triggered' };
  }
  const recipients = mailAddresses(await recipientsOf(ctx.metastore.db, schedule.id));
  await deliverReport(ctx, schedule, executor, recipients);
  return { kind: 'sent' };
}
