import { randomUUID } from 'node:crypto';
import { databaseConnections } from '../connections/connections.ts';
import type { DatabaseConnection } from '../drivers/driver.ts';
import { nowIso } from '../platform/metastore/index.ts';
import { ensurePair } from '../security/dataAccess.ts';
import type { TestApp } from './testApp.ts';

/** Metastore rows written directly for tests: databases, datasets, and roles with grants. */

/** Inserts a database row directly (without the databases API and its permission pairs). */
export async function insertDatabase(
  harness: TestApp,
  values: { name: string; uri: string; allowFileUpload?: boolean },
): Promise<number> {
  const now = nowIso();
  const row = await harness.ctx.metastore.db
    .insertInto('databases')
    .values({
      uuid: randomUUID(),
      database_name: values.name,
      sqlalchemy_uri: values.uri,
      encrypted_password: null,
      expose_in_sqllab: 1,
      allow_run_async: 0,
      allow_dml: 0,
      allow_ctas: 0,
      allow_cvas: 0,
      allow_file_upload: values.allowFileUpload ? 1 : 0,
      cache_timeout: null,
      extra: '{}',
      created_on: now,
      changed_on: now,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A database's metastore row, as the connection registry takes it. */
export function databaseRow(harness: TestApp, id: number) {
  return harness.ctx.metastore.db
    .selectFrom('databases')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The query pool of a database, as the app's requests get it. */
export async function connectionOf(harness: TestApp, id: number): Promise<DatabaseConnection> {
  return databaseConnections(harness.ctx).get(await databaseRow(harness, id));
}

/** A physical dataset created as a user creates it (`POST /api/v1/dataset/`, its permission too): its id. */
export async function createDatasetThroughApi(
  harness: TestApp,
  headers: Record<string, string>,
  databaseId: number,
  table: string,
): Promise<number> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/v1/dataset/',
    headers,
    payload: { database: databaseId, table_name: table },
  });
  if (response.statusCode !== 201)
    throw new Error(`dataset ${table}: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number }>().id;
}

/** Inserts a physical dataset row directly (without the datasets API and its permission pair). */
export async function insertDataset(
  harness: TestApp,
  databaseId: number,
  tableName: string,
  schema = 'main',
): Promise<number> {
  const now = nowIso();
  const row = await harness.ctx.metastore.db
    .insertInto('datasets')
    .values({
      uuid: randomUUID(),
      database_id: databaseId,
      catalog: null,
      schema,
      table_name: tableName,
      sql: null,
      description: null,
      description_ru: null,
      main_dttm_col: null,
      cache_timeout: null,
      template_params: null,
      extra: '{}',
      offset: 0,
      default_endpoint: null,
      filter_select_enabled: 1,
      fetch_values_predicate: null,
      normalize_columns: 0,
      always_filter_main_dttm: 0,
      is_sqllab_view: 0,
      certified_by: null,
      certification_details: null,
      created_on: now,
      changed_on: now,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new role holding the given pairs, created directly in the metastore. */
export async function createRole(
  harness: TestApp,
  name: string,
  pairs: Array<[permission: string, view: string]>,
): Promise<void> {
  const db = harness.ctx.metastore.db;
  await db.transaction().execute(async (trx) => {
    const role = await trx
      .insertInto('roles')
      .values({ name, description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [permission, view] of pairs) {
      await trx
        .insertInto('permissions')
        .values({ name: permission })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await trx
        .insertInto('view_menus')
        .values({ name: view })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const p = await trx
        .selectFrom('permissions')
        .select('id')
        .where('name', '=', permission)
        .executeTakeFirstOrThrow();
      const v = await trx
        .selectFrom('view_menus')
        .select('id')
        .where('name', '=', view)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('permission_views')
        .values({ permission_id: p.id, view_menu_id: v.id })
        .onConflict((oc) => oc.columns(['permission_id', 'view_menu_id']).doNothing())
        .execute();
      const pv = await trx
        .selectFrom('permission_views')
        .select('id')
        .where('permission_id', '=', p.id)
        .where('view_menu_id', '=', v.id)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('role_permission_views')
        .values({ role_id: role.id, permission_view_id: pv.id })
        .execute();
    }
  });
}

/** Grants one pair to a role, creating the role (and the pair) when missing. */
export async function grant(
  harness: TestApp,
  roleName: string,
  permission: string,
  view: string,
): Promise<void> {
  const db = harness.ctx.metastore.db;
  await ensurePair(db, permission, view);
  let role = await db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirst();
  if (!role) {
    role = await db
      .insertInto('roles')
      .values({ name: roleName, description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const pair = await db
    .selectFrom('permission_views as pv')
    .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
    .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
    .select('pv.id')
    .where('p.name', '=', permission)
    .where('v.name', '=', view)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permission_views')
    .values({ role_id: role.id, permission_view_id: pair.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface RlsRuleFixture {
  name: string;
  clause: string;
  /** 'Regular' applies to the roles named; 'Base' to everyone but them. */
  filterType?: 'Regular' | 'Base';
  groupKey?: string | null;
  datasetIds: number[];
  roleNames?: string[];
}

/** A row-level security rule written directly in the metastore, with its tables and roles; answers its id. */
export async function insertRlsRule(harness: TestApp, rule: RlsRuleFixture): Promise<number> {
  const db = harness.ctx.metastore.db;
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('rls_filters')
      .values({
        name: rule.name,
        description: null,
        filter_type: rule.filterType ?? 'Regular',
        group_key: rule.groupKey ?? null,
        clause: rule.clause,
        created_on: now,
        changed_on: now,
        created_by_fk: null,
        changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const datasetId of rule.datasetIds) {
      await trx
        .insertInto('rls_filter_tables')
        .values({ rls_filter_id: id, dataset_id: datasetId })
        .execute();
    }
    for (const roleName of rule.roleNames ?? []) {
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('name', '=', roleName)
        .executeTakeFirstOrThrow();
      await trx.insertInto('rls_filter_roles').values({ rls_filter_id: id, role_id: role.id }).execute();
    }
    return id;
  });
}
