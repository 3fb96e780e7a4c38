import type { LimitingFactor, QueryState, ResultColumnInfo, SqlLabQuery } from '@vitrina/common/api/sqllab';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { nowIso } from '../platform/metastore/index.ts';
import type { MetastoreSchema, QueriesTable } from '../platform/metastore/schema.ts';

/** The `queries` table: one row per SQL Lab run, written before it runs and updated as it goes. */

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
