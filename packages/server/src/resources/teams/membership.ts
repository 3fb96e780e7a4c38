import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import * as repo from './repo.ts';

/**
 * Team membership and the roles it brings. A member holds the team's roles; leaving a team takes away
 * those the person holds through no other team. Callers run these inside a transaction.
 */

type Db = Kysely<MetastoreSchema>;

/** Adds the roles the person lacks; keeps every role they have. */
export async function grantRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(roleIds)];
  const held = await repo.heldRoleIds(db, userId, wanted);
  await repo.insertUserRoles(
    db,
    userId,
    wanted.filter((id) => !held.has(id)),
  );
}

/** Takes away the roles among `roleIds` that no other team of the person gives them. */
export async function revokeTeamRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  const stillGiven = await repo.rolesGivenByTeams(db, userId, roleIds);
  await repo.deleteUserRoles(
    db,
    userId,
    roleIds.filter((id) => !stillGiven.has(id)),
  );
}

/** Makes the person a member (if not yet) and grants the team's roles. */
export async function addMember(db: Db, teamId: number, userId: number): Promise<void> {
  if (!(await repo.isMember(db, teamId, userId))) await repo.insertMember(db, teamId, userId);
  await grantRoles(db, userId, await repo.teamRoleIds(db, teamId));
}

/** Removes the membership and the team's roles the person holds through no other team. */
export async function removeMember(db: Db, teamId: number, userId: number): Promise<void> {
  await repo.deleteMember(db, teamId, userId);
  await revokeTeamRoles(db, userId, await repo.teamRoleIds(db, teamId));
}

/** Leaves every other team (keeping the roles held) and joins this one: a person belongs to one team. */
export async function moveIntoTeam(db: Db, teamId: number, userId: number): Promise<void> {
  await repo.leaveOtherTeams(db, teamId, userId);
  await addMember(db, teamId, userId);
}

/** Applies a change of a team's roles to its members: new roles granted, dropped ones revoked. */
export async function applyTeamRoleChange(
  db: Db,
  teamId: number,
  added: readonly number[],
  removed: readonly number[],
): Promise<void> {
  for (const userId of await repo.memberIds(db, teamId)) {
    await grantRoles(db, userId, added);
    await revokeTeamRoles(db, userId, removed);
  }
}
