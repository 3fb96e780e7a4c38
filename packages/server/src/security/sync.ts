import type { PermissionPair } from '@vitrina/common';
import type { Kysely, Transaction } from 'kysely';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { BUILT_IN_ROLES, PERMISSION_CATALOG, pairsOfRole } from './catalog.ts';

type Db = Transaction<MetastoreSchema>;

const pairKey = (permissionId: number, viewId: number): string => `${permissionId}|${viewId}`;

/**
 * Writes the permission catalogue and the built-in roles to the metastore: inserts missing permissions,
 * views and pairs, creates missing built-in roles and sets their descriptions and pairs to the
 * catalogue's. Custom roles and pairs outside the catalogue (per-object ones) are left alone.
 * Runs at every start: when nothing changed it only reads. Inserts use ON CONFLICT DO NOTHING so two
 * servers starting at once on one PostgreSQL do not fail on each other's rows.
 */
export async function syncSecurity(db: Kysely<MetastoreSchema>): Promise<void> {
  try {
    await syncOnce(db);
  } catch {
    // Two processes writing the catalogue at once can still collide (SQLite refusing a lock upgrade,
    // a PostgreSQL deadlock); the loser's transaction rolled back, and a second pass finds the rows in place.
    await syncOnce(db);
  }
}

async function syncOnce(db: Kysely<MetastoreSchema>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const permissionIds = await ensureNames(
      trx,
      'permissions',
      PERMISSION_CATALOG.map(([permission]) => permission),
    );
    const viewIds = await ensureNames(
      trx,
      'view_menus',
      PERMISSION_CATALOG.map(([, view]) => view),
    );
    const pairIds = await ensurePairs(trx, permissionIds, viewIds);
    const roleIds = await ensureBuiltInRoles(trx);
    for (const role of BUILT_IN_ROLES) {
      const roleId = roleIds.get(role.name)!;
      const wanted = pairsOfRole(role).map(([permission, view]) =>
        idOfPair(pairIds, permissionIds, viewIds, permission, view),
      );
      await setRolePairs(trx, roleId, wanted);
    }
  });
}

/** Name → id for every name, inserting the missing ones. */
async function ensureNames(
  trx: Db,
  table: 'permissions' | 'view_menus',
  names: readonly string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(names)].sort();
  const read = async () =>
    new Map((await trx.selectFrom(table).select(['id', 'name']).execute()).map((row) => [row.name, row.id]));
  const existing = await read();
  const missing = wanted.filter((name) => !existing.has(name));
  if (missing.length === 0) return existing;
  await trx
    .insertInto(table)
    .values(missing.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return read();
}

/** `permissionId|viewId` → pair id for every catalogue pair, inserting the missing ones. */
async function ensurePairs(
  trx: Db,
  permissionIds: Map<string, number>,
  viewIds: Map<string, number>,
): Promise<Map<string, number>> {
  const read = async () =>
    new Map(
      (
        await trx.selectFrom('permission_views').select(['id', 'permission_id', 'view_menu_id']).execute()
      ).map((row) => [pairKey(row.permission_id, row.view_menu_id), row.id]),
    );
  const existing = await read();
  const missing = PERMISSION_CATALOG.map(([permission, view]) => ({
    permission_id: permissionIds.get(permission)!,
    view_menu_id: viewIds.get(view)!,
  })).filter((pair) => !existing.has(pairKey(pair.permission_id, pair.view_menu_id)));
  if (missing.length === 0) return existing;
  await trx
    .insertInto('permission_views')
    .values(missing)
    .onConflict((conflict) => conflict.columns(['permission_id', 'view_menu_id']).doNothing())
    .execute();
  return read();
}

function idOfPair(
  pairIds: Map<string, number>,
  permissionIds: Map<string, number>,
  viewIds: Map<string, number>,
  permission: PermissionPair[0],
  view: PermissionPair[1],
): number {
  return pairIds.get(pairKey(permissionIds.get(permission)!, viewIds.get(view)!))!;
}

/** Built-in role name → id, creating missing roles and restoring changed descriptions. */
async function ensureBuiltInRoles(trx: Db): Promise<Map<string, number>> {
  const names = BUILT_IN_ROLES.map((role) => role.name);
  const read = () =>
    trx.selectFrom('roles').select(['id', 'name', 'description']).where('name', 'in', names).execute();
  let rows = await read();
  const missing = BUILT_IN_ROLES.filter((role) => !rows.some((row) => row.name === role.name));
  if (missing.length > 0) {
    await trx
      .insertInto('roles')
      .values(missing.map((role) => ({ name: role.name, description: role.description })))
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    rows = await read();
  }
  for (const role of BUILT_IN_ROLES) {
    const row = rows.find((candidate) => candidate.name === role.name);
    if (row && row.description !== role.description) {
      await trx
        .updateTable('roles')
        .set({ description: role.description })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function setRolePairs(trx: Db, roleId: number, wanted: readonly number[]): Promise<void> {
  const held = new Set(
    (
      await trx
        .selectFrom('role_permission_views')
        .select('permission_view_id')
        .where('role_id', '=', roleId)
        .execute()
    ).map((row) => row.permission_view_id),
  );
  const wantedSet = new Set(wanted);
  const extra = [...held].filter((id) => !wantedSet.has(id));
  const missing = [...wantedSet].filter((id) => !held.has(id)).sort((a, b) => a - b);
  if (extra.length > 0) {
    await trx
      .deleteFrom('role_permission_views')
      .where('role_id', '=', roleId)
      .where('permission_view_id', 'in', extra)
      .execute();
  }
  if (missing.length > 0) {
    await trx
      .insertInto('role_permission_views')
      .values(missing.map((id) => ({ role_id: roleId, permission_view_id: id })))
      .onConflict((conflict) => conflict.columns(['role_id', 'permission_view_id']).doNothing())
      .execute();
  }
}
