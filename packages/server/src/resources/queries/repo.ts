import type { LimitingFactor, QueryState, SqlLabQuery } from '@vitrina/common/api/sqllab';
import { parseQueryExtra, type QueryExtra } from '@vitrina/common/sqllab/queryExtra';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { defineList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema, QueriesTable } from '../../platform/metastore/schema.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { sqlTablesRelation } from '../savedQueries/repo.ts';

/**
 * The queries table read as one SQL Lab run (Superset's Query.to_dict, for SQL Lab, the tab state and the
 * history) and listed as `/api/v1/query/` lists it: the user's own runs, or all with all_query_access.
 */

export { parseQueryExtra, type QueryExtra };

type Db = Kysely<MetastoreSchema>;
export type QueryRow = Selectable<QueriesTable>;

/** Display names of the people and databases rows point at, for Query.to_dict. */
export interface QueryNames {
  databaseName: string;
  userName: string;
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

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'ew'] as const;

export const queriesList = defineList<MetastoreSchema>({
  title: 'List Query',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      client_id: { operators: ['eq', 'in'], type: 'text' },
      sql: { operators: TEXT, type: 'text' },
      status: { operators: ['eq', 'neq', 'in'], type: 'text' },
      database: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      user: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      start_time: { operators: ['gt', 'lt'], type: 'number' },
      changed_on: { operators: ['gt', 'lt'], type: 'datetime' },
    },
    orderColumns: [
      'id',
      'start_time',
      'end_time',
      'changed_on',
      'rows',
      'status',
      'tab_name',
      'database.database_name',
      'user.first_name',
    ],
    listColumns: [
      'id',
      'client_id',
      'changed_on',
      'database.id',
      'database.database_name',
      'executed_sql',
      'rows',
      'schema',
      'catalog',
      'sql',
      'sql_tables',
      'status',
      'tab_name',
      'user.first_name',
      'user.id',
      'user.last_name',
      'start_time',
      'end_time',
      'tmp_table_name',
      'tracking_url',
      'results_key',
      'error_message',
    ],
    defaultOrder: { column: 'changed_on', direction: 'desc' },
  },
  columns: {
    id: sql.ref('q.id'),
    client_id: sql.ref('q.client_id'),
    changed_on: sql.ref('q.changed_on'),
    database_id: sql.ref('q.database_id'),
    database_name: sql.ref('d.database_name'),
    'database.database_name': sql.ref('d.database_name'),
    executed_sql: sql.ref('q.executed_sql'),
    rows: sql.ref('q.rows'),
    schema: sql.ref('q.schema'),
    catalog: sql.ref('q.catalog'),
    sql: sql.ref('q.sql'),
    status: sql.ref('q.status'),
    tab_name: sql.ref('q.tab_name'),
    user_id: sql.ref('q.user_id'),
    user_first_name: sql.ref('u.first_name'),
    'user.first_name': sql.ref('u.first_name'),
    user_last_name: sql.ref('u.last_name'),
    start_time: sql.ref('q.start_time'),
    end_time: sql.ref('q.end_time'),
    tmp_table_name: sql.ref('q.tmp_table_name'),
    tracking_url: sql.ref('q.tracking_url'),
    results_key: sql.ref('q.results_key'),
    error_message: sql.ref('q.error_message'),
  },
  derived: {
    database: (row) => ({ id: row.database_id, database_name: row.database_name }),
    user: (row) =>
      row.user_id == null
        ? null
        : { id: row.user_id, first_name: row.user_first_name, last_name: row.user_last_name },
  },
  relations: {
    sql_tables: sqlTablesRelation('queries'),
  },
  relationFilters: {
    database: (ids) => sql`q.database_id in (${sql.join(ids)})`,
    user: (ids) => sql`q.user_id in (${sql.join(ids)})`,
  },
});

/** Admin or all_query_access sees every query (Superset's QueryFilter). */
export function seesAllQueries(principal: Principal): boolean {
  return principal.isAdmin || hasPermission(principal, 'all_query_access', 'all_query_access');
}

export function queriesBase(db: Db, principal: Principal) {
  const base = db
    .selectFrom('queries as q')
    .innerJoin('databases as d', 'd.id', 'q.database_id')
    .leftJoin('users as u', 'u.id', 'q.user_id');
  return seesAllQueries(principal) ? base : base.where('q.user_id', '=', principal.id);
}

/**
 * The user's queries changed after `since`, oldest first: the newest `limit` of them, so a query that
 * finishes is always in the answer however many others ran since. changed_on is ISO-8601 UTC text,
 * which compares in time order.
 */
export async function queriesChangedSince(db: Db, userId: number, since: Date, limit: number) {
  const rows = await db
    .selectFrom('queries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('changed_on', '>', since.toISOString())
    .orderBy('changed_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function findById(db: Db, id: number): Promise<QueryRow | undefined> {
  return db.selectFrom('queries').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function queryDict(db: Db, row: QueryRow): Promise<SqlLabQuery> {
  return queryToDict(row, await queryNames(db, row));
}
