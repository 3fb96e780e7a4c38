import type { SqlLabQuery, TableSchemaState, TabState } from '@vitrina/common';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema, TableSchemaTable, TabStateTable } from '../../platform/metastore/schema.ts';
import { queryToDict } from '../queries/repo.ts';

/** The tab_state and table_schema tables: SQL Lab editor tabs kept on the server, and their tables. */

type Db = Kysely<MetastoreSchema>;
export type NewTab = Omit<Insertable<TabStateTable>, 'created_on' | 'changed_on' | 'active'>;
export type TabUpdate = Omit<Updateable<TabStateTable>, 'id' | 'user_id' | 'created_on' | 'changed_on'>;
export type NewTableSchema = Omit<Insertable<TableSchemaTable>, 'created_on' | 'changed_on'>;

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function presentTableSchema(row: Selectable<TableSchemaTable>): TableSchemaState {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table: row.table,
    description: parseObject(row.description),
    expanded: row.expanded === 1,
  };
}

async function presentTab(db: Db, row: Selectable<TabStateTable>): Promise<TabState> {
  const tables = await db
    .selectFrom('table_schema')
    .selectAll()
    .where('tab_state_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    user_id: row.user_id,
    label: row.label,
    active: row.active === 1,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    query_limit: row.query_limit,
    latest_query: row.latest_query_id ? await queryByClientId(db, row.latest_query_id) : null,
    autorun: row.autorun === 1,
    template_params: row.template_params,
    hide_left_bar: row.hide_left_bar === 1,
    saved_query: row.saved_query_id === null ? null : { id: row.saved_query_id },
    extra_json: parseObject(row.extra_json),
    table_schemas: tables.map(presentTableSchema),
  };
}

/** The user's tabs as `[id, label]` in the order they were opened (the bootstrap's tab_state_ids). */
export async function listTabs(db: Db, userId: number): Promise<Array<[number, string]>> {
  const rows = await db
    .selectFrom('tab_state')
    .select(['id', 'label'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.id, row.label]);
}

/**
 * The user's active tab with its tables and latest query; when none is active, their first tab, as
 * Superset's bootstrap falls back. Null when the user has no tab.
 */
export async function activeTab(db: Db, userId: number): Promise<TabState | null> {
  const row = await db
    .selectFrom('tab_state')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('active', 'desc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return row ? presentTab(db, row) : null;
}

export async function getTab(db: Db, id: number): Promise<TabState | undefined> {
  const row = await db.selectFrom('tab_state').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? presentTab(db, row) : undefined;
}

/** The owner of a tab; undefined when the tab does not exist. */
export async function tabOwner(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('tab_state').select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id;
}

/** Inserts a tab as the user's only active one. */
export async function insertTab(db: Db, tab: NewTab): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', tab.user_id).execute();
    const row = await trx
      .insertInto('tab_state')
      .values({ ...tab, active: 1, created_on: now, changed_on: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function updateTab(db: Db, id: number, changes: TabUpdate): Promise<void> {
  await db
    .updateTable('tab_state')
    .set({ ...changes, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Makes `id` the user's only active tab. */
export async function activateTab(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', userId).execute();
    await trx.updateTable('tab_state').set({ active: 1 }).where('id', '=', id).execute();
  });
}

/** Deletes a tab and the tables opened in it. */
export async function deleteTab(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('table_schema').where('tab_state_id', '=', id).execute();
    await trx.deleteFrom('tab_state').where('id', '=', id).execute();
  });
}

/** Moves a query run in a local-storage tab to the tab now kept on the server. */
export async function moveQueryToTab(db: Db, clientId: string, tabId: number): Promise<void> {
  await db
    .updateTable('queries')
    .set({ sql_editor_id: String(tabId) })
    .where('client_id', '=', clientId)
    .execute();
}

/** Removes one of the user's queries from a tab's history. */
export async function deleteTabQuery(db: Db, tabId: number, clientId: string, userId: number): Promise<void> {
  await db
    .deleteFrom('queries')
    .where('sql_editor_id', '=', String(tabId))
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
}

export async function insertTableSchema(db: Db, table: NewTableSchema): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('table_schema')
    .values({ ...table, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The tab a table schema belongs to, with that tab's owner; undefined when the table schema is missing. */
export async function tableSchemaOwner(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('table_schema as t')
    .innerJoin('tab_state as s', 's.id', 't.tab_state_id')
    .select('s.user_id')
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

export async function setTableSchemaExpanded(db: Db, id: number, expanded: boolean): Promise<void> {
  await db
    .updateTable('table_schema')
    .set({ expanded: expanded ? 1 : 0, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteTableSchema(db: Db, id: number): Promise<void> {
  await db.deleteFrom('table_schema').where('id', '=', id).execute();
}

export async function databaseExists(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('databases').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

export async function savedQueryExists(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('saved_queries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** The query run under `clientId` as a TabState answers its latest query, or null when there is none. */
export async function queryByClientId(db: Db, clientId: string): Promise<SqlLabQuery | null> {
  const row = await db
    .selectFrom('queries as q')
    .leftJoin('databases as d', 'd.id', 'q.database_id')
    .leftJoin('users as u', 'u.id', 'q.user_id')
    .selectAll('q')
    .select(['d.database_name', 'u.first_name', 'u.last_name'])
    .where('q.client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return queryToDict(row, {
    databaseName: row.database_name ?? '',
    userName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
  });
}

export async function queryExists(db: Db, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('queries')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}
