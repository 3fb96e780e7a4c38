import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { hasPermission, type Principal, permissionKey } from './principal.ts';

/**
 * Superset's data-access permissions: per-object (permission, view) pairs whose view names encode the
 * object, so roles can be granted them from the roles screen like any other pair.
 *
 *   database_access   on  [db_name].(id:N)
 *   catalog_access    on  [db_name].[catalog]
 *   schema_access     on  [db_name].[schema]   or  [db_name].[catalog].[schema]
 *   datasource_access on  [db_name].[table_name](id:N)
 *   all_database_access / all_datasource_access on the views of the same name (everything)
 *
 * The pairs are written in the same transaction as the object they are about (create, rename, delete).
 * Access to a dataset = Admin, either all_* pair, its database, its catalog, its schema or its own pair.
 * A database is *visible* (listed, browsable) when any of those grants reaches into it.
 */

type Db = Kysely<MetastoreSchema>;
type Trx = Transaction<MetastoreSchema> | Db;

export const DATABASE_ACCESS = 'database_access';
export const CATALOG_ACCESS = 'catalog_access';
export const SCHEMA_ACCESS = 'schema_access';
export const DATASOURCE_ACCESS = 'datasource_access';
export const ALL_DATABASE_ACCESS = 'all_database_access';
export const ALL_DATASOURCE_ACCESS = 'all_datasource_access';

export interface DatabaseRef {
  id: number;
  database_name: string;
}

export interface DatasetRef {
  id: number;
  table_name: string;
  catalog?: string | null;
  schema?: string | null;
  database_id?: number;
}

// ---- view names -------------------------------------------------------------------------------

export function databasePermissionView(db: DatabaseRef): string {
  return `[${db.database_name}].(id:${db.id})`;
}

export function catalogPermissionView(databaseName: string, catalog: string): string {
  return `[${databaseName}].[${catalog}]`;
}

export function schemaPermissionView(databaseName: string, catalog: string | null, schema: string): string {
  return catalog ? `[${databaseName}].[${catalog}].[${schema}]` : `[${databaseName}].[${schema}]`;
}

export function datasetPermissionView(databaseName: string, dataset: DatasetRef): string {
  return `[${databaseName}].[${dataset.table_name}](id:${dataset.id})`;
}

const ID_SUFFIX = /\(id:(\d+)\)$/;

// ---- checks on a principal ---------------------------------------------------------------------

/** Admin or an all_* pair: sees every database, schema and dataset. */
export function canAccessAllData(principal: Principal): boolean {
  if (principal.guest) return false;
  return (
    hasPermission(principal, ALL_DATABASE_ACCESS, ALL_DATABASE_ACCESS) ||
    hasPermission(principal, ALL_DATASOURCE_ACCESS, ALL_DATASOURCE_ACCESS)
  );
}

/** Access to the whole database (all its schemas and tables): SQL Lab on any table of it. */
export function canAccessDatabase(principal: Principal, db: DatabaseRef): boolean {
  return canAccessAllData(principal) || holds(principal, DATABASE_ACCESS, databasePermissionView(db));
}

export function canAccessCatalog(principal: Principal, db: DatabaseRef, catalog: string | null): boolean {
  if (canAccessDatabase(principal, db)) return true;
  return (
    catalog !== null && holds(principal, CATALOG_ACCESS, catalogPermissionView(db.database_name, catalog))
  );
}

/** Access to every table of one schema. */
export function canAccessSchema(
  principal: Principal,
  db: DatabaseRef,
  catalog: string | null,
  schema: string | null,
): boolean {
  if (canAccessCatalog(principal, db, catalog)) return true;
  if (schema === null || schema === '') return false;
  return (
    holds(principal, SCHEMA_ACCESS, schemaPermissionView(db.database_name, null, schema)) ||
    (catalog !== null &&
      holds(principal, SCHEMA_ACCESS, schemaPermissionView(db.database_name, catalog, schema)))
  );
}

export function canAccessDataset(principal: Principal, dataset: DatasetRef, db: DatabaseRef): boolean {
  if (principal.guest) return principal.guest.datasetIds.has(dataset.id);
  return (
    canAccessSchema(principal, db, dataset.catalog ?? null, dataset.schema ?? null) ||
    holds(principal, DATASOURCE_ACCESS, datasetPermissionView(db.database_name, dataset))
  );
}

