import type { LanguageCode, ListSpec, UserRef } from '@vitrina/common';
import { humanizeCrontab } from '@vitrina/common/reports/humanize';
import { type Expression, type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList, type ListDefinition, likePattern } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type {
  MetastoreSchema,
  ReportExecutionLogTable,
  ReportScheduleTable,
} from '../../platform/metastore/schema.ts';

/**
 * The report_schedule tables as `/api/v1/report/` needs them: schedules with their owners and
 * recipients, and each schedule's execution log.
 */

type Db = Kysely<MetastoreSchema>;
export type NewReportRow = Omit<Insertable<ReportScheduleTable>, 'created_on' | 'changed_on'>;
export type ReportUpdate = Omit<
  Updateable<ReportScheduleTable>,
  'id' | 'created_on' | 'created_by_fk' | 'changed_on'
>;
export type NewExecutionLogRow = Insertable<ReportExecutionLogTable>;
export interface RecipientRow {
  type: string;
  recipient_config_json: string;
}

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new'] as const;

const person = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id: id as number, first_name: first as string, last_name: last as string };

/** The schedule in words; a stored crontab was checked on save, but a bad one shows as written. */
function crontabInWords(crontab: string, language: LanguageCode): string {
  try {
    return humanizeCrontab(crontab, language);
  } catch {
    return crontab;
  }
}

