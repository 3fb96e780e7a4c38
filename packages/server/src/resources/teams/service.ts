import {
  type ListQuery,
  type NewTeamRequest,
  TEAM_NAME_MESSAGES,
  type TeamChangesRequest,
  type TeamDetail,
  teamNameAndSlugProblem,
  teamNameProblem,
} from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import { addMember, applyTeamRoleChange, removeMember } from './membership.ts';
import * as repo from './repo.ts';
import { requestableRoleIds } from './roleNames.ts';

type Db = Kysely<MetastoreSchema>;

/** A new team, its franchisee flag a boolean (the API also takes 0/1). */
export type NewTeamInput = NewTeamRequest & { is_external: boolean };

export const slugTaken = (slug: string) => ({ slug: [`A team with the slug '${slug}' already exists`] });

export function listTeams(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.teamsListBase(db), repo.teamsList, query);
}

export function listMemberCandidates(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.memberCandidatesBase(db), repo.memberCandidatesList, query);
}

export async function getTeam(db: Db, id: number): Promise<TeamDetail> {
  const team = await repo.findTeamDetail(db, id);
  if (!team) throw new NotFoundError();
  return team;
}

/**
 * Checks a new team and writes it with `db` (the caller's transaction when part of an approval); the
 * name and slug must be what the typed name formats to, the slug unused.
 */
export async function insertNewTeam(db: Db, input: NewTeamInput, now = nowIso()): Promise<number> {
  const problem = teamNameAndSlugProblem(input.name, input.slug, input.is_external);
  if (problem) {
    throw new UnprocessableError({
      [problem === 'nameFormat' ? 'name' : 'slug']: [TEAM_NAME_MESSAGES[problem]],
    });
  }
  const roleIds = await requestableRoleIds(db, input.roles, input.is_external, 'roles');
  if (await repo.findTeamBySlug(db, input.slug)) throw new UnprocessableError(slugTaken(input.slug));
  try {
    return await repo.insertTeam(db, { ...input, roleIds }, now);
  } catch (error) {
    // Another request may take the slug between the check and the insert.
    if (uniqueViolationColumns(error)?.includes('slug')) throw new UnprocessableError(slugTaken(input.slug));
    throw error;
  }
}

export async function createTeam(db: Db, input: NewTeamInput): Promise<TeamDetail> {
  const id = await db.transaction().execute((trx) => insertNewTeam(trx, input));
  return getTeam(db, id);
}

/** Renames a team (its slug stays) and replaces its roles; members gain new roles and lose dropped ones. */
export async function updateTeam(db: Db, id: number, changes: TeamChangesRequest): Promise<TeamDetail> {
  const team = await getTeam(db, id);
  if (changes.name !== undefined && teamNameProblem(changes.name, team.is_external)) {
    throw new UnprocessableError({ name: [TEAM_NAME_MESSAGES.nameFormat] });
  }
  const roleIds =
    changes.roles === undefined
      ? undefined
      : await requestableRoleIds(db, changes.roles, team.is_external, 'roles');
  await db.transaction().execute(async (trx) => {
    await repo.updateTeam(trx, id, {
      ...(changes.name !== undefined && { name: changes.name }),
      changed_on: nowIso(),
    });
    if (roleIds === undefined) return;
    const before = team.roles.map((role) => role.id);
    await repo.replaceTeamRoles(trx, id, roleIds);
    await applyTeamRoleChange(
      trx,
      id,
      roleIds.filter((roleId) => !before.includes(roleId)),
      before.filter((roleId) => !roleIds.includes(roleId)),
    );
  });
  return getTeam(db, id);
}

async function existingMembership(db: Db, teamId: number, userId: number): Promise<void> {
  await getTeam(db, teamId);
  if (!(await repo.userExists(db, userId))) throw new UnprocessableError({ user_id: ['No such user'] });
}

export async function addUser(db: Db, teamId: number, userId: number): Promise<TeamDetail> {
  await existingMembership(db, teamId, userId);
  await db.transaction().execute((trx) => addMember(trx, teamId, userId));
  return getTeam(db, teamId);
}

export async function removeUser(db: Db, teamId: number, userId: number): Promise<TeamDetail> {
  await existingMembership(db, teamId, userId);
  if (!(await repo.isMember(db, teamId, userId))) {
    throw new UnprocessableError({ user_id: ['The user is not a member of this team'] });
  }
  await db.transaction().execute((trx) => removeMember(trx, teamId, userId));
  return getTeam(db, teamId);
}
