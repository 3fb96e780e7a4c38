import { getDialect } from '@vitrina/common/sql/dialects/index';
import { ENGINES } from '@vitrina/common/sql/engines';
import {
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import { engineInformation, listFlags } from '../../connections/describe.ts';
import { parseExtra } from '../../connections/extra.ts';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList } from '../../http/listEndpoint.ts';
import type { DatabaseRow, DatabasesTable, MetastoreSchema } from '../../platform/metastore/schema.ts';

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;

const FLAGS = [
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allow_file_upload',
] as const;

/**
 * Superset's `backend`: the engine of the URI's scheme, without the driver (`postgresql+psycopg2://…`
 * and `postgres://…` → `postgresql`). Only the scheme is read, so no part of the URI that could hold a
 * password leaves here. A scheme no dialect claims is answered as written.
 */
export function backendOf(uri: string): string {
  const scheme = (/^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri)?.[1] ?? '').split('+')[0]!.toLowerCase();
  const engine = ENGINES.find((name) => (getDialect(name).uriSchemes as readonly string[]).includes(scheme));
  return engine ?? scheme;
}

const userRef = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id, first_name: first, last_name: last };

/** `GET /api/v1/database/`: the connections, without their URIs or passwords. */
export const databasesList = defineList<MetastoreSchema>({
  title: 'List Database',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      uuid: { operators: ['eq'], type: 'text' },
      database_name: { operators: ['eq', 'ct', 'nct', 'sw', 'ew'], type: 'text' },
      expose_in_sqllab: { operators: ['eq'], type: 'boolean' },
      allow_file_upload: { operators: ['eq'], type: 'boolean' },
      allow_run_async: { operators: ['eq'], type: 'boolean' },
      allow_dml: { operators: ['eq'], type: 'boolean' },
      created_by: { operators: ['rel_o_m'], type: 'number' },
      changed_by: { operators: ['rel_o_m'], type: 'number' },
    },
    orderColumns: ['id', 'database_name', 'changed_on', 'changed_on_delta_humanized', ...FLAGS],
    listColumns: [
      'id',
      'uuid',
      'database_name',
      'backend',
      ...FLAGS,
      'allows_cost_estimate',
      'allows_subquery',
      'allows_virtual_table_explore',
      'disable_data_preview',
      'disable_drill_to_detail',
      'allow_multi_catalog',
      'explore_database_id',
      'force_ctas_schema',
      'extra',
      'engine_information',
      'changed_on',
      'changed_on_delta_humanized',
      'created_by.id',
      'created_by.first_name',
      'created_by.last_name',
      'changed_by.id',
      'changed_by.first_name',
      'changed_by.last_name',
    ],
    defaultOrder: { column: 'changed_on', direction: 'desc' },
    // Superset lifts the page-size cap for databases: pickers list them all.
    maxPageSize: 10_000,
  },
  columns: {
    id: sql.ref('d.id'),
    uuid: sql.ref('d.uuid'),
    database_name: sql.ref('d.database_name'),
    changed_on: sql.ref('d.changed_on'),
    changed_on_delta_humanized: sql.ref('d.changed_on'),
    force_ctas_schema: sql.ref('d.force_ctas_schema'),
    extra: sql.ref('d.extra'),
    // Selected only to derive `backend`; not a list column, so it is never answered.
    sqlalchemy_uri: sql.ref('d.sqlalchemy_uri'),
    created_by_id: sql.ref('d.created_by_fk'),
    created_by_first_name: sql.ref('cu.first_name'),
    created_by_last_name: sql.ref('cu.last_name'),
    changed_by_id: sql.ref('d.changed_by_fk'),
    changed_by_first_name: sql.ref('mu.first_name'),
    changed_by_last_name: sql.ref('mu.last_name'),
    ...Object.fromEntries(FLAGS.map((flag) => [flag, sql.ref(`d.${flag}`)])),
  },
  flags: FLAGS,
  relationFilters: {
    created_by: (ids) => sql<SqlBool>`d.created_by_fk in (${sql.join(ids)})`,
    changed_by: (ids) => sql<SqlBool>`d.changed_by_fk in (${sql.join(ids)})`,
  },
  derived: {
    backend: (row) => backendOf(String(row.sqlalchemy_uri)),
    engine_information: (row) => engineInformation(backendOf(String(row.sqlalchemy_uri))),
    ...Object.fromEntries(
      (
        [
          'allows_cost_estimate',
          'allows_subquery',
          'allows_virtual_table_explore',
          'disable_data_preview',
          'disable_drill_to_detail',
          'allow_multi_catalog',
        ] as const
      ).map((name) => [
        name,
        (row: Record<string, unknown>) =>
          listFlags(backendOf(String(row.sqlalchemy_uri)), parseExtra(row.extra as string))[name],
      ]),
    ),
    explore_database_id: (row) => row.id,
    changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
    created_by: (row) => userRef(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
    changed_by: (row) => userRef(row.changed_by_id, row.changed_by_first_name, row.changed_by_last_name),
  },
  labels: {
    database_name: 'Database',
    expose_in_sqllab: 'Expose in SQL Lab',
    allow_dml: 'Allow DML',
    changed_on_delta_humanized: 'Changed On',
  },
});

/** The rows a list starts from, restricted to the databases the caller may see. */
export function databasesListBase(db: Db, visible: Expression<SqlBool>) {
  return db
    .selectFrom('databases as d')
    .leftJoin('users as cu', 'cu.id', 'd.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'd.changed_by_fk')
    .where(visible);
}

export async function findDatabase(db: Db, id: number): Promise<DatabaseRow | undefined> {
  return db.selectFrom('databases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDatabaseByName(db: Db, name: string): Promise<DatabaseRow | undefined> {
  return db.selectFrom('databases').selectAll().where('database_name', '=', name).executeTakeFirst();
}

export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('databases').select('id').where('database_name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function userRefs(
  db: Db,
  ids: Array<number | null>,
): Promise<Map<number, { id: number; first_name: string; last_name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertDatabase(trx: Db, values: Insertable<DatabasesTable>): Promise<number> {
  const row = await trx.insertInto('databases').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDatabase(
  trx: Db,
  id: number,
  changes: Updateable<DatabasesTable>,
): Promise<void> {
  await trx.updateTable('databases').set(changes).where('id', '=', id).execute();
}

export async function deleteDatabase(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('databases').where('id', '=', id).execute();
}

/** Names of the datasets built on a database, for the refusal to delete it. */
export async function datasetNamesUsing(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('datasets')
    .select(['table_name', 'schema'])
    .where('database_id', '=', id)
    .orderBy('table_name')
    .execute();
  return rows.map((row) => row.table_name);
}

/** Names of the alerts and reports that use any of these databases, for the refusal to delete them. */
export async function reportNamesUsingDatabases(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('report_schedule')
    .select('name')
    .where('database_id', 'in', [...ids])
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}
