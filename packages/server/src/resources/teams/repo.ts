import type { NamedRef, TeamDetail, TeamListItem, TeamMember } from '@vitrina/common';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { defineList, likePattern } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/** The teams, team_roles and team_users tables as the teams API needs them. */

type Db = Kysely<MetastoreSchema>;

const memberCount = sql<number>`(select count(*) from team_users tu where tu.team_id = t.id)`;
const contains = (column: string) => (filter: { value: unknown }) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(String(filter.value), '%', '%')} escape ${sql.lit('\\')}`;

/** Each team's roles, by team id, ordered by name. */
export async function rolesOfTeams(db: Db, teamIds: ReadonlyArray<number | string>) {
  const rows = await db
    .selectFrom('team_roles as tr')
    .innerJoin('roles as r', 'r.id', 'tr.role_id')
    .select(['tr.team_id', 'r.id', 'r.name'])
    .where('tr.team_id', 'in', teamIds.map(Number))
    .orderBy(sql`lower(r.name)`)
    .execute();
  const byTeam = new Map<number | string, NamedRef[]>();
  for (const row of rows)
    byTeam.set(row.team_id, [...(byTeam.get(row.team_id) ?? []), { id: row.id, name: row.name }]);
  return byTeam;
}

/**
 * `GET /api/v1/team/`: with FAB's operators and the Dodo ones the onboarding search sends
 * (`ct_name`, `ct_slug`, `eq_external` with 1/0, `eq_id_team`).
 */
export const teamsList = defineList<MetastoreSchema>({
  title: 'List Teams',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in', 'eq_id_team'], type: 'number' },
      name: { operators: ['ct', 'eq', 'ct_name'], type: 'text' },
      slug: { operators: ['ct', 'eq', 'ct_slug'], type: 'text' },
      is_external: { operators: ['eq', 'eq_external'], type: 'boolean' },
    },
    orderColumns: ['id', 'name', 'slug', 'is_external', 'member_count'],
    listColumns: ['id', 'name', 'slug', 'is_external', 'roles.id', 'roles.name', 'member_count'],
    defaultOrder: { column: 'id', direction: 'asc' },
    // The onboarding search asks for up to 500 teams at once.
    maxPageSize: 500,
  },
  columns: {
    id: sql.ref('t.id'),
    name: sql.ref('t.name'),
    slug: sql.ref('t.slug'),
    is_external: sql.ref('t.is_external'),
    member_count: memberCount,
  },
  flags: ['is_external'],
  relations: { roles: (db, ids) => rolesOfTeams(db, ids) },
  customOperators: {
    ct_name: contains('t.name'),
    ct_slug: contains('t.slug'),
    eq_external: (filter) => sql<SqlBool>`t.is_external = ${filter.value ? 1 : 0}`,
    eq_id_team: (filter) => sql<SqlBool>`t.id = ${Number(filter.value)}`,
  },
  derived: { member_count: (row) => Number(row.member_count) },
  labels: { is_external: 'Franchisee', member_count: 'Members' },
});

export function teamsListBase(db: Db) {
  return db.selectFrom('teams as t');
}

export async function findTeamBySlug(db: Db, slug: string): Promise<TeamListItem | undefined> {
  const row = await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirst();
  return row && findTeam(db, row.id);
}

export async function findTeam(db: Db, id: number): Promise<TeamListItem | undefined> {
  const row = await db
    .selectFrom('teams as t')
    .select(['t.id', 't.name', 't.slug', 't.is_external', memberCount.as('member_count')])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const roles = (await rolesOfTeams(db, [id])).get(id) ?? [];
  return { ...row, is_external: row.is_external === 1, roles, member_count: Number(row.member_count) };
}

export async function teamMembers(db: Db, teamId: number): Promise<TeamMember[]> {
  return db
    .selectFrom('team_users as tu')
    .innerJoin('users as u', 'u.id', 'tu.user_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.created_on',
      'u.last_login',
      'u.login_count',
    ])
    .where('tu.team_id', '=', teamId)
    .orderBy('u.id')
    .execute();
}

export async function findTeamDetail(db: Db, id: number): Promise<TeamDetail | undefined> {
  const team = await findTeam(db, id);
  if (!team) return undefined;
  const { member_count: _count, ...rest } = team;
  return { ...rest, participants: await teamMembers(db, id) };
}

export async function insertTeam(
  db: Db,
  team: { name: string; slug: string; is_external: boolean; roleIds: readonly number[] },
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('teams')
    .values({
      name: team.name,
      slug: team.slug,
      is_external: team.is_external ? 1 : 0,
      created_on: now,
      changed_on: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertTeamRoles(db, id, team.roleIds);
  return id;
}

export async function insertTeamRoles(db: Db, teamId: number, roleIds: readonly number[]): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('team_roles')
    .values(unique.map((role_id) => ({ team_id: teamId, role_id })))
    .execute();
}

export async function replaceTeamRoles(db: Db, teamId: number, roleIds: readonly number[]): Promise<void> {
  await db.deleteFrom('team_roles').where('team_id', '=', teamId).execute();
  await insertTeamRoles(db, teamId, roleIds);
}

export async function updateTeam(
  db: Db,
  id: number,
  changes: { name?: string; changed_on: string },
): Promise<void> {
  await db.updateTable('teams').set(changes).where('id', '=', id).execute();
}

export async function teamRoleIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db.selectFrom('team_roles').select('role_id').where('team_id', '=', teamId).execute();
  return rows.map((row) => row.role_id);
}

export async function teamIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('team_users').select('team_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.team_id);
}

/** The person's team (a person belongs to one; the lowest id if an administrator added more). */
export async function teamOfUser(db: Db, userId: number) {
  return db
    .selectFrom('team_users as tu')
    .innerJoin('teams as t', 't.id', 'tu.team_id')
    .select(['t.id', 't.name', 't.slug'])
    .where('tu.user_id', '=', userId)
    .orderBy('t.id')
    .executeTakeFirst();
}

/** `GET /api/v1/team/users/`: people to add to a team, found by first name, last name or email. */
export const memberCandidatesList = defineList<MetastoreSchema>({
  title: 'List Users',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      name: { operators: ['usr_name'], type: 'text' },
    },
    orderColumns: ['id', 'first_name', 'last_name', 'email'],
    listColumns: ['id', 'username', 'first_name', 'last_name', 'email', 'teams.id', 'teams.name'],
    defaultOrder: { column: 'first_name', direction: 'asc' },
  },
  columns: {
    id: sql.ref('u.id'),
    username: sql.ref('u.username'),
    first_name: sql.ref('u.first_name'),
    last_name: sql.ref('u.last_name'),
    email: sql.ref('u.email'),
  },
  relations: {
    teams: async (db, ids) => {
      const rows = await db
        .selectFrom('team_users as tu')
        .innerJoin('teams as t', 't.id', 'tu.team_id')
        .select(['tu.user_id', 't.id', 't.name'])
        .where('tu.user_id', 'in', ids.map(Number))
        .orderBy(sql`lower(t.name)`)
        .execute();
      const byUser = new Map<number | string, NamedRef[]>();
      for (const row of rows)
        byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { id: row.id, name: row.name }]);
      return byUser;
    },
  },
  customOperators: {
    usr_name: (filter) => {
      const pattern = likePattern(String(filter.value), '%', '%');
      const matches = (column: string) =>
        sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape ${sql.lit('\\')}`;
      return sql<SqlBool>`(${matches('u.first_name')} or ${matches('u.last_name')} or ${matches('u.email')} or ${matches('u.username')})`;
    },
  },
});