/** A guest's data is its token's scope (security/guestPrincipal.ts), whatever its role holds. */
function holds(principal: Principal, permission: string, view: string): boolean {
  if (principal.guest) return false;
  return principal.isAdmin || principal.permissions.has(permissionKey(permission, view));
}

/** The views the principal holds `permission` on. */
function viewsHeld(principal: Principal, permission: string): string[] {
  if (principal.guest) return [];
  const prefix = `${permission}|`;
  return [...principal.permissions]
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
}

/** Ids of the datasets the principal holds datasource_access on (parsed from the view names). */
export function grantedDatasetIds(principal: Principal): number[] {
  if (principal.guest) return [...principal.guest.datasetIds];
  return viewsHeld(principal, DATASOURCE_ACCESS).flatMap((view) => {
    const match = ID_SUFFIX.exec(view);
    return match ? [Number(match[1])] : [];
  });
}

/** Ids of the databases the principal holds database_access on. */
function grantedDatabaseIds(principal: Principal): number[] {
  return viewsHeld(principal, DATABASE_ACCESS).flatMap((view) => {
    const match = /^\[.*\]\.\(id:(\d+)\)$/.exec(view);
    return match ? [Number(match[1])] : [];
  });
}

/** Does the principal hold a schema or catalog pair inside the named database? */
function holdsInsideDatabase(principal: Principal, databaseName: string): boolean {
  const prefix = `[${databaseName}].[`;
  return [...viewsHeld(principal, SCHEMA_ACCESS), ...viewsHeld(principal, CATALOG_ACCESS)].some((view) =>
    view.startsWith(prefix),
  );
}

// ---- what a principal can see (for lists and browsing) -----------------------------------------

/**
 * The databases the principal can see: null means all of them. A database is visible with database
 * access, or a catalog, schema or dataset grant inside it (as Superset's DatabaseFilter).
 */
export async function accessibleDatabaseIds(db: Db, principal: Principal): Promise<number[] | null> {
  if (canAccessAllData(principal)) return null;
  const ids = new Set(grantedDatabaseIds(principal));
  const databases = await db.selectFrom('databases').select(['id', 'database_name']).execute();
  for (const row of databases) {
    if (holdsInsideDatabase(principal, row.database_name)) ids.add(row.id);
  }
  const datasetIds = grantedDatasetIds(principal);
  if (datasetIds.length > 0) {
    const rows = await db
      .selectFrom('datasets')
      .select('database_id')
      .distinct()
      .where('id', 'in', datasetIds)
      .execute();
    for (const row of rows) ids.add(row.database_id);
  }
  // Only ids that still exist, so a stale pair naming a deleted database cannot show anything.
  const existing = new Set(databases.map((row) => row.id));
  return [...ids].filter((id) => existing.has(id)).sort((a, b) => a - b);
}

