import { LOG_LIST_COLUMNS } from '@vitrina/common';
import { type Kysely, sql } from 'kysely';
import { defineList } from '../../http/listEndpoint.ts';
import type { LogRow, MetastoreSchema, NewLogRow } from '../../platform/metastore/schema.ts';

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