export function memberCandidatesBase(db: Db) {
  return db.selectFrom('users as u');
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  );
}

/** Which of `roleIds` the person holds. */
export async function heldRoleIds(db: Db, userId: number, roleIds: readonly number[]): Promise<Set<number>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('role_id', 'in', [...roleIds])
    .execute();
  return new Set(rows.map((row) => row.role_id));
}

export async function insertUserRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
    .execute();
}

export async function deleteUserRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('role_id', 'in', [...roleIds])
    .execute();
}

/** Which of `roleIds` some team of the person gives them. */
export async function rolesGivenByTeams(
  db: Db,
  userId: number,
  roleIds: readonly number[],
): Promise<Set<number>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('team_users as tu')
    .innerJoin('team_roles as tr', 'tr.team_id', 'tu.team_id')
    .select('tr.role_id')
    .where('tu.user_id', '=', userId)
    .where('tr.role_id', 'in', [...roleIds])
    .execute();
  return new Set(rows.map((row) => row.role_id));
}

export async function isMember(db: Db, teamId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_users')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMember(db: Db, teamId: number, userId: number): Promise<void> {
  await db.insertInto('team_users').values({ team_id: teamId, user_id: userId }).execute();
}

export async function deleteMember(db: Db, teamId: number, userId: number): Promise<void> {
  await db.deleteFrom('team_users').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
}

/** Ends the person's memberships of every team but this one. */
export async function leaveOtherTeams(db: Db, keptTeamId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('team_users')
    .where('user_id', '=', userId)
    .where('team_id', '!=', keptTeamId)
    .execute();
}

export async function memberIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db.selectFrom('team_users').select('user_id').where('team_id', '=', teamId).execute();
  return rows.map((row) => row.user_id);
}
