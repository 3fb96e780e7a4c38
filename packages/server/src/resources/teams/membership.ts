import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { teamRoleIds } from './repo.ts';

/**
 * Team membership and the roles it brings. A member holds the team's roles; leaving a team takes away
 * those the person holds through no other team. Callers run these inside a transaction.
 */

type Db = Kysely<MetastoreSchema>;

/** Adds the roles the person lacks; keeps every role they have. */
export async function grantRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length === 0) return;
  const held = new Set(
    (
      await db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', userId)
        .where('role_id', 'in', wanted)
        .execute()
    ).map((row) => row.role_id),
  );
  const missing = wanted.filter((id) => !held.has(id));
  if (missing.length > 0) {
    await db
      .insertInto('user_roles')
      .values(missing.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
  }
}

/** Takes away the roles among `roleIds` that no other team of the person gives them. */
export async function revokeTeamRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length === 0) return;
  const stillGiven = new Set(
    (
      await db
        .selectFrom('team_users as tu')
        .innerJoin('team_roles as tr', 'tr.team_id', 'tu.team_id')
        .select('tr.role_id')
        .where('tu.user_id', '=', userId)
        .where('tr.role_id', 'in', [...roleIds])
        .execute()
    ).map((row) => row.role_id),
  );
  const revoked = roleIds.filter((id) => !stillGiven.has(id));
  if (revoked.length > 0) {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', 'in', revoked).execute();
  }
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

/** Makes the person a member (if not yet) and grants the team's roles. */
export async function addMember(db: Db, teamId: number, userId: number): Promise<void> {
  if (!(await isMember(db, teamId, userId))) {
    await db.insertInto('team_users').values({ team_id: teamId, user_id: userId }).execute();
  }
  await grantRoles(db, userId, await teamRoleIds(db, teamId));
}

/** Removes the membership and the team's roles the person holds through no other team. */
export async function removeMember(db: Db, teamId: number, userId: number): Promise<void> {
  await db.deleteFrom('team_users').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
  await revokeTeamRoles(db, userId, await teamRoleIds(db, teamId));
}

/** Leaves every other team (keeping the roles held) and joins this one: a person belongs to one team. */
export async function moveIntoTeam(db: Db, teamId: number, userId: number): Promise<void> {
  await db.deleteFrom('team_users').where('user_id', '=', userId).where('team_id', '!=', teamId).execute();
  await addMember(db, teamId, userId);
}

/** Applies a change of a team's roles to its members: new roles granted, dropped ones revoked. */
export async function applyTeamRoleChange(
  db: Db,
  teamId: number,
  added: readonly number[],
  removed: readonly number[],
): Promise<void> {
  const members = await db.selectFrom('team_users').select('user_id').where('team_id', '=', teamId).execute();
  for (const { user_id } of members) {
    await grantRoles(db, user_id, added);
    await revokeTeamRoles(db, user_id, removed);
  }
}