/** A where-condition on a database id column: true for the visible ones. */
export function databaseIdCondition(column: Expression<unknown>, ids: number[] | null): Expression<SqlBool> {
  if (ids === null) return sql<SqlBool>`1 = 1`;
  if (ids.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${column} in (${sql.join(ids)})`;
}

export function isDatabaseVisible(
  principal: Principal,
  db: DatabaseRef,
  visibleIds: number[] | null,
): boolean {
  return visibleIds === null || visibleIds.includes(db.id) || canAccessDatabase(principal, db);
}

/**
 * What a principal reaches inside one database: `all` (database access), or the schemas they hold and
 * the datasets they hold (table names per schema).
 */
export type DatabaseScope =
  | { kind: 'all' }
  | {
      kind: 'some';
      /** Granted catalogs (catalog_access). */
      catalogs: Set<string>;
      /** Schemas fully granted or holding a granted dataset, keyed `catalog|schema` (catalog '' when none). */
      schemas: Map<string, { full: boolean; tables: Set<string> }>;
    };

const schemaKey = (catalog: string | null, schema: string | null) => `${catalog ?? ''}|${schema ?? ''}`;

/** The principal's reach inside one database, for filtering catalogs, schemas and tables. */
export async function databaseScope(
  db: Db,
  principal: Principal,
  database: DatabaseRef,
): Promise<DatabaseScope> {
  if (canAccessDatabase(principal, database)) return { kind: 'all' };
  const catalogs = new Set<string>();
  const schemas = new Map<string, { full: boolean; tables: Set<string> }>();
  const prefix = `[${database.database_name}].[`;
  for (const view of viewsHeld(principal, CATALOG_ACCESS)) {
    if (view.startsWith(prefix) && view.endsWith(']')) catalogs.add(view.slice(prefix.length, -1));
  }
  for (const view of viewsHeld(principal, SCHEMA_ACCESS)) {
    if (!view.startsWith(prefix) || !view.endsWith(']')) continue;
    const rest = view.slice(prefix.length, -1);
    const parts = rest.split('].[');
    const [catalog, schema] = parts.length === 2 ? [parts[0]!, parts[1]!] : [null, rest];
    schemas.set(schemaKey(catalog, schema), { full: true, tables: new Set() });
    // Without catalogs, `[db].[schema]` also covers the schema in whatever catalog it is listed under.
    if (catalog === null) schemas.set(`*|${schema}`, { full: true, tables: new Set() });
  }
  const datasetIds = grantedDatasetIds(principal);
  if (datasetIds.length > 0) {
    const rows = await db
      .selectFrom('datasets')
      .select(['catalog', 'schema', 'table_name', 'sql'])
      .where('id', 'in', datasetIds)
      .where('database_id', '=', database.id)
      .execute();
    for (const row of rows) {
      const key = schemaKey(row.catalog, row.schema);
      const entry = schemas.get(key) ?? { full: false, tables: new Set<string>() };
      if (row.sql === null) entry.tables.add(row.table_name);
      schemas.set(key, entry);
    }
  }
  return { kind: 'some', catalogs, schemas };
}

/** Whether a schema is visible in the scope (fully granted, or holding a granted dataset). */
export function scopeShowsSchema(scope: DatabaseScope, catalog: string | null, schema: string): boolean {
  if (scope.kind === 'all') return true;
  if (catalog !== null && scope.catalogs.has(catalog)) return true;
  return scope.schemas.has(schemaKey(catalog, schema)) || scope.schemas.has(`*|${schema}`);
}

export function scopeShowsCatalog(scope: DatabaseScope, catalog: string): boolean {
  if (scope.kind === 'all' || scope.catalogs.has(catalog)) return true;
  return [...scope.schemas.keys()].some((key) => key.startsWith(`${catalog}|`) || key.startsWith('*|'));
}

/** Whether a table is visible in the scope. */
export function scopeShowsTable(
  scope: DatabaseScope,
  catalog: string | null,
  schema: string | null,
  table: string,
): boolean {
  if (scope.kind === 'all') return true;
  if (catalog !== null && scope.catalogs.has(catalog)) return true;
  const entry =
    scope.schemas.get(schemaKey(catalog, schema)) ?? (schema ? scope.schemas.get(`*|${schema}`) : undefined);
  if (!entry) return false;
  return entry.full || entry.tables.has(table);
}

// ---- datasets list filter ----------------------------------------------------------------------

/** What the datasets list may show: null for everything. */
export interface DatasetAccessFilter {
  databaseIds: number[];
  catalogs: Array<{ databaseId: number; catalog: string }>;
  schemas: Array<{ databaseId: number; catalog: string | null; schema: string }>;
  datasetIds: number[];
}

export async function datasetAccessFilter(db: Db, principal: Principal): Promise<DatasetAccessFilter | null> {
  if (canAccessAllData(principal)) return null;
  const filter: DatasetAccessFilter = {
    databaseIds: grantedDatabaseIds(principal),
    catalogs: [],
    schemas: [],
    datasetIds: grantedDatasetIds(principal),
  };
  const databases = await db.selectFrom('databases').select(['id', 'database_name']).execute();
  const catalogViews = viewsHeld(principal, CATALOG_ACCESS);
  const schemaViews = viewsHeld(principal, SCHEMA_ACCESS);
  for (const database of databases) {
    const prefix = `[${database.database_name}].[`;
    for (const view of catalogViews) {
      if (view.startsWith(prefix) && view.endsWith(']')) {
        filter.catalogs.push({ databaseId: database.id, catalog: view.slice(prefix.length, -1) });
      }
    }
    for (const view of schemaViews) {
      if (!view.startsWith(prefix) || !view.endsWith(']')) continue;
      const parts = view.slice(prefix.length, -1).split('].[');
      if (parts.length === 2)
        filter.schemas.push({ databaseId: database.id, catalog: parts[0]!, schema: parts[1]! });
      else filter.schemas.push({ databaseId: database.id, catalog: null, schema: parts[0]! });
    }
  }
  return filter;
}

/**
 * A where-condition over a datasets table (alias given) keeping the rows the filter allows; null filter
 * → always true. Works on SQLite and PostgreSQL alike (plain comparisons, bound values).
 */
export function datasetAccessCondition(
  filter: DatasetAccessFilter | null,
  alias = 'datasets',
): Expression<SqlBool> {
  if (filter === null) return sql<SqlBool>`1 = 1`;
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: Expression<SqlBool>[] = [];
  if (filter.databaseIds.length > 0)
    parts.push(sql<SqlBool>`${col('database_id')} in (${sql.join(filter.databaseIds)})`);
  if (filter.datasetIds.length > 0)
    parts.push(sql<SqlBool>`${col('id')} in (${sql.join(filter.datasetIds)})`);
  for (const { databaseId, catalog } of filter.catalogs) {
    parts.push(sql<SqlBool>`(${col('database_id')} = ${databaseId} and ${col('catalog')} = ${catalog})`);
  }
  for (const { databaseId, catalog, schema } of filter.schemas) {
    parts.push(
      catalog === null
        ? sql<SqlBool>`(${col('database_id')} = ${databaseId} and ${col('schema')} = ${schema})`
        : sql<SqlBool>`(${col('database_id')} = ${databaseId} and ${col('catalog')} = ${catalog} and ${col('schema')} = ${schema})`,
    );
  }
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

// ---- writing the pairs --------------------------------------------------------------------------

async function permissionId(trx: Trx, name: string): Promise<number> {
  await trx
    .insertInto('permissions')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function viewMenuId(trx: Trx, name: string): Promise<number> {
  await trx
    .insertInto('view_menus')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .selectFrom('view_menus')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates (permission, view) when missing. */
export async function ensurePair(trx: Trx, permission: string, view: string): Promise<void> {
  const permission_id = await permissionId(trx, permission);
  const view_menu_id = await viewMenuId(trx, view);
  await trx
    .insertInto('permission_views')
    .values({ permission_id, view_menu_id })
    .onConflict((oc) => oc.columns(['permission_id', 'view_menu_id']).doNothing())
    .execute();
}

/** Removes the views (and with them their pairs and grants) by name. */
async function removeViews(trx: Trx, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const ids = (await trx.selectFrom('view_menus').select('id').where('name', 'in', names).execute()).map(
    (r) => r.id,
  );
  if (ids.length === 0) return;
  await removeViewIds(trx, ids);
}

async function removeViewIds(trx: Trx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  // Explicitly, children first: not every store enforces the cascades.
  const pairIds = (
    await trx.selectFrom('permission_views').select('id').where('view_menu_id', 'in', ids).execute()
  ).map((r) => r.id);
  if (pairIds.length > 0) {
    await trx.deleteFrom('role_permission_views').where('permission_view_id', 'in', pairIds).execute();
    await trx.deleteFrom('permission_views').where('id', 'in', pairIds).execute();
  }
  await trx.deleteFrom('view_menus').where('id', 'in', ids).execute();
}

/** Views whose name starts with `prefix` (exact, no pattern characters), with their ids. */
async function viewsStartingWith(trx: Trx, prefix: string): Promise<Array<{ id: number; name: string }>> {
  return trx
    .selectFrom('view_menus')
    .select(['id', 'name'])
    .where(sql<SqlBool>`substr(name, 1, ${prefix.length}) = ${prefix}`)
    .execute();
}

/** The datasource_access views of one dataset id (under whatever database or table name). */
async function datasetViews(trx: Trx, datasetId: number): Promise<Array<{ id: number; name: string }>> {
  const suffix = `](id:${datasetId})`;
  return trx
    .selectFrom('view_menus as v')
    .innerJoin('permission_views as pv', 'pv.view_menu_id', 'v.id')
    .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
    .select(['v.id', 'v.name'])
    .where('p.name', '=', DATASOURCE_ACCESS)
    .where(sql<SqlBool>`substr(v.name, length(v.name) - ${suffix.length - 1}) = ${suffix}`)
    .execute();
}

/** database_access on a new database, plus schema_access on the schemas it has (when known). */
export async function createDatabasePermissions(
  trx: Trx,
  database: DatabaseRef,
  schemas: Array<{ catalog: string | null; schema: string }> = [],
): Promise<void> {
  await ensurePair(trx, DATABASE_ACCESS, databasePermissionView(database));
  await ensureSchemaPermissions(trx, database.database_name, schemas);
}

export async function ensureSchemaPermissions(
  trx: Trx,
  databaseName: string,
  schemas: Array<{ catalog: string | null; schema: string }>,
): Promise<void> {
  for (const { catalog, schema } of schemas) {
    await ensurePair(trx, SCHEMA_ACCESS, schemaPermissionView(databaseName, catalog, schema));
  }
}

/**
 * A database renamed (or its id-view missing): every view inside `[old]` becomes `[new]`, keeping
 * the grants roles hold on them.
 */
export async function renameDatabasePermissions(
  trx: Trx,
  database: DatabaseRef,
  oldName: string,
): Promise<void> {
  if (oldName !== database.database_name) {
    const oldPrefix = `[${oldName}].`;
    const newPrefix = `[${database.database_name}].`;
    for (const view of await viewsStartingWith(trx, oldPrefix)) {
      const renamed = newPrefix + view.name.slice(oldPrefix.length);
      // A leftover view with the new name (from a deleted namesake) gives way to the renamed one.
      const clash = await trx
        .selectFrom('view_menus')
        .select('id')
        .where('name', '=', renamed)
        .executeTakeFirst();
      if (clash) await removeViewIds(trx, [clash.id]);
      await trx.updateTable('view_menus').set({ name: renamed }).where('id', '=', view.id).execute();
    }
  }
  await ensurePair(trx, DATABASE_ACCESS, databasePermissionView(database));
}

/** A database deleted: its own view, and every catalog, schema and dataset view inside it. */
export async function removeDatabasePermissions(trx: Trx, database: DatabaseRef): Promise<void> {
  const views = await viewsStartingWith(trx, `[${database.database_name}].`);
  await removeViewIds(
    trx,
    views.map((v) => v.id),
  );
  await removeViews(trx, [databasePermissionView(database)]);
}

/**
 * datasource_access on a dataset (created, or renamed: any older view of the same id is renamed so
 * roles keep their grant), and schema_access on its schema.
 */
export async function ensureDatasetPermission(
  trx: Trx,
  dataset: DatasetRef,
  databaseName: string,
): Promise<void> {
  const wanted = datasetPermissionView(databaseName, dataset);
  const existing = await datasetViews(trx, dataset.id);
  const current = existing.find((view) => view.name === wanted);
  const stale = existing.filter((view) => view.name !== wanted);
  if (!current && stale.length > 0) {
    const [keep, ...rest] = stale;
    const clash = await trx
      .selectFrom('view_menus')
      .select('id')
      .where('name', '=', wanted)
      .executeTakeFirst();
    if (clash) await removeViewIds(trx, [clash.id]);
    await trx.updateTable('view_menus').set({ name: wanted }).where('id', '=', keep!.id).execute();
    await removeViewIds(
      trx,
      rest.map((v) => v.id),
    );
  } else if (stale.length > 0) {
    await removeViewIds(
      trx,
      stale.map((v) => v.id),
    );
  }
  await ensurePair(trx, DATASOURCE_ACCESS, wanted);
  if (dataset.schema) {
    await ensurePair(
      trx,
      SCHEMA_ACCESS,
      schemaPermissionView(databaseName, dataset.catalog ?? null, dataset.schema),
    );
  }
}

export async function removeDatasetPermission(trx: Trx, datasetId: number): Promise<void> {
  const views = await datasetViews(trx, datasetId);
  await removeViewIds(
    trx,
    views.map((v) => v.id),
  );
}

/**
 * database_access on every database that lacks it (rows written outside the API, such as the examples
 * database registered at start). Idempotent; called when the app starts.
 */
export async function syncDatabasePermissions(db: Db): Promise<void> {
  const rows = await db.selectFrom('databases').select(['id', 'database_name']).execute();
  if (rows.length === 0) return;
  const existing = new Set(
    (
      await db
        .selectFrom('view_menus as v')
        .innerJoin('permission_views as pv', 'pv.view_menu_id', 'v.id')
        .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
        .select('v.name')
        .where('p.name', '=', DATABASE_ACCESS)
        .execute()
    ).map((row) => row.name),
  );
  const missing = rows.filter((row) => !existing.has(databasePermissionView(row)));
  if (missing.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of missing) await ensurePair(trx, DATABASE_ACCESS, databasePermissionView(row));
  });
}
