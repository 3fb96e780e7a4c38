import type { LanguageCode, RoleRef, User } from '@vitrina/common';
import { type Kysely, sql } from 'kysely';
import { defineList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema, NewUserRow, UserRow, UserUpdate } from '../../platform/metastore/schema.ts';

/** The users, user_roles and (read-only) roles tables as the users API needs them. Never reads a hash out. */

type Db = Kysely<MetastoreSchema>;

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new'] as const;

/** `GET /api/v1/security/users/`: FAB's users list, searchable and orderable as the Users screen needs. */
export const usersList = defineList<MetastoreSchema>({
  title: 'List Users',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      username: { operators: TEXT, type: 'text' },
      first_name: { operators: TEXT, type: 'text' },
      last_name: { operators: TEXT, type: 'text' },
      email: { operators: TEXT, type: 'text' },
      active: { operators: ['eq'], type: 'boolean' },
      roles: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
      changed_on: { operators: ['gt', 'lt'], type: 'datetime' },
      last_login: { operators: ['gt', 'lt', 'eq', 'neq'], type: 'datetime' },
    },
    orderColumns: [
      'id',
      'username',
      'first_name',
      'last_name',
      'email',
      'active',
      'changed_on',
      'last_login',
    ],
    listColumns: [
      'id',
      'username',
      'first_name',
      'last_name',
      'email',
      'active',
      'preferred_language',
      'roles.id',
      'roles.name',
      'created_on',
      'changed_on',
      'last_login',
      'login_count',
      'fail_login_count',
    ],
    defaultOrder: { column: 'username', direction: 'asc' },
  },
  columns: {
    id: sql.ref('u.id'),
    username: sql.ref('u.username'),
    first_name: sql.ref('u.first_name'),
    last_name: sql.ref('u.last_name'),
    email: sql.ref('u.email'),
    active: sql.ref('u.active'),
    preferred_language: sql.ref('u.preferred_language'),
    created_on: sql.ref('u.created_on'),
    changed_on: sql.ref('u.changed_on'),
    last_login: sql.ref('u.last_login'),
    login_count: sql.ref('u.login_count'),
    fail_login_count: sql.ref('u.fail_login_count'),
  },
  flags: ['active'],
  labels: { email: 'Email', 'roles.id': 'Role Id', 'roles.name': 'Role' },
  relations: {
    roles: (db, ids) => rolesByUser(db, ids.map(Number)),
  },
  relationFilters: {
    roles: (ids) =>
      sql`u.id in (select ur.user_id from user_roles ur where ur.role_id in (${sql.join(ids)}))`,
  },
});

export function usersListBase(db: Db) {
  return db.selectFrom('users as u');
}

export async function rolesByUser(db: Db, userIds: number[]): Promise<Map<number | string, RoleRef[]>> {
  const byUser = new Map<number | string, RoleRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.id', 'r.name'])
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.name')
    .execute();
  for (const row of rows) {
    const roles = byUser.get(row.user_id) ?? [];
    roles.push({ id: row.id, name: row.name });
    byUser.set(row.user_id, roles);
  }
  return byUser;
}

const USER_COLUMNS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'active',
  'preferred_language',
  'created_on',
  'changed_on',
  'last_login',
  'login_count',
  'fail_login_count',
] as const satisfies ReadonlyArray<keyof UserRow>;

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const roles = (await rolesByUser(db, [id])).get(id) ?? [];
  return {
    ...row,
    active: row.active === 1,
    preferred_language: row.preferred_language as LanguageCode,
    roles,
  };
}

/** Which of username/email another user (not `exceptId`) already has. */
export async function takenFields(
  db: Db,
  values: { username?: string; email?: string },
  exceptId?: number,
): Promise<Array<'username' | 'email'>> {
  const taken: Array<'username' | 'email'> = [];
  for (const field of ['username', 'email'] as const) {
    const value = values[field];
    if (value === undefined) continue;
    let query = db.selectFrom('users').select('id').where(field, '=', value);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) taken.push(field);
  }
  return taken;
}

/** The ids among `ids` that name no role. */
export async function unknownRoleIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom('roles')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => row.id),
  );
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export async function insertUser(db: Db, row: NewUserRow): Promise<number> {
  return (await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.role_id);
}

export async function replaceUserRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) {
    await db
      .insertInto('user_roles')
      .values(unique.map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
  }
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Removes the user and their role links; the caller runs this in a transaction. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', id).execute();
  await db.deleteFrom('users').where('id', '=', id).execute();
}
