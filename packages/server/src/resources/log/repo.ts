import { LOG_LIST_COLUMNS } from '@vitrina/common';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { defineList } from '../../http/listEndpoint.ts';
import type { LogRow, MetastoreSchema, NewLogRow } from '../../platform/metastore/schema.ts';
import { chartsStampOf } from '../dashboards/repo.ts';

/** The `logs` table: batched writes, the administrators' list, the slowest lists and retention. */

type Db = Kysely<MetastoreSchema>;

/** Writes a batch in one multi-row insert. */
export async function insertLogs(db: Db, rows: readonly NewLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('logs')
    .values([...rows])
    .execute();
}

/** Deletes the rows written before `before` (ISO-8601 UTC); answers how many went. */
export async function deleteLogsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('logs').where('dttm', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const TEXT = ['eq', 'ct'] as const;
const ID = ['eq'] as const;

/** `GET /api/v1/log/`: Superset's LogRestApi columns, filters and order. */
export const logList = defineList<MetastoreSchema>({
  title: 'List Log',
  spec: {
    searchColumns: {
      user: { operators: ['rel_o_m'], type: 'number' },
      user_id: { operators: ID, type: 'number' },
      action: { operators: TEXT, type: 'text' },
      dttm: { operators: ['gt', 'lt'], type: 'datetime' },
      json: { operators: ['ct'], type: 'text' },
      slice_id: { operators: ID, type: 'number' },
      dashboard_id: { operators: ID, type: 'number' },
      duration_ms: { operators: ['eq', 'gt', 'lt'], type: 'number' },
      referrer: { operators: ['eq', 'ct'], type: 'text' },
    },
    orderColumns: ['id', 'action', 'dttm', 'user_id', 'slice_id', 'dashboard_id', 'duration_ms'],
    listColumns: LOG_LIST_COLUMNS,
    defaultOrder: { column: 'dttm', direction: 'desc' },
  },
  columns: {
    id: sql.ref('l.id'),
    user: sql.ref('l.user_id'),
    user_id: sql.ref('l.user_id'),
    action: sql.ref('l.action'),
    dttm: sql.ref('l.dttm'),
    json: sql.ref('l.json'),
    slice_id: sql.ref('l.slice_id'),
    dashboard_id: sql.ref('l.dashboard_id'),
    duration_ms: sql.ref('l.duration_ms'),
    referrer: sql.ref('l.referrer'),
    user_first_name: sql.ref('u.first_name'),
    user_last_name: sql.ref('u.last_name'),
    user_username: sql.ref('u.username'),
  },
  derived: {
    user: (row) =>
      row.user_username === null || row.user_username === undefined
        ? null
        : { first_name: row.user_first_name, last_name: row.user_last_name, username: row.user_username },
  },
});

/** The rows of the list: each log with its user (a left join on the key never multiplies rows). */
export function logListBase(db: Db) {
  return db.selectFrom('logs as l').leftJoin('users as u', 'u.id', 'l.user_id');
}

export interface LogWithUser extends LogRow {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
}

export async function findLog(db: Db, id: number): Promise<LogWithUser | undefined> {
  return db
    .selectFrom('logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select(['u.first_name', 'u.last_name', 'u.username'])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

export type TimedRow = Pick<LogRow, 'slice_id' | 'dashboard_id' | 'duration_ms' | 'dttm' | 'json'>;

/**
 * The rows of one action since `since` that name a chart (or a dashboard), newest first, at most
 * `limit`: the slowest lists aggregate them in code, where reading JSON is the same on every store.
 */
export async function timedRows(
  db: Db,
  options: { action: string; since: string; by: 'slice_id' | 'dashboard_id'; limit: number },
): Promise<TimedRow[]> {
  return db
    .selectFrom('logs')
    .select(['slice_id', 'dashboard_id', 'duration_ms', 'dttm', 'json'])
    .where('action', '=', options.action)
    .where('dttm', '>=', options.since)
    .where(options.by, 'is not', null)
    .orderBy('dttm', 'desc')
    .limit(options.limit)
    .execute();
}

export async function chartNames(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { slice_name: string; viz_type: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('slices')
    .select(['id', 'slice_name', 'viz_type'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { slice_name: row.slice_name, viz_type: row.viz_type }]));
}

export async function dashboardTitles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('dashboards')
    .select(['id', 'dashboard_title'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.dashboard_title]));
}

/** One item of a person's recent activity: the dashboard (or, when none, the chart) a row names. */
export interface RecentRow {
  action: string;
  dashboard_id: number | null;
  slice_id: number | null;
  dttm: string;
}

export interface RecentActivityQuery {
  userId: number;
  /** Browser event names (rows with action `log`) or logged actions, either matching. */
  actions: readonly string[];
  /** Each item once per action, at its newest (Superset's `distinct`). */
  distinct: boolean;
  since: string;
  page: number;
  pageSize: number;
  /** Which dashboards (alias `d`) and charts (alias `s`) the person may open now. */
  dashboardVisible: Expression<SqlBool>;
  chartVisible: Expression<SqlBool>;
}

/** A LIKE pattern for the exact text, with `\` as the escape character. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Whether a row is one of the actions: a logged action by name, or a browser event (`log`) whose JSON
 * names it — as our writer stores it, or with the space Superset's serialiser puts after the colon.
 */
function actionMatches(actions: readonly string[]): Expression<SqlBool> {
  if (actions.length === 0) return sql<SqlBool>`1 = 0`;
  const backslash = sql.lit('\\');
  const events = actions.flatMap((action) => {
    const value = JSON.stringify(action);
    return [`"event_name":${value}`, `"event_name": ${value}`].map(
      (text) => sql<SqlBool>`l.json like ${containing(text)} escape ${backslash}`,
    );
  });
  return sql<SqlBool>`(l.action in (${sql.join([...actions])}) or (l.action = 'log' and (${sql.join(events, sql` or `)})))`;
}

/**
 * A page of a person's activity on dashboards and charts, newest first. A row names a dashboard when it
 * has a dashboard_id, else a chart; only what still exists, has a title and the person may open now is
 * answered, so a page never holds what they can no longer see.
 */
export async function recentActivity(db: Db, query: RecentActivityQuery): Promise<RecentRow[]> {
  const slice = sql<number | null>`case when l.dashboard_id is null then l.slice_id end`;
  const base = db
    .selectFrom('logs as l')
    .leftJoin('dashboards as d', 'd.id', 'l.dashboard_id')
    .leftJoin('slices as s', (join) => join.onRef('s.id', '=', 'l.slice_id').on('l.dashboard_id', 'is', null))
    .where('l.user_id', '=', query.userId)
    .where('l.dttm', '>=', query.since)
    .where(actionMatches(query.actions))
    .where(
      sql<SqlBool>`((l.dashboard_id is not null and d.id is not null and d.dashboard_title <> '' and ${query.dashboardVisible})
        or (l.dashboard_id is null and s.id is not null and s.slice_name <> '' and ${query.chartVisible}))`,
    );
  const offset = query.page * query.pageSize;
  if (!query.distinct) {
    return base
      .select(['l.action', 'l.dashboard_id', slice.as('slice_id'), 'l.dttm'])
      .orderBy('l.dttm', 'desc')
      .orderBy('l.id', 'desc')
      .limit(query.pageSize)
      .offset(offset)
      .execute();
  }
  const newest = sql<string>`max(l.dttm)`;
  return base
    .select(['l.action', 'l.dashboard_id', slice.as('slice_id'), newest.as('dttm')])
    .groupBy(['l.action', 'l.dashboard_id', slice])
    .orderBy(newest, 'desc')
    .orderBy('l.dashboard_id')
    .orderBy(slice)
    .limit(query.pageSize)
    .offset(offset)
    .execute();
}

export interface RecentDashboard {
  id: number;
  dashboard_title: string;
  dashboard_title_ru: string | null;
  slug: string | null;
  changed_on: string;
  charts_stamp?: string;
}

/** The dashboards a page of recents names, with what their links and pictures need. */
export async function recentDashboards(
  db: Db,
  ids: readonly number[],
  withChartsStamp: boolean,
): Promise<Map<number, RecentDashboard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('dashboards as d')
    .select(['d.id', 'd.dashboard_title', 'd.dashboard_title_ru', 'd.slug', 'd.changed_on'])
    .$if(withChartsStamp, (query) => query.select(chartsStampOf(sql.ref<number>('d.id')).as('charts_stamp')))
    .where('d.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row as RecentDashboard]));
}

export interface RecentChart {
  id: number;
  slice_name: string;
  slice_name_ru: string | null;
  viz_type: string;
  changed_on: string;
}

/** The charts a page of recents names. */
export async function recentCharts(db: Db, ids: readonly number[]): Promise<Map<number, RecentChart>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('slices')
    .select(['id', 'slice_name', 'slice_name_ru', 'viz_type', 'changed_on'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
