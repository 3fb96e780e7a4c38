import type { RlsFilterType, RlsTableRef, RoleRef, RowLevelSecurityFilter } from '@vitrina/common';
import { type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema, RlsFiltersTable } from '../../platform/metastore/schema.ts';

/** The rls_filters, rls_filter_tables and rls_filter_roles tables as the row-level security API needs them. */

type Db = Kysely<MetastoreSchema>;
export type NewRlsFilterRow = Insertable<RlsFiltersTable>;
export type RlsFilterUpdate = Updateable<RlsFiltersTable>;

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new'] as const;

/** `GET /api/v1/rowlevelsecurity/`: Superset's RLS list columns, searches and orderings. */
export const rlsList = defineList<MetastoreSchema>({
  title: 'List Row Level Security',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      name: { operators: TEXT, type: 'text' },
      description: { operators: TEXT, type: 'text' },
      filter_type: { operators: ['eq', 'neq', 'in'], type: 'text' },
      group_key: { operators: TEXT, type: 'text' },
      clause: { operators: TEXT, type: 'text' },
      tables: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
      roles: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
      created_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      changed_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
    },
    orderColumns: [
      'id',
      'name',
      'filter_type',
      'clause',
      'group_key',
      'changed_on',
      'changed_on_delta_humanized',
    ],
    listColumns: [
      'id',
      'name',
      'description',
      'filter_type',
      'tables.id',
      'tables.schema',
      'tables.table_name',
      'roles.id',
      'roles.name',
      'clause',
      'group_key',
      'changed_on',
      'changed_on_delta_humanized',
      'changed_by.id',
      'changed_by.first_name',
      'changed_by.last_name',
    ],
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  },
  columns: {
    id: sql.ref('f.id'),
    name: sql.ref('f.name'),
    description: sql.ref('f.description'),
    filter_type: sql.ref('f.filter_type'),
    group_key: sql.ref('f.group_key'),
    clause: sql.ref('f.clause'),
    changed_on: sql.ref('f.changed_on'),
    changed_on_delta_humanized: sql.ref('f.changed_on'),
    changed_by_id: sql.ref('f.changed_by_fk'),
    changed_by_first_name: sql.ref('cu.first_name'),
    changed_by_last_name: sql.ref('cu.last_name'),
  },
  derived: {
    changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
    changed_by: (row) =>
      row.changed_by_id == null
        ? null
        : {
            id: row.changed_by_id,
            first_name: row.changed_by_first_name,
            last_name: row.changed_by_last_name,
          },
  },
  labels: {
    filter_type: 'Filter Type',
    group_key: 'Group Key',
    changed_on_delta_humanized: 'Modified',
    'tables.table_name': 'Tables',
    'roles.name': 'Roles',
  },
  descriptions: {
    filter_type:
      'Regular filters add where clauses to queries if a user belongs to a role referenced in the filter, base filters apply filters to all queries except the roles defined in the filter, and can be used to define what users can see if no RLS filters within a filter group apply to them.',
    group_key:
      'Filters with the same group key will be ORed together within the group, while different filter groups will be ANDed together. Undefined group keys are treated as unique groups, i.e. are not grouped together.',
    clause:
      'This is the condition that will be added to the WHERE clause. For example, to only return rows for a particular client, you might define a regular filter with the clause `client_id = 9`. To display no rows unless a user belongs to a RLS filter role, a base filter can be created with the clause `1 = 0` (always false).',
  },
  relations: {
    tables: (db, ids) => tablesByFilter(db, ids.map(Number)),
    roles: (db, ids) => rolesByFilter(db, ids.map(Number)),
  },
  relationFilters: {
    tables: (ids) =>
      sql<SqlBool>`f.id in (select ft.rls_filter_id from rls_filter_tables ft where ft.dataset_id in (${sql.join(ids)}))`,
    roles: (ids) =>
      sql<SqlBool>`f.id in (select fr.rls_filter_id from rls_filter_roles fr where fr.role_id in (${sql.join(ids)}))`,
    created_by: (ids) => sql<SqlBool>`f.created_by_fk in (${sql.join(ids)})`,
    changed_by: (ids) => sql<SqlBool>`f.changed_by_fk in (${sql.join(ids)})`,
  },
});

export function rlsListBase(db: Db) {
  return db.selectFrom('rls_filters as f').leftJoin('users as cu', 'cu.id', 'f.changed_by_fk');
}

export async function tablesByFilter(
  db: Db,
  filterIds: number[],
): Promise<Map<number | string, RlsTableRef[]>> {
  const byFilter = new Map<number | string, RlsTableRef[]>();
  if (filterIds.length === 0) return byFilter;
  const rows = await db
    .selectFrom('rls_filter_tables as ft')
    .innerJoin('datasets as ds', 'ds.id', 'ft.dataset_id')
    .select(['ft.rls_filter_id', 'ds.id', 'ds.schema', 'ds.table_name'])
    .where('ft.rls_filter_id', 'in', filterIds)
    .orderBy('ds.table_name')
    .orderBy('ds.id')
    .execute();
  for (const row of rows) {
    const tables = byFilter.get(row.rls_filter_id) ?? [];
    tables.push({ id: row.id, schema: row.schema, table_name: row.table_name });
    byFilter.set(row.rls_filter_id, tables);
  }
  return byFilter;
}

