import type { PermissionPair } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import type { GuestRlsRule, GuestUser } from './guestToken.ts';

/** The authenticated caller with everything an access check needs, loaded once per request. */
export interface Principal {
  id: number;
  username: string;
  roles: string[];
  /** Keys `permission|view`. */
  permissions: ReadonlySet<string>;
  /** A role named admin, in any case, passes every check. */
  isAdmin: boolean;
  /**
   * Set for the holder of an embedded dashboard's guest token (security/guestPrincipal.ts): no user
   * row (id 0), and nothing beyond the token's dashboards, their charts and their datasets.
   */
  guest?: GuestScope;
}

/** What a guest token reaches, resolved once per request. */
export interface GuestScope {
  user: GuestUser;
  /** The token's row-level security, ANDed into every query of the datasets it names (or all). */
  rls: readonly GuestRlsRule[];
  dashboardIds: ReadonlySet<number>;
  chartIds: ReadonlySet<number>;
  datasetIds: ReadonlySet<number>;
  /** The token itself, so work done later on the guest's behalf (an async query) acts as the guest. */
  token: string;
}

export function permissionKey(permission: string, view: string): string {
  return `${permission}|${view}`;
}

export function hasPermission(principal: Principal, permission: string, view: string): boolean {
  return principal.isAdmin || principal.permissions.has(permissionKey(permission, view));
}

/** The pairs of one role, by name (the guest role's). */
export async function rolePermissions(db: Kysely<MetastoreSchema>, roleName: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('roles as r')
    .innerJoin('role_permission_views as rpv', 'rpv.role_id', 'r.id')
    .innerJoin('permission_views as pv', 'pv.id', 'rpv.permission_view_id')
    .innerJoin('permissions as p', 'p.id', 'pv.permission_id')
    .innerJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
    .select(['p.name as permission', 'v.name as view'])
    .where('r.name', '=', roleName)
    .execute();
  return new Set(rows.map((row) => permissionKey(row.permission, row.view)));
}

/** Each of the user's roles with each of its pairs (a role without pairs has one row of nulls). */
function rolePermissionRows(db: Kysely<MetastoreSchema>, userId: number) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .leftJoin('role_permission_views as rpv', 'rpv.role_id', 'r.id')
    .leftJoin('permission_views as pv', 'pv.id', 'rpv.permission_view_id')
    .leftJoin('permissions as p', 'p.id', 'pv.permission_id')
    .leftJoin('view_menus as v', 'v.id', 'pv.view_menu_id')
    .select(['r.name as role', 'p.name as permission', 'v.name as view'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.name')
    .orderBy('v.name')
    .orderBy('p.name')
    .execute();
}

/** Loads an active user's roles and permission pairs; null when the user is missing or inactive. */
export async function loadPrincipal(db: Kysely<MetastoreSchema>, userId: number): Promise<Principal | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'active'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.active) return null;
  const rows = await rolePermissionRows(db, userId);
  const roles = [...new Set(rows.map((r) => r.role))];
  const permissions = new Set<string>();
  for (const row of rows) {
    if (row.permission && row.view) permissions.add(permissionKey(row.permission, row.view));
  }
  return {
    id: user.id,
    username: user.username,
    roles,
    permissions,
    isAdmin: roles.some((name) => name.toLowerCase() === 'admin'),
  };
}

/** Role name → its pairs, as `GET /api/v1/me/roles/` answers. */
export async function rolePermissionPairs(
  db: Kysely<MetastoreSchema>,
  userId: number,
): Promise<Record<string, PermissionPair[]>> {
  const rows = await rolePermissionRows(db, userId);
  const result: Record<string, PermissionPair[]> = {};
  for (const row of rows) {
    const pairs = result[row.role] ?? [];
    result[row.role] = pairs;
    if (row.permission && row.view) pairs.push([row.permission, row.view]);
  }
  return result;
}
