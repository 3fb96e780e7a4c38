import type { SavedQuery } from '@vitrina/common';
import { type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { sqlTablesByRow } from '../../connections/sqlTables.ts';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList, likePattern } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema, SavedQueriesTable } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import {
  removeTaggingsOf,
  tagListOperators,
  tagSearchColumn,
  tagsOf,
  tagsRelation,
} from '../tagging/repo.ts';

/** The saved_queries table as `/api/v1/saved_query/` needs it: a user's queries, or every one for Admin. */

type Db = Kysely<MetastoreSchema>;
export type NewSavedQuery = Omit<Insertable<SavedQueriesTable>, 'created_on' | 'changed_on'>;
export type SavedQueryUpdate = Omit<
  Updateable<SavedQueriesTable>,
  'id' | 'uuid' | 'created_on' | 'created_by_fk'
>;

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new'] as const;

function parseObject(text: string | null): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const person = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id: id as number, first_name: first as string, last_name: last as string };

/** `GET /api/v1/saved_query/`: Superset's SavedQueryRestApi list columns, searches and orderings. */
export const savedQueriesList = defineList<MetastoreSchema>({
  title: 'List Saved Query',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      label: { operators: [...TEXT, 'all_text'], type: 'text' },
      description: { operators: TEXT, type: 'text' },
      sql: { operators: TEXT, type: 'text' },
      schema: { operators: ['eq', 'neq', 'ct', 'in'], type: 'text' },
      database: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      created_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      changed_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      // Superset's SavedQueryTagNameFilter and SavedQueryTagIdFilter.
      tags: tagSearchColumn('saved_query'),
    },
    orderColumns: [
      'id',
      'schema',
      'label',
      'description',
      'sql',
      'rows',
      'created_by.first_name',
      'database.database_name',
      'created_on',
      'changed_on',
      'changed_on_delta_humanized',
      'last_run_delta_humanized',
    ],
    listColumns: [
      'id',
      'label',
      'description',
      'sql',
      'sql_tables',
      'schema',
      'catalog',
      'db_id',
      'database.id',
      'database.database_name',
      'rows',
      'extra',
      'template_parameters',
      'created_on',
      'changed_on',
      'changed_on_delta_humanized',
      'last_run_delta_humanized',
      'last_run',
      'last_run_state',
      'last_run_error',
      'created_by.id',
      'created_by.first_name',
      'created_by.last_name',
      'changed_by.id',
      'changed_by.first_name',
      'changed_by.last_name',
      'tags.id',
      'tags.name',
      'tags.type',
    ],
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  },
  columns: {
    id: sql.ref('sq.id'),
    label: sql.ref('sq.label'),
    description: sql.ref('sq.description'),
    sql: sql.ref('sq.sql'),
    schema: sql.ref('sq.schema'),
    catalog: sql.ref('sq.catalog'),
    db_id: sql.ref('sq.db_id'),
    rows: sql.ref('sq.rows'),
    extra_json: sql.ref('sq.extra_json'),
    template_parameters: sql.ref('sq.template_parameters'),
    created_on: sql.ref('sq.created_on'),
    changed_on: sql.ref('sq.changed_on'),
    changed_on_delta_humanized: sql.ref('sq.changed_on'),
    last_run: sql.ref('sq.last_run'),
    last_run_delta_humanized: sql.ref('sq.last_run'),
    last_run_state: sql.ref('sq.last_run_state'),
    last_run_error: sql.ref('sq.last_run_error'),
    database_name: sql.ref('d.database_name'),
    'database.database_name': sql.ref('d.database_name'),
    created_by_id: sql.ref('sq.created_by_fk'),
    created_by_first_name: sql.ref('cu.first_name'),
    'created_by.first_name': sql.ref('cu.first_name'),
    created_by_last_name: sql.ref('cu.last_name'),
    changed_by_id: sql.ref('sq.changed_by_fk'),
    changed_by_first_name: sql.ref('mu.first_name'),
    changed_by_last_name: sql.ref('mu.last_name'),
  },
  derived: {
    database: (row) => ({ id: row.db_id, database_name: row.database_name }),
    extra: (row) => parseObject(row.extra_json as string),
    changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
    last_run_delta_humanized: (row) => humanizeSince(row.last_run as string | null),
    created_by: (row) => person(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
    changed_by: (row) => person(row.changed_by_id, row.changed_by_first_name, row.changed_by_last_name),
  },
  labels: {
    changed_on_delta_humanized: 'Modified',
    last_run_delta_humanized: 'Last Run',
    'database.database_name': 'Database',
    sql_tables: 'Tables',
  },
  relations: {
    sql_tables: sqlTablesRelation('saved_queries'),
    tags: tagsRelation('query'),
  },
  customOperators: {
    // Superset's SavedQueryAllTextFilter: the text in the label, the description or the SQL.
    all_text: (filter) => {
      const text = String(filter.value ?? '');
      if (text === '') return sql<SqlBool>`1 = 1`;
      const pattern = likePattern(text, '%', '%');
      const escapeChar = sql.lit('\\');
      return sql<SqlBool>`(lower(sq.label) like ${pattern} escape ${escapeChar} or lower(coalesce(sq.description, '')) like ${pattern} escape ${escapeChar} or lower(sq.sql) like ${pattern} escape ${escapeChar})`;
    },
    ...tagListOperators('saved_query', 'query', sql.ref('sq.id')),
  },
  relationFilters: {
    database: (ids) => sql<SqlBool>`sq.db_id in (${sql.join(ids)})`,
    created_by: (ids) => sql<SqlBool>`sq.created_by_fk in (${sql.join(ids)})`,
    changed_by: (ids) => sql<SqlBool>`sq.changed_by_fk in (${sql.join(ids)})`,
  },
});

