import type { Role, RolePermission } from '@vitrina/common';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { defineList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { BUILT_IN_ROLE_NAMES } from '../../security/catalog.ts';

/** The roles, role_permission_views and permission pair tables as the roles API needs them. */

type Db = Kysely<MetastoreSchema>;

/** Roles whose lower-cased name matches a LIKE pattern (with `\\` as its escape), by name. */
export async function rolesLike(db: Db, pattern: string): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where(sql<SqlBool>`lower(name) like ${pattern} escape ${sql.lit('\\')}`)
    .orderBy('name')
    .execute();
}

/** Role name → id for the names that exist. */
export async function roleIdsByName(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new'] as const;
const userCount = sql<number>`(select count(*) from user_roles ur where ur.role_id = r.id)`;

/** `GET /api/v1/security/roles/`. */
export const rolesList = defineList<MetastoreSchema>({
  title: 'List Roles',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      name: { operators: TEXT, type: 'text' },
      description: { operators: ['ct', 'nct'], type: 'text' },
    },
    orderColumns: ['id', 'name', 'user_count'],
    listColumns: ['id', 'name', 'description', 'user_count', 'built_in'],
    defaultOrder: { column: 'name', direction: 'asc' },
  },
  columns: {
    id: sql.ref('r.id'),
    name: sql.ref('r.name'),
    description: sql.ref('r.description'),
    user_count: userCount,
  },
  derived: {
    user_count: (row) => Number(row.user_count),
    built_in: (row) => BUILT_IN_ROLE_NAMES.has(String(row.name)),
  },
  descriptions: { built_in: 'Managed by Vitrina; reset at every start' },
});

export function rolesListBase(db: Db) {
  return db.selectFrom('roles as r');
}

export async function findRole(db: Db, id: number): Promise<Role | undefined> {
  const row = await db
    .selectFrom('roles as r')
    .select(['r.id', 'r.name', 'r.description', userCount.as('user_count')])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, user_count: Number(row.user_count), built_in: BUILT_IN_ROLE_NAMES.has(row.name) };
}

/** Another role (not `exceptId`) whose name equals `name` ignoring case: 'admin' and 'Admin' would confuse. */
export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('roles').select('id').where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Db, role: { name: string; description: string }): Promise<number> {
  return (await db.insertInto('roles').values(role).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRole(
  db: Db,
  id: number,
  changes: { name?: string; description?: string },
): Promise<void> {
  await db.updateTable('roles').set(changes).where('id', '=', id).execute();
}

/** Removes the role and its links; the caller runs this in a transaction. */
/** The users who hold the role. */
export async function holderIdsOf(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId).execute();
  return rows.map((row) => row.user_id);
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_roles').where('role_id', '=', id).execute();
  await db.deleteFrom('role_permission_views').where('role_id', '=', id).execute();
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export async function rolePermissions(db: Db, roleId: number): Promise<RolePermission[]> {
  return db
    .selectFrom('role_permission_views as rpv')
    .innerJoin('permission_views as pv', 'pv.id', 'rpv.permission_view_id')
    .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
    .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
    .select(['pv.id', 'p.name as permission_name', 'v.name as view_menu_name'])
    .where('rpv.role_id', '=', roleId)
    .orderBy('v.name')
    .orderBy('p.name')
    .execute();
}

/** The ids among `ids` that name no permission pair. */
export async function unknownPairIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom('permission_views')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => row.id),
  );
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export async function replaceRolePermissions(
  db: Db,
  roleId: number,
  pairIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('role_permission_views').where('role_id', '=', roleId).execute();
  const unique = [...new Set(pairIds)];
  if (unique.length > 0) {
    await db
      .insertInto('role_permission_views')
      .values(unique.map((id) => ({ role_id: roleId, permission_view_id: id })))
      .execute();
  }
}

/** `GET /api/v1/security/permissions-resources/`: every grantable pair (all of them by default). */
export const permissionsList = defineList<MetastoreSchema>({
  title: 'List Permissions on Views/Menus',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      permission: { operators: ['rel_o_m'], type: 'number' },
      view_menu: { operators: ['rel_o_m'], type: 'number' },
      permission_name: { operators: TEXT, type: 'text' },
      view_menu_name: { operators: TEXT, type: 'text' },
    },
    orderColumns: ['id', 'permission_name', 'view_menu_name'],
    listColumns: ['id', 'permission', 'view_menu', 'permission.name', 'view_menu.name'],
    defaultOrder: { column: 'id', direction: 'asc' },
    // A role editor needs every pair at once; there are a few hundred at most.
    defaultPageSize: 10_000,
    maxPageSize: 10_000,
  },
  columns: {
    id: sql.ref('pv.id'),
    permission_id: sql.ref('p.id'),
    permission_name: sql.ref('p.name'),
    view_menu_id: sql.ref('v.id'),
    view_menu_name: sql.ref('v.name'),
  },
  derived: {
    permission: (row) => ({ id: row.permission_id, name: row.permission_name }),
    view_menu: (row) => ({ id: row.view_menu_id, name: row.view_menu_name }),
  },
  relationFilters: {
    permission: (ids) => sql`pv.permission_id in (${sql.join(ids)})`,
    view_menu: (ids) => sql`pv.view_menu_id in (${sql.join(ids)})`,
  },
});

export function permissionsListBase(db: Db) {
  return db
    .selectFrom('permission_views as pv')
    .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
    .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id');
}
