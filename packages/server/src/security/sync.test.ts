import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Metastore } from '../platform/metastore/index.ts';
import { describeEachMetastore } from '../testing/testApp.ts';
import { BUILT_IN_ROLES, PERMISSION_CATALOG, pairsOfRole } from './catalog.ts';
import { syncSecurity } from './sync.ts';

/** Role name → its pairs as `permission|view`, sorted. */
async function rolePairs(metastore: Metastore): Promise<Record<string, string[]>> {
  const rows = await metastore.db
    .selectFrom('roles as r')
    .leftJoin('role_permission_views as rpv', 'rpv.role_id', 'r.id')
    .leftJoin('permission_views as pv', 'pv.id', 'rpv.permission_view_id')
    .leftJoin('permissions as p', 'p.id', 'pv.permission_id')
    .leftJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
    .select(['r.name as role', 'p.name as permission', 'v.name as view'])
    .execute();
  const result: Record<string, string[]> = {};
  for (const row of rows) {
    result[row.role] ??= [];
    if (row.permission) result[row.role]!.push(`${row.permission}|${row.view}`);
  }
  for (const pairs of Object.values(result)) pairs.sort();
  return result;
}

async function counts(metastore: Metastore) {
  const count = async (
    table: 'permissions' | 'view_menus' | 'permission_views' | 'roles' | 'role_permission_views',
  ) =>
    Number(
      (await metastore.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow())
        .n,
    );
  return {
    permissions: await count('permissions'),
    views: await count('view_menus'),
    pairs: await count('permission_views'),
    roles: await count('roles'),
    links: await count('role_permission_views'),
  };
}

const expectedPairs = (name: string) =>
  pairsOfRole(BUILT_IN_ROLES.find((role) => role.name === name)!)
    .map(([p, v]) => `${p}|${v}`)
    .sort();

describeEachMetastore('syncSecurity', (harness) => {
  it('has written the catalogue and every built-in role at start', async () => {
    const { metastore } = harness().ctx;
    expect((await counts(metastore)).pairs).toBe(PERMISSION_CATALOG.length);
    const pairs = await rolePairs(metastore);
    for (const role of BUILT_IN_ROLES) expect(pairs[role.name], role.name).toEqual(expectedPairs(role.name));
    const descriptions = await metastore.db.selectFrom('roles').select(['name', 'description']).execute();
    expect(descriptions).toContainEqual({
      name: 'Vizualize data',
      description: 'Create dashboards and charts.',
    });
  });

  it('changes nothing when run again', async () => {
    const { metastore } = harness().ctx;
    const before = await counts(metastore);
    await syncSecurity(metastore.db);
    await syncSecurity(metastore.db);
    expect(await counts(metastore)).toEqual(before);
  });

  it('survives servers starting at the same time', async () => {
    const { metastore } = harness().ctx;
    await metastore.db.deleteFrom('roles').where('name', '=', 'readonly').execute();
    await metastore.db.deleteFrom('view_menus').where('name', '=', 'Dashboard').execute();
    await Promise.all([syncSecurity(metastore.db), syncSecurity(metastore.db), syncSecurity(metastore.db)]);
    const pairs = await rolePairs(metastore);
    expect(pairs.readonly).toEqual(expectedPairs('readonly'));
    expect(pairs.Admin).toEqual(expectedPairs('Admin'));
  });

  it('resets built-in roles and leaves custom roles alone', async () => {
    const { metastore } = harness().ctx;
    const { db } = metastore;
    const gamma = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Gamma')
      .executeTakeFirstOrThrow();
    const adminOnly = await db
      .selectFrom('permission_views as pv')
      .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
      .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
      .select('pv.id')
      .where('p.name', '=', 'can_write')
      .where('v.name', '=', 'User')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permission_views')
      .values({ role_id: gamma.id, permission_view_id: adminOnly.id })
      .execute();
    await db
      .deleteFrom('role_permission_views')
      .where('role_id', '=', gamma.id)
      .where('permission_view_id', '!=', adminOnly.id)
      .execute();
    await db.updateTable('roles').set({ description: 'edited' }).where('id', '=', gamma.id).execute();
    const custom = await db
      .insertInto('roles')
      .values({ name: 'Finance', description: 'custom' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permission_views')
      .values({ role_id: custom.id, permission_view_id: adminOnly.id })
      .execute();

    await syncSecurity(db);

    const pairs = await rolePairs(metastore);
    expect(pairs.Gamma).toEqual(expectedPairs('Gamma'));
    expect(pairs.Finance).toEqual(['can_write|User']);
    const description = await db
      .selectFrom('roles')
      .select('description')
      .where('id', '=', gamma.id)
      .executeTakeFirstOrThrow();
    expect(description.description).toBe(BUILT_IN_ROLES.find((role) => role.name === 'Gamma')!.description);
  });

  it('keeps pairs that are not in the catalogue, such as per-object access', async () => {
    const { db } = harness().ctx.metastore;
    const permission = await db
      .insertInto('permissions')
      .values({ name: 'datasource_access' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const view = await db
      .insertInto('view_menus')
      .values({ name: '[examples].[sales](id:1)' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('permission_views')
      .values({ permission_id: permission.id, view_menu_id: view.id })
      .execute();
    await syncSecurity(db);
    const kept = await db
      .selectFrom('permission_views')
      .select('id')
      .where('view_menu_id', '=', view.id)
      .execute();
    expect(kept).toHaveLength(1);
  });
});