function parseObject(text: unknown): Record<string, unknown> {
  try {
    const value = JSON.parse(typeof text === 'string' ? text : '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** `GET /api/v1/report/`: Superset's ReportScheduleRestApi list columns, searches and orderings. */
export const REPORTS_LIST_SPEC: ListSpec = {
  searchColumns: {
    name: { operators: [...TEXT, 'report_all_text'], type: 'text' },
    type: { operators: ['eq', 'neq', 'in'], type: 'text' },
    active: { operators: ['eq', 'neq'], type: 'boolean' },
    last_state: { operators: ['eq', 'neq', 'in'], type: 'text' },
    creation_method: { operators: ['eq', 'neq', 'in'], type: 'text' },
    chart_id: { operators: ['eq', 'neq', 'in'], type: 'number' },
    dashboard_id: { operators: ['eq', 'neq', 'in'], type: 'number' },
    created_by: { operators: ['eq', 'rel_o_m', 'nrel_o_m'], type: 'number' },
    owners: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
    changed_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
  },
  orderColumns: [
    'id',
    'name',
    'type',
    'active',
    'description',
    'crontab',
    'last_eval_dttm',
    'last_state',
    'created_by.first_name',
    'changed_by.first_name',
    'created_on',
    'changed_on',
    'changed_on_delta_humanized',
  ],
  listColumns: [
    'id',
    'name',
    'type',
    'description',
    'active',
    'crontab',
    'crontab_humanized',
    'timezone',
    'creation_method',
    'chart_id',
    'dashboard_id',
    'last_eval_dttm',
    'last_state',
    'extra',
    'recipients.id',
    'recipients.type',
    'owners.id',
    'owners.first_name',
    'owners.last_name',
    'created_by.id',
    'created_by.first_name',
    'created_by.last_name',
    'created_on',
    'changed_by.id',
    'changed_by.first_name',
    'changed_by.last_name',
    'changed_on',
    'changed_on_delta_humanized',
  ],
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
};

/** The list, with `crontab_humanized` in the caller's language. */
export function reportsList(language: LanguageCode): ListDefinition<MetastoreSchema> {
  return defineList<MetastoreSchema>({
    title: 'List Report Schedule',
    spec: REPORTS_LIST_SPEC,
    columns: {
      id: sql.ref('r.id'),
      name: sql.ref('r.name'),
      type: sql.ref('r.type'),
      description: sql.ref('r.description'),
      active: sql.ref('r.active'),
      crontab: sql.ref('r.crontab'),
      timezone: sql.ref('r.timezone'),
      creation_method: sql.ref('r.creation_method'),
      chart_id: sql.ref('r.chart_id'),
      dashboard_id: sql.ref('r.dashboard_id'),
      last_eval_dttm: sql.ref('r.last_eval_dttm'),
      last_state: sql.ref('r.last_state'),
      extra_json: sql.ref('r.extra_json'),
      created_on: sql.ref('r.created_on'),
      changed_on: sql.ref('r.changed_on'),
      changed_on_delta_humanized: sql.ref('r.changed_on'),
      created_by: sql.ref('r.created_by_fk'),
      created_by_first_name: sql.ref('cu.first_name'),
      'created_by.first_name': sql.ref('cu.first_name'),
      created_by_last_name: sql.ref('cu.last_name'),
      changed_by_id: sql.ref('r.changed_by_fk'),
      changed_by_first_name: sql.ref('mu.first_name'),
      'changed_by.first_name': sql.ref('mu.first_name'),
      changed_by_last_name: sql.ref('mu.last_name'),
    },
    flags: ['active'],
    derived: {
      crontab_humanized: (row) => crontabInWords(row.crontab as string, language),
      extra: (row) => parseObject(row.extra_json),
      changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
      created_by: (row) => person(row.created_by, row.created_by_first_name, row.created_by_last_name),
      changed_by: (row) => person(row.changed_by_id, row.changed_by_first_name, row.changed_by_last_name),
    },
    labels: {
      changed_on_delta_humanized: 'Modified',
      crontab_humanized: 'Schedule',
      last_eval_dttm: 'Last Run',
      last_state: 'Last State',
    },
    relations: {
      owners: (db, ids) => ownersByReport(db, ids.map(Number)),
      recipients: (db, ids) => recipientsByReport(db, ids.map(Number)),
    },
    relationFilters: {
      owners: (ids) =>
        sql<SqlBool>`r.id in (select ro.report_schedule_id from report_schedule_user ro where ro.user_id in (${sql.join(ids)}))`,
      created_by: (ids) => sql<SqlBool>`r.created_by_fk in (${sql.join(ids)})`,
      changed_by: (ids) => sql<SqlBool>`r.changed_by_fk in (${sql.join(ids)})`,
    },
    customOperators: {
      // Superset's ReportScheduleAllTextFilter: the text in the name, the description or the SQL.
      report_all_text: (filter) => {
        const text = String(filter.value ?? '');
        if (text === '') return sql<SqlBool>`1 = 1`;
        const pattern = likePattern(text, '%', '%');
        const escapeChar = sql.lit('\\');
        return sql<SqlBool>`(lower(r.name) like ${pattern} escape ${escapeChar} or lower(coalesce(r.description, '')) like ${pattern} escape ${escapeChar} or lower(coalesce(r.sql, '')) like ${pattern} escape ${escapeChar})`;
      },
    },
  });
}

/** The schedules a condition over `r` lets through (the caller's visibility), for lists and checks. */
export function reportsBase(db: Db, visible: Expression<SqlBool>) {
  return db
    .selectFrom('report_schedule as r')
    .leftJoin('users as cu', 'cu.id', 'r.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'r.changed_by_fk')
    .where(visible);
}

/** A schedule with the names of what it points at, as the show endpoint answers it. */
export async function findReport(db: Db, visible: Expression<SqlBool>, id: number) {
  return reportsBase(db, visible)
    .leftJoin('slices as s', 's.id', 'r.chart_id')
    .leftJoin('dashboards as d', 'd.id', 'r.dashboard_id')
    .leftJoin('databases as db', 'db.id', 'r.database_id')
    .selectAll('r')
    .select(['s.slice_name', 's.viz_type', 'd.dashboard_title', 'db.database_name'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type ReportDetailRow = NonNullable<Awaited<ReturnType<typeof findReport>>>;

/** The ids among `ids` the condition lets through. */
export async function visibleReportIds(
  db: Db,
  visible: Expression<SqlBool>,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await reportsBase(db, visible)
    .select('r.id')
    .where('r.id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export async function ownersByReport(db: Db, reportIds: readonly number[]): Promise<Map<number, UserRef[]>> {
  const byReport = new Map<number, UserRef[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .selectFrom('report_schedule_user as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.report_schedule_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.report_schedule_id', 'in', [...reportIds])
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const owners = byReport.get(row.report_schedule_id) ?? [];
    owners.push({ id: row.id, first_name: row.first_name, last_name: row.last_name });
    byReport.set(row.report_schedule_id, owners);
  }
  return byReport;
}

export async function recipientsByReport(
  db: Db,
  reportIds: readonly number[],
): Promise<Map<number, Array<{ id: number; type: string; recipient_config_json: string }>>> {
  const byReport = new Map<number, Array<{ id: number; type: string; recipient_config_json: string }>>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .selectFrom('report_recipient')
    .selectAll()
    .where('report_schedule_id', 'in', [...reportIds])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const recipients = byReport.get(row.report_schedule_id) ?? [];
    recipients.push({ id: row.id, type: row.type, recipient_config_json: row.recipient_config_json });
    byReport.set(row.report_schedule_id, recipients);
  }
  return byReport;
}

export async function ownerIdsOf(db: Db, reportId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('report_schedule_user')
    .select('user_id')
    .where('report_schedule_id', '=', reportId)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function isOwner(db: Db, reportId: number, userId: number): Promise<boolean> {
  return (await ownerIdsOf(db, reportId)).includes(userId);
}

/** Whether another schedule of this type already has this name. */
export async function nameTaken(db: Db, type: string, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('report_schedule').select('id').where('type', '=', type).where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Whether the user already made a report from this chart's or dashboard's header (Superset keeps one
 * per person and chart or dashboard for those creation methods).
 */
export async function hasReportOn(
  db: Db,
  userId: number,
  target: { chartId: number | null; dashboardId: number | null },
): Promise<boolean> {
  let query = db.selectFrom('report_schedule').select('id').where('created_by_fk', '=', userId);
  if (target.chartId !== null) query = query.where('chart_id', '=', target.chartId);
  if (target.dashboardId !== null) query = query.where('dashboard_id', '=', target.dashboardId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The layout and metadata a report's dashboard state is checked against. */
export async function dashboardDocuments(db: Db, dashboardId: number) {
  return db
    .selectFrom('dashboards')
    .select(['position_json', 'json_metadata'])
    .where('id', '=', dashboardId)
    .executeTakeFirst();
}

export async function userLanguage(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('preferred_language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.preferred_language ?? null;
}

export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ? row.email : null;
}

export async function insertReport(db: Db, values: NewReportRow): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('report_schedule')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReport(db: Db, id: number, changes: ReportUpdate): Promise<void> {
  await db
    .updateTable('report_schedule')
    .set({ ...changes, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function replaceOwners(db: Db, reportId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('report_schedule_user').where('report_schedule_id', '=', reportId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('report_schedule_user')
    .values(userIds.map((user_id) => ({ report_schedule_id: reportId, user_id })))
    .execute();
}

export async function replaceRecipients(
  db: Db,
  reportId: number,
  recipients: readonly RecipientRow[],
): Promise<void> {
  await db.deleteFrom('report_recipient').where('report_schedule_id', '=', reportId).execute();
  if (recipients.length === 0) return;
  await db
    .insertInto('report_recipient')
    .values(recipients.map((recipient) => ({ ...recipient, report_schedule_id: reportId })))
    .execute();
}

/** Deletes schedules; their owners, recipients and logs go with them (the foreign keys cascade). */
export async function deleteReports(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('report_schedule')
    .where('id', 'in', [...ids])
    .execute();
}

// ---- execution log ------------------------------------------------------------------------------

/** `GET /api/v1/report/{id}/log/`: Superset's ReportExecutionLogRestApi columns and orderings. */
export const executionLogList = defineList<MetastoreSchema>({
  title: 'List Report Execution Log',
  spec: {
    searchColumns: {
      state: { operators: ['eq', 'neq', 'in'], type: 'text' },
      error_message: { operators: TEXT, type: 'text' },
    },
    orderColumns: ['state', 'value', 'error_message', 'end_dttm', 'start_dttm', 'scheduled_dttm', 'id'],
    listColumns: [
      'id',
      'uuid',
      'scheduled_dttm',
      'start_dttm',
      'end_dttm',
      'value',
      'value_row_json',
      'state',
      'error_message',
      'error_code',
      'error_params_json',
    ],
    defaultOrder: { column: 'start_dttm', direction: 'desc' },
  },
  columns: {
    id: sql.ref('l.id'),
    uuid: sql.ref('l.uuid'),
    scheduled_dttm: sql.ref('l.scheduled_dttm'),
    start_dttm: sql.ref('l.start_dttm'),
    end_dttm: sql.ref('l.end_dttm'),
    value: sql.ref('l.value'),
    value_row_json: sql.ref('l.value_row_json'),
    state: sql.ref('l.state'),
    error_message: sql.ref('l.error_message'),
    error_code: sql.ref('l.error_code'),
    error_params_json: sql.ref('l.error_params_json'),
  },
});

export function executionLogBase(db: Db, reportId: number) {
  return db.selectFrom('report_execution_log as l').where('l.report_schedule_id', '=', reportId);
}

export async function findExecutionLog(db: Db, reportId: number, logId: number) {
  return executionLogBase(db, reportId)
    .select([
      'l.id',
      'l.uuid',
      'l.scheduled_dttm',
      'l.start_dttm',
      'l.end_dttm',
      'l.value',
      'l.value_row_json',
      'l.state',
      'l.error_message',
      'l.error_code',
      'l.error_params_json',
    ])
    .where('l.id', '=', logId)
    .executeTakeFirst();
}

/** Records one run (the scheduler's, and tests'). */
export async function insertExecutionLog(db: Db, row: NewExecutionLogRow): Promise<number> {
  const inserted = await db
    .insertInto('report_execution_log')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