export async function rolesByFilter(db: Db, filterIds: number[]): Promise<Map<number | string, RoleRef[]>> {
  const byFilter = new Map<number | string, RoleRef[]>();
  if (filterIds.length === 0) return byFilter;
  const rows = await db
    .selectFrom('rls_filter_roles as fr')
    .innerJoin('roles as r', 'r.id', 'fr.role_id')
    .select(['fr.rls_filter_id', 'r.id', 'r.name'])
    .where('fr.rls_filter_id', 'in', filterIds)
    .orderBy('r.name')
    .execute();
  for (const row of rows) {
    const roles = byFilter.get(row.rls_filter_id) ?? [];
    roles.push({ id: row.id, name: row.name });
    byFilter.set(row.rls_filter_id, roles);
  }
  return byFilter;
}

export async function findFilter(db: Db, id: number): Promise<RowLevelSecurityFilter | undefined> {
  const row = await db
    .selectFrom('rls_filters')
    .select(['id', 'name', 'description', 'filter_type', 'group_key', 'clause', 'changed_on'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter_type: row.filter_type as RlsFilterType,
    tables: (await tablesByFilter(db, [id])).get(id) ?? [],
    roles: (await rolesByFilter(db, [id])).get(id) ?? [],
    group_key: row.group_key,
    clause: row.clause,
  };
}

export async function existingFilterIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .selectFrom('rls_filters')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).map((row) => row.id);
}

/** Whether another filter (not `exceptId`) already has this name. */
export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('rls_filters').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The ids among `ids` that are not in `table`. */
export async function unknownIds(
  db: Db,
  table: 'datasets' | 'roles',
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => row.id),
  );
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export async function insertFilter(db: Db, row: NewRlsFilterRow): Promise<number> {
  return (await db.insertInto('rls_filters').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateFilter(db: Db, id: number, changes: RlsFilterUpdate): Promise<void> {
  await db.updateTable('rls_filters').set(changes).where('id', '=', id).execute();
}

export async function replaceTables(db: Db, filterId: number, datasetIds: readonly number[]): Promise<void> {
  await db.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', filterId).execute();
  const unique = [...new Set(datasetIds)];
  if (unique.length > 0) {
    await db
      .insertInto('rls_filter_tables')
      .values(unique.map((datasetId) => ({ rls_filter_id: filterId, dataset_id: datasetId })))
      .execute();
  }
}

export async function replaceRoles(db: Db, filterId: number, roleIds: readonly number[]): Promise<void> {
  await db.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', filterId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) {
    await db
      .insertInto('rls_filter_roles')
      .values(unique.map((roleId) => ({ rls_filter_id: filterId, role_id: roleId })))
      .execute();
  }
}

/** Removes filters with their links; the caller runs this in a transaction. */
export async function deleteFilters(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  await db.deleteFrom('rls_filter_tables').where('rls_filter_id', 'in', list).execute();
  await db.deleteFrom('rls_filter_roles').where('rls_filter_id', 'in', list).execute();
  await db.deleteFrom('rls_filters').where('id', 'in', list).execute();
}

export interface RelatedPage {
  count: number;
  result: Array<{ value: number; text: string; extra?: Record<string, unknown> }>;
}

function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Datasets a filter can name, searched by table name or `schema.table_name`. */
export async function relatedTables(
  db: Db,
  args: { filter: string; page: number; pageSize: number; includeIds: number[] },
): Promise<RelatedPage> {
  const pattern = containsPattern(args.filter);
  const escapeChar = sql.lit('\\');
  const base = db
    .selectFrom('datasets as ds')
    .innerJoin('databases as db', 'db.id', 'ds.database_id')
    .where(
      sql<SqlBool>`(lower(ds.table_name) like ${pattern} escape ${escapeChar} or lower(coalesce(ds.schema, '') || '.' || ds.table_name) like ${pattern} escape ${escapeChar})`,
    );
  const count = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0,
  );
  const columns = ['ds.id', 'ds.schema', 'ds.table_name', 'db.database_name'] as const;
  const page = await base
    .select(columns)
    .orderBy(sql`lower(ds.table_name)`)
    .orderBy('ds.id')
    .limit(args.pageSize)
    .offset(args.page * args.pageSize)
    .execute();
  const included =
    args.page === 0 && args.includeIds.length > 0
      ? await db
          .selectFrom('datasets as ds')
          .innerJoin('databases as db', 'db.id', 'ds.database_id')
          .select(columns)
          .where('ds.id', 'in', args.includeIds)
          .execute()
      : [];
  const seen = new Set<number>();
  const result: RelatedPage['result'] = [];
  for (const row of [...included, ...page]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    result.push({
      value: row.id,
      text: row.schema ? `${row.schema}.${row.table_name}` : row.table_name,
      extra: { schema: row.schema, table_name: row.table_name, database_name: row.database_name },
    });
  }
  return { count, result };
}

/** Roles a filter can name, searched by name. */
export async function relatedRoles(
  db: Db,
  args: { filter: string; page: number; pageSize: number; includeIds: number[] },
): Promise<RelatedPage> {
  const pattern = containsPattern(args.filter);
  const base = db
    .selectFrom('roles')
    .where(sql<SqlBool>`lower(name) like ${pattern} escape ${sql.lit('\\')}`);
  const count = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0,
  );
  const page = await base
    .select(['id', 'name'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(args.pageSize)
    .offset(args.page * args.pageSize)
    .execute();
  const included =
    args.page === 0 && args.includeIds.length > 0
      ? await db.selectFrom('roles').select(['id', 'name']).where('id', 'in', args.includeIds).execute()
      : [];
  const seen = new Set<number>();
  const result: RelatedPage['result'] = [];
  for (const row of [...included, ...page]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    result.push({ value: row.id, text: row.name });
  }
  return { count, result };
}
