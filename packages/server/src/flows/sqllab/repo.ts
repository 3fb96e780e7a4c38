import type { LimitingFactor, QueryState, ResultColumnInfo, SqlLabQuery } from '@vitrina/common/api/sqllab';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema, QueriesTable } from '../../platform/metastore/schema.ts';

/**
 * The `queries` table: one row per SQL Lab run, written before it runs and updated as it goes; and the
 * few other rows SQL Lab reads or marks (its databases, the runner's e-mail, the tab's latest query).
 */

type Db = Kysely<MetastoreSchema>;
export type QueryRow = Selectable<QueriesTable>;

/** What `extra_json` holds: the progress text of multi-statement runs and the result's columns. */
export interface QueryExtra {
  progress?: string | null;
  errors?: unknown[];
  columns?: ResultColumnInfo[];
  /** The result statement without SQL Lab's limit, for the CSV export (not answered to clients). */
  exportSql?: string | null;
  /** The statements the export replays before `exportSql` on its connection (not answered either). */
  exportSetup?: string[];
}

export function parseQueryExtra(text: string): QueryExtra {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as QueryExtra) : {};
  } catch {
    return {};
  }
}

export async function findByClientId(db: Db, clientId: string): Promise<QueryRow | undefined> {
  return db.selectFrom('queries').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function findById(db: Db, id: number): Promise<QueryRow | undefined> {
  return db.selectFrom('queries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A row that must exist (the run's own, re-read); a missing one is Kysely's NoResultError. */
export async function getById(db: Db, id: number): Promise<QueryRow> {
  return db.selectFrom('queries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export interface QueryChanges
  extends Omit<Updateable<QueriesTable>, 'id' | 'client_id' | 'changed_on' | 'extra_json' | 'status'> {
  status?: QueryState;
  limiting_factor?: LimitingFactor;
  extra?: QueryExtra;
}

/** Updates a row; `extra` is merged into what the row holds. Returns the row as written. */
export async function updateQuery(db: Db, id: number, changes: QueryChanges): Promise<QueryRow> {
  const { extra, ...columns } = changes;
  let extraJson: string | undefined;
  if (extra) {
    const current = await db
      .selectFrom('queries')
      .select('extra_json')
      .where('id', '=', id)
      .executeTakeFirst();
    extraJson = JSON.stringify({ ...parseQueryExtra(current?.extra_json ?? '{}'), ...extra });
  }
  await db
    .updateTable('queries')
    .set({ ...columns, ...(extraJson !== undefined && { extra_json: extraJson }), changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
  const row = await findById(db, id);
  if (!row) throw new Error(`query ${id} disappeared`);
  return row;
}

/**
 * Moves a still-running query to a final state; a query that already concluded (stopped by the user,
 * failed elsewhere) keeps its state. Returns whether this call concluded it.
 */
export async function concludeQuery(
  db: Db,
  id: number,
  status: Exclude<QueryState, 'pending' | 'running'>,
  changes: QueryChanges = {},
): Promise<boolean> {
  const { extra, ...columns } = changes;
  const current = await findById(db, id);
  if (!current || !isRunningState(current.status)) return false;
  const extraJson = extra
    ? JSON.stringify({ ...parseQueryExtra(current.extra_json), ...extra })
    : current.extra_json;
  const result = await db
    .updateTable('queries')
    .set({ ...columns, status, extra_json: extraJson, changed_on: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', RUNNING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const RUNNING = ['pending', 'scheduled', 'running', 'fetching', 'started'];

export function isRunningState(status: string): boolean {
  return RUNNING.includes(status);
}

/** Display names of the people and databases rows point at, for Query.to_dict. */
export interface QueryNames {
  databaseName: string;
  userName: string;
}

export async function queryNames(
  db: Db,
  row: Pick<QueryRow, 'database_id' | 'user_id'>,
): Promise<QueryNames> {
  const database = await db
    .selectFrom('databases')
    .select('database_name')
    .where('id', '=', row.database_id)
    .executeTakeFirst();
  const user =
    row.user_id === null
      ? undefined
      : await db
          .selectFrom('users')
          .select(['first_name', 'last_name'])
          .where('id', '=', row.user_id)
          .executeTakeFirst();
  return {
    databaseName: database?.database_name ?? '',
    userName: user ? `${user.first_name} ${user.last_name}`.trim() : '',
  };
}

/** Superset's Query.to_dict. */
export function queryToDict(row: QueryRow, names: QueryNames): SqlLabQuery {
  const extra = parseQueryExtra(row.extra_json);
  return {
    id: row.client_id,
    queryId: row.id,
    serverId: row.id,
    dbId: row.database_id,
    db: names.databaseName,
    sql: row.sql,
    executedSql: row.executed_sql,
    schema: row.schema,
    catalog: row.catalog,
    sqlEditorId: row.sql_editor_id,
    tab: row.tab_name,
    state: row.status as QueryState,
    progress: row.progress,
    rows: row.rows,
    limit: row.limit,
    limitingFactor: row.limiting_factor as LimitingFactor,
    startDttm: row.start_time,
    endDttm: row.end_time,
    errorMessage: row.error_message,
    resultsKey: row.results_key,
    ctas: row.select_as_cta === 1,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user: names.userName,
    trackingUrl: row.tracking_url,
    changed_on: row.changed_on,
    extra: {
      progress: extra.progress ?? null,
      ...(extra.errors && { errors: extra.errors }),
      ...(extra.columns && { columns: extra.columns }),
    },
  };
}

export async function queryDict(db: Db, row: QueryRow): Promise<SqlLabQuery> {
  return queryToDict(row, await queryNames(db, row));
}

/** Writes a run before it starts and answers its row as stored. */
export async function insertQueryRow(db: Db, values: Insertable<QueriesTable>): Promise<QueryRow> {
  const inserted = await db.insertInto('queries').values(values).returning('id').executeTakeFirstOrThrow();
  return db.selectFrom('queries').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
}

export async function findByResultsKey(db: Db, key: string): Promise<QueryRow | undefined> {
  return db.selectFrom('queries').selectAll().where('results_key', '=', key).executeTakeFirst();
}

/** Rows whose run is not over, as stored (the sweeper checks whether each can still be going on). */
export async function unfinishedQueries(db: Db): Promise<QueryRow[]> {
  return db
    .selectFrom('queries')
    .selectAll()
    .where('status', 'in', ['pending', 'running', 'scheduled', 'fetching', 'started'])
    .execute();
}

/** The user's latest runs, newest first, with their database's and runner's names. */
export async function recentQueriesOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('queries as q')
    .innerJoin('databases as d', 'd.id', 'q.database_id')
    .leftJoin('users as u', 'u.id', 'q.user_id')
    .selectAll('q')
    .select(['d.database_name', 'u.first_name', 'u.last_name'])
    .where('q.user_id', '=', userId)
    .orderBy('q.changed_on', 'desc')
    .limit(limit)
    .execute();
}

/** The databases exposed in SQL Lab, by name (who may query each is decided by the caller). */
export async function sqlLabDatabases(db: Db) {
  return db
    .selectFrom('databases')
    .selectAll()
    .where('expose_in_sqllab', '=', 1)
    .orderBy('database_name')
    .execute();
}

/** The runner's e-mail for the template macros; undefined for an unknown user. */
export async function emailOf(db: Db, userId: number): Promise<string | null | undefined> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return user?.email;
}

/** Keeps the run as the latest query of the user's tab; another user's tab is left alone. */
export async function setLatestQueryOfTab(
  db: Db,
  tabId: number,
  userId: number,
  clientId: string,
): Promise<void> {
  await db
    .updateTable('tab_state')
    .set({ latest_query_id: clientId })
    .where('id', '=', tabId)
    .where('user_id', '=', userId)
    .execute();
}

/** The physical (table, not SQL) datasets on a database, as RLS in SQL Lab matches tables to them. */
export async function physicalDatasetsOn(db: Db, databaseId: number) {
  return db
    .selectFrom('datasets')
    .select(['id', 'table_name', 'schema'])
    .where('database_id', '=', databaseId)
    .where('sql', 'is', null)
    .execute();
}
