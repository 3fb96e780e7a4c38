import type { LimitingFactor, QueryState } from '@vitrina/common/api/sqllab';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema, QueriesTable } from '../../platform/metastore/schema.ts';
import { findById, parseQueryExtra, type QueryExtra, type QueryRow } from '../../resources/queries/repo.ts';

/**
 * SQL Lab's writes to the `queries` table — a row per run, written before it runs and updated as it
 * goes — and the few other rows SQL Lab reads or marks (its databases, the runner's e-mail, the tab's
 * latest query). A row's reads and its API shape (Query.to_dict) are the queries resource's
 * (`resources/queries/repo.ts`), shared with the history and the tab state.
 */

type Db = Kysely<MetastoreSchema>;

export async function findByClientId(db: Db, clientId: string): Promise<QueryRow | undefined> {
  return db.selectFrom('queries').selectAll().where('client_id', '=', clientId).executeTakeFirst();
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
  if (Number(result.numUpdatedRows) === 0) return false;
  await concludeScheduledRun(db, current.client_id, status, columns);
  return true;
}

/**
 * A scheduled saved query's run is a SQL Lab query: the saved query whose last run it is (by client
 * id) records how it ended — whoever concluded it (the worker, a stop, the sweep of lost runs).
 */
async function concludeScheduledRun(
  db: Db,
  clientId: string,
  status: QueryState,
  columns: Omit<QueryChanges, 'extra'>,
): Promise<void> {
  await db
    .updateTable('saved_queries')
    .set({
      last_run_state: status,
      last_run_error: status === 'success' ? null : (columns.error_message ?? null),
      ...(status === 'success' && columns.rows !== undefined && { rows: columns.rows }),
    })
    .where('last_run_client_id', '=', clientId)
    .execute();
}

const RUNNING = ['pending', 'scheduled', 'running', 'fetching', 'started'];

export function isRunningState(status: string): boolean {
  return RUNNING.includes(status);
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
