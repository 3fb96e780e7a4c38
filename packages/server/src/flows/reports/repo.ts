import { randomUUID } from 'node:crypto';
import { runError, runErrorParamsJson } from '@vitrina/common/reports/runErrors';
import type { Kysely, Updateable } from 'kysely';
import type { MetastoreSchema, ReportScheduleTable } from '../../platform/metastore/schema.ts';
import { readTimeSetting, writeTimeSetting } from '../../resources/settings/repo.ts';

/**
 * The metastore reads and writes of running reports: due schedules, a schedule with what a run
 * needs, its execution log, and the scheduler's "evaluated until" mark (a settings row, so a new
 * leader continues where the last one stopped).
 */

type Db = Kysely<MetastoreSchema>;

const EVALUATED_UNTIL_KEY = 'reports.scheduler.evaluated_until';

export function evaluatedUntil(db: Db): Promise<Date | null> {
  return readTimeSetting(db, EVALUATED_UNTIL_KEY);
}

export function setEvaluatedUntil(db: Db, until: Date): Promise<void> {
  return writeTimeSetting(db, EVALUATED_UNTIL_KEY, until);
}

/** What the scheduler needs of each active schedule. */
export function activeSchedules(db: Db) {
  return db
    .selectFrom('report_schedule')
    .select(['id', 'crontab', 'timezone', 'created_on'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

export async function findSchedule(db: Db, id: number) {
  return db.selectFrom('report_schedule').selectAll().where('id', '=', id).executeTakeFirst();
}

export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;

/** The schedule's owners, oldest account first, with what a mail to them needs. */
export function ownersOf(db: Db, scheduleId: number) {
  return db
    .selectFrom('report_schedule_user as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.email', 'u.preferred_language', 'u.active'])
    .where('o.report_schedule_id', '=', scheduleId)
    .orderBy('u.id')
    .execute();
}

export type OwnerRow = Awaited<ReturnType<typeof ownersOf>>[number];

export function recipientsOf(db: Db, scheduleId: number) {
  return db
    .selectFrom('report_recipient')
    .select(['type', 'recipient_config_json'])
    .where('report_schedule_id', '=', scheduleId)
    .orderBy('id')
    .execute();
}

export async function userContact(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'preferred_language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** An active account by user name: the configured executor of every report (VITRINA_REPORT_EXECUTOR). */
export async function activeUserId(db: Db, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function chartName(db: Db, chartId: number): Promise<string | null> {
  const row = await db.selectFrom('slices').select('slice_name').where('id', '=', chartId).executeTakeFirst();
  return row?.slice_name ?? null;
}

export async function dashboardTitle(db: Db, dashboardId: number): Promise<string | null> {
  const row = await db
    .selectFrom('dashboards')
    .select('dashboard_title')
    .where('id', '=', dashboardId)
    .executeTakeFirst();
  return row?.dashboard_title ?? null;
}

/** The rows planRun reads: every logged state with its end and message. */
export function executionLogEntries(db: Db, scheduleId: number) {
  return db
    .selectFrom('report_execution_log')
    .select(['state', 'end_dttm', 'error_message'])
    .where('report_schedule_id', '=', scheduleId)
    .execute();
}

export interface LogRowValues {
  scheduledDttm: string;
  startDttm: string;
  endDttm: string;
  state: string;
  errorMessage: string | null;
  /** The error as a code and its parameters (common/reports/runErrors.ts), for other languages. */
  errorCode: string | null;
  errorParamsJson: string | null;
  value: number | null;
  valueRowJson: string | null;
}

export type ScheduleChanges = Pick<
  Updateable<ReportScheduleTable>,
  'last_state' | 'last_eval_dttm' | 'last_value' | 'last_value_row_json'
>;

/** One execution-log row and, with it, the schedule's state: both or neither. */
export async function recordRun(
  db: Db,
  scheduleId: number,
  log: LogRowValues,
  schedule: ScheduleChanges | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('report_execution_log')
      .values({
        uuid: randomUUID(),
        report_schedule_id: scheduleId,
        scheduled_dttm: log.scheduledDttm,
        start_dttm: log.startDttm,
        end_dttm: log.endDttm,
        state: log.state,
        error_message: log.errorMessage,
        error_code: log.errorCode,
        error_params_json: log.errorParamsJson,
        value: log.value,
        value_row_json: log.valueRowJson,
      })
      .execute();
    if (schedule)
      await trx.updateTable('report_schedule').set(schedule).where('id', '=', scheduleId).execute();
  });
}

/**
 * Schedules whose last run is still Working, with the row that run wrote when it entered Working
 * (state Working without a message: a "still working" row carries one) and the timeout.
 */
export function workingRuns(db: Db) {
  return db
    .selectFrom('report_schedule as s')
    .innerJoin('report_execution_log as l', 'l.report_schedule_id', 's.id')
    .select(['s.id as scheduleId', 's.working_timeout', 'l.id as logId', 'l.end_dttm'])
    .where('s.last_state', '=', 'Working')
    .where('s.working_timeout', 'is not', null)
    .where('l.state', '=', 'Working')
    .where('l.error_message', 'is', null)
    .orderBy('l.end_dttm', 'desc')
    .execute();
}

/** The stuck run's row becomes its Error, and the schedule's state with it. */
export async function markRunTimedOut(
  db: Db,
  scheduleId: number,
  logId: number,
  message: string,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('report_execution_log')
      .set({
        state: 'Error',
        error_message: message,
        error_code: 'working_timeout',
        error_params_json: runErrorParamsJson(runError('working_timeout')),
        end_dttm: now,
      })
      .where('id', '=', logId)
      .where('state', '=', 'Working')
      .execute();
    await trx
      .updateTable('report_schedule')
      .set({ last_state: 'Error', last_eval_dttm: now })
      .where('id', '=', scheduleId)
      .where('last_state', '=', 'Working')
      .execute();
  });
}

/** The distinct retentions, so each is pruned with one statement. */
export async function logRetentions(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('report_schedule').select('log_retention').distinct().execute();
  return rows.map((row) => row.log_retention);
}

/** Deletes the log rows that ended before `before` of schedules keeping their log `retention` days. */
export async function deleteLogsBefore(db: Db, retention: number, before: string): Promise<number> {
  const result = await db
    .deleteFrom('report_execution_log')
    .where('end_dttm', '<', before)
    .where('report_schedule_id', 'in', (qb) =>
      qb.selectFrom('report_schedule').select('id').where('log_retention', '=', retention),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