/** The saved queries the principal sees: their own, or all for Admin. */
export function savedQueriesBase(db: Db, principal: Principal) {
  const base = db
    .selectFrom('saved_queries as sq')
    .innerJoin('databases as d', 'd.id', 'sq.db_id')
    .leftJoin('users as cu', 'cu.id', 'sq.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'sq.changed_by_fk');
  return principal.isAdmin ? base : base.where('sq.user_id', '=', principal.id);
}

/** One saved query the principal sees, in full; undefined when missing or someone else's. */
export async function findSavedQuery(
  db: Db,
  principal: Principal,
  id: number,
): Promise<SavedQuery | undefined> {
  const row = await savedQueriesBase(db, principal)
    .selectAll('sq')
    .select([
      'd.database_name',
      'd.sqlalchemy_uri',
      'cu.first_name as created_first',
      'cu.last_name as created_last',
      'mu.first_name as changed_first',
      'mu.last_name as changed_last',
    ])
    .where('sq.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tables = await sqlTablesByRow([{ id: row.id, sql: row.sql, uri: row.sqlalchemy_uri }]);
  return {
    id: row.id,
    label: row.label,
    description: row.description,
    db_id: row.db_id,
    database: { id: row.db_id, database_name: row.database_name },
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    sql_tables: tables.get(row.id) ?? [],
    template_parameters: row.template_parameters,
    extra_json: row.extra_json,
    rows: row.rows,
    last_run_delta_humanized: humanizeSince(row.last_run),
    last_run: row.last_run,
    last_run_state: row.last_run_state,
    last_run_error: row.last_run_error,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeSince(row.changed_on),
    created_by: person(row.created_by_fk, row.created_first, row.created_last),
    changed_by: person(row.changed_by_fk, row.changed_first, row.changed_last),
    tags: await tagsOf(db, 'query', row.id),
  };
}

/** The ids among `ids` the principal may change. */
export async function visibleIds(db: Db, principal: Principal, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await savedQueriesBase(db, principal).select('sq.id').where('sq.id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

export async function insertSavedQuery(db: Db, values: NewSavedQuery): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('saved_queries')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSavedQuery(db: Db, id: number, changes: SavedQueryUpdate): Promise<void> {
  await db
    .updateTable('saved_queries')
    .set({ ...changes, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Deletes saved queries and their tags; tabs opened from them forget them (the foreign key sets null). */
export async function deleteSavedQueries(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('tab_state')
      .set({ saved_query_id: null })
      .where('saved_query_id', 'in', ids)
      .execute();
    await removeTaggingsOf(trx, 'query', ids);
    await trx.deleteFrom('saved_queries').where('id', 'in', ids).execute();
  });
}

/** `GET /distinct/schema`: the schemas of the saved queries the principal sees. */
export async function distinctSchemas(
  db: Db,
  principal: Principal,
  filter: string,
): Promise<Array<{ text: string; value: string }>> {
  let query = savedQueriesBase(db, principal)
    .select('sq.schema')
    .distinct()
    .where('sq.schema', 'is not', null)
    .where('sq.schema', '<>', '');
  if (filter !== '') {
    query = query.where(
      sql<SqlBool>`lower(sq.schema) like ${likePattern(filter, '%', '%')} escape ${sql.lit('\\')}`,
    );
  }
  const rows = await query.orderBy('sq.schema').execute();
  return rows.map((row) => ({ text: row.schema as string, value: row.schema as string }));
}

/** The column of each table that names the database its SQL runs on. */
const DATABASE_COLUMN = { queries: 'database_id', saved_queries: 'db_id' } as const;

/**
 * The `sql_tables` relation of a list of saved or past queries: each row's SQL read by its database's
 * engine parser (an async parse, so loaded for the page rather than derived row by row).
 */
export function sqlTablesRelation(table: keyof typeof DATABASE_COLUMN) {
  return async (db: Kysely<MetastoreSchema>, ids: Array<number | string>) =>
    sqlTablesByRow(
      await db
        .selectFrom(db.dynamic.table(table).as('r'))
        .innerJoin('databases as d', (join) =>
          join.on('d.id', '=', sql.ref<number>(`r.${DATABASE_COLUMN[table]}`)),
        )
        .select(['r.id', 'r.sql', 'd.sqlalchemy_uri as uri'])
        .where('r.id', 'in', ids as number[])
        .execute(),
    );
}

/** Whether a database with this id exists (what a saved query may point at). */
export async function databaseExists(db: Kysely<MetastoreSchema>, id: number): Promise<boolean> {
  const row = await db.selectFrom('databases').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A database's name and whether it runs queries asynchronously (what a schedule needs). */
export async function findDatabaseFlags(db: Kysely<MetastoreSchema>, id: number) {
  return db
    .selectFrom('databases')
    .select(['database_name', 'allow_run_async'])
    .where('id', '=', id)
    .executeTakeFirst();
}
