import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertDatabase, insertDataset } from '../testing/fixtures.ts';
import { describeEachMetastore, type TestApp } from '../testing/testApp.ts';
import {
  accessibleDatabaseIds,
  canAccessDatabase,
  canAccessDataset,
  canAccessSchema,
  createDatabasePermissions,
  databaseScope,
  datasetAccessCondition,
  datasetAccessFilter,
  ensureDatasetPermission,
  removeDatabasePermissions,
  removeDatasetPermission,
  renameDatabasePermissions,
  scopeShowsSchema,
  scopeShowsTable,
} from './dataAccess.ts';
import { type Principal, permissionKey } from './principal.ts';

const principal = (pairs: Array<[string, string]>, isAdmin = false): Principal => ({
  id: 1,
  username: 'someone',
  roles: [],
  permissions: new Set(pairs.map(([p, v]) => permissionKey(p, v))),
  isAdmin,
});

const sales = { id: 1, database_name: 'sales' };
const orders = { id: 7, table_name: 'orders', schema: 'public', catalog: null };

it('checks database, schema and dataset access like Superset', () => {
  const admin = principal([], true);
  const all = principal([['all_datasource_access', 'all_datasource_access']]);
  const db = principal([['database_access', '[sales].(id:1)']]);
  const schema = principal([['schema_access', '[sales].[public]']]);
  const dataset = principal([['datasource_access', '[sales].[orders](id:7)']]);
  const none = principal([['can_read', 'Database']]);
  for (const who of [admin, all, db]) {
    expect(canAccessDatabase(who, sales)).toBe(true);
    expect(canAccessSchema(who, sales, null, 'public')).toBe(true);
    expect(canAccessDataset(who, orders, sales)).toBe(true);
  }
  expect(canAccessDatabase(schema, sales)).toBe(false);
  expect(canAccessSchema(schema, sales, null, 'public')).toBe(true);
  expect(canAccessSchema(schema, sales, null, 'private')).toBe(false);
  expect(canAccessDataset(schema, orders, sales)).toBe(true);
  expect(canAccessDataset(schema, { ...orders, schema: 'private' }, sales)).toBe(false);
  expect(canAccessSchema(dataset, sales, null, 'public')).toBe(false);
  expect(canAccessDataset(dataset, orders, sales)).toBe(true);
  expect(canAccessDataset(dataset, { ...orders, id: 8 }, sales)).toBe(false);
  expect(canAccessDataset(none, orders, sales)).toBe(false);
  // Another database of a similar name is not covered.
  expect(canAccessDatabase(db, { id: 2, database_name: 'sales' })).toBe(false);
  // Catalog-qualified schema pairs.
  const catalogSchema = principal([['schema_access', '[sales].[hive].[public]']]);
  expect(canAccessSchema(catalogSchema, sales, 'hive', 'public')).toBe(true);
  expect(canAccessSchema(catalogSchema, sales, 'iceberg', 'public')).toBe(false);
});

const addDatabase = (t: TestApp, name: string) => insertDatabase(t, { name, uri: 'duckdb:///:memory:' });

describeEachMetastore('data access pairs', (harness) => {
  const views = async () =>
    (
      await harness()
        .ctx.metastore.db.selectFrom('view_menus as v')
        .innerJoin('permission_views as pv', 'pv.view_menu_id', 'v.id')
        .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
        .select(['p.name as permission', 'v.name as view'])
        .where('p.name', 'in', ['database_access', 'schema_access', 'datasource_access'])
        .orderBy('v.name')
        .execute()
    ).map((row) => `${row.permission} ${row.view}`);

  it('creates, renames and removes the pairs of databases and datasets', async () => {
    const t = harness();
    const db = t.ctx.metastore.db;
    const id = await addDatabase(t, 'shop');
    await createDatabasePermissions(db, { id, database_name: 'shop' }, [{ catalog: null, schema: 'public' }]);
    const datasetId = await insertDataset(t, id, 'orders', 'public');
    await ensureDatasetPermission(db, { id: datasetId, table_name: 'orders', schema: 'public' }, 'shop');
    expect(await views()).toEqual([
      `database_access [shop].(id:${id})`,
      `datasource_access [shop].[orders](id:${datasetId})`,
      'schema_access [shop].[public]',
    ]);

    // Renaming the table renames its pair (grants follow); renaming the database renames all.
    await ensureDatasetPermission(db, { id: datasetId, table_name: 'orders_v2', schema: 'public' }, 'shop');
    await db
      .transaction()
      .execute((trx) => renameDatabasePermissions(trx, { id, database_name: 'store' }, 'shop'));
    expect(await views()).toEqual([
      `database_access [store].(id:${id})`,
      `datasource_access [store].[orders_v2](id:${datasetId})`,
      'schema_access [store].[public]',
    ]);

    await removeDatasetPermission(db, datasetId);
    expect(await views()).toEqual([`database_access [store].(id:${id})`, 'schema_access [store].[public]']);
    await db.deleteFrom('datasets').where('id', '=', datasetId).execute();
    await removeDatabasePermissions(db, { id, database_name: 'store' });
    expect(await views()).toEqual([]);
    await db.deleteFrom('databases').where('id', '=', id).execute();
  });

  it('finds the databases and datasets a principal can see, on both metastores', async () => {
    const t = harness();
    const db = t.ctx.metastore.db;
    const a = await addDatabase(t, 'alpha_db');
    const b = await addDatabase(t, 'beta_db');
    const c = await addDatabase(t, 'gamma_db');
    const inA = await insertDataset(t, a, 'in_a', 'public');
    const inB = await insertDataset(t, b, 'in_b', 'public');
    const inBOther = await insertDataset(t, b, 'in_b_other', 'other');
    const inC = await insertDataset(t, c, 'in_c', 'sales');

    expect(await accessibleDatabaseIds(db, principal([], true))).toBeNull();
    expect(await accessibleDatabaseIds(db, principal([]))).toEqual([]);
    const who = principal([
      ['database_access', `[alpha_db].(id:${a})`],
      ['schema_access', '[beta_db].[public]'],
      ['datasource_access', `[gamma_db].[in_c](id:${inC})`],
    ]);
    expect(await accessibleDatabaseIds(db, who)).toEqual([a, b, c].sort((x, y) => x - y));

    const filter = await datasetAccessFilter(db, who);
    const visible = (
      await db
        .selectFrom('datasets as ds')
        .select('ds.id')
        .where(datasetAccessCondition(filter, 'ds'))
        .orderBy('ds.id')
        .execute()
    ).map((row) => row.id);
    expect(visible).toEqual([inA, inB, inC]);
    expect(visible).not.toContain(inBOther);
    const nobody = await datasetAccessFilter(db, principal([]));
    expect(
      await db
        .selectFrom('datasets as ds')
        .select(sql<number>`count(*)`.as('n'))
        .where(datasetAccessCondition(nobody, 'ds'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 0 });

    const scope = await databaseScope(db, who, { id: b, database_name: 'beta_db' });
    expect(scopeShowsSchema(scope, null, 'public')).toBe(true);
    expect(scopeShowsSchema(scope, null, 'other')).toBe(false);
    expect(scopeShowsTable(scope, null, 'public', 'anything')).toBe(true);
    const scopeC = await databaseScope(db, who, { id: c, database_name: 'gamma_db' });
    expect(scopeShowsSchema(scopeC, null, 'sales')).toBe(true);
    expect(scopeShowsTable(scopeC, null, 'sales', 'in_c')).toBe(true);
    expect(scopeShowsTable(scopeC, null, 'sales', 'other_table')).toBe(false);
  });
});
