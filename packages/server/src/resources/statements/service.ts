import {
  type ListQuery,
  STATEMENT_MESSAGES,
  type StatementDecision,
  type StatementDetail,
  type StatementRequest,
  statementProblems,
} from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import { markOnboardingFinished, onboardingStartedTime } from '../onboarding/repo.ts';
import { grantRoles, moveIntoTeam } from '../teams/membership.ts';
import { findTeamBySlug, teamRoleIds } from '../teams/repo.ts';
import { requestableRoleIds } from '../teams/roleNames.ts';
import { insertNewTeam } from '../teams/service.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

const ALREADY_CLOSED = 'This request is already closed';

export function listStatements(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.statementsListBase(db), repo.statementsList, query);
}

export async function getStatement(db: Db, id: number): Promise<StatementDetail> {
  const statement = await repo.findStatementDetail(db, id);
  if (!statement) throw new NotFoundError();
  return statement;
}

/**
 * Onboarding step 2, after step 1 was saved. Joining an existing team takes effect at once, as the spec
 * says ("an existing team has a fixed set of roles applied automatically"): the person is moved into it and
 * gets its roles, and the request is recorded as approved. Only a new team waits for an administrator. The
 * request, the membership and the finished onboarding are written together.
 */
export async function createStatement(
  db: Db,
  userId: number,
  request: StatementRequest,
): Promise<{ id: number; is_onboarding_finished: true; state: 'open' | 'approved' }> {
  if ((await onboardingStartedTime(db, userId)) === null) {
    throw new UnprocessableError(STATEMENT_MESSAGES.stepOneFirst);
  }
  const existing = await findTeamBySlug(db, request.team_slug);
  const problems = statementProblems(request, existing);
  if (Object.keys(problems).length > 0) throw new UnprocessableError(problems);
  const requested = await requestableRoleIds(db, request.request_roles, request.is_external, 'request_roles');
  const joining = !request.is_new_team && existing ? existing : undefined;
  // The team's roles are fixed; what the form showed for them is not what decides.
  const roleIds = joining ? await teamRoleIds(db, joining.id) : requested;
  if ((await repo.openStatementOf(db, userId)) !== undefined) {
    throw new UnprocessableError(STATEMENT_MESSAGES.openRequestExists);
  }
  const now = nowIso();
  const state = joining ? ('approved' as const) : ('open' as const);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const id = await repo.insertStatement(
        trx,
        {
          user_id: userId,
          team: request.team,
          team_slug: request.team_slug,
          is_new_team: request.is_new_team ? 1 : 0,
          is_external: request.is_external ? 1 : 0,
          state,
          decided_on: joining ? now : null,
          created_on: now,
          changed_on: now,
        },
        roleIds,
      );
      if (joining) await moveIntoTeam(trx, joining.id, userId);
      await markOnboardingFinished(trx, userId);
      return id;
    });
    return { id, is_onboarding_finished: true, state };
  } catch (error) {
    // A second submission racing the first hits the one-open-request index.
    if (uniqueViolationColumns(error) !== undefined)
      throw new UnprocessableError(STATEMENT_MESSAGES.openRequestExists);
    throw error;
  }
}

/** Approves or declines an open request; everything an approval changes happens in one transaction. */
export async function decideStatement(db: Db, deciderId: number, id: number, decision: StatementDecision) {
  const statement = await getStatement(db, id);
  if (statement.finished) throw new UnprocessableError(ALREADY_CLOSED);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (decision.is_approved) await approve(trx, statement, decision, now);
    const closed = await repo.closeOpenStatement(trx, id, {
      state: decision.is_approved ? 'approved' : 'declined',
      decision_comment: decision.decision_comment?.trim() || null,
      decided_by_fk: deciderId,
      decided_on: now,
      changed_on: now,
    });
    // Another administrator decided it meanwhile: undo this approval.
    if (!closed) throw new UnprocessableError(ALREADY_CLOSED);
  });
  return getStatement(db, id);
}

/**
 * Puts the requester in the chosen team (created first when new, from the request's origin and roles),
 * out of any other, and grants the requested roles plus the team's; their other roles stay.
 */
async function approve(
  trx: Db,
  statement: StatementDetail,
  decision: StatementDecision,
  now: string,
): Promise<void> {
  const slug = decision.team_slug ?? statement.team_slug;
  const requestedRoles = statement.request_roles.map((role) => role.name);
  const team = await findTeamBySlug(trx, slug);
  if (team && team.is_external !== statement.is_external) {
    throw new UnprocessableError({
      team_slug: [
        `The team '${slug}' is ${team.is_external ? '' : 'not '}a franchisee team, unlike the requester`,
      ],
    });
  }
  let teamId = team?.id;
  if (teamId === undefined) {
    const name = decision.team ?? (slug === statement.team_slug ? statement.team : undefined);
    if (name === undefined)
      throw new UnprocessableError({ team: [`Give the name of the new team '${slug}'`] });
    teamId = await insertNewTeam(
      trx,
      { name, slug, is_external: statement.is_external, roles: requestedRoles },
      now,
    );
  }
  await moveIntoTeam(trx, teamId, statement.user.id);
  await grantRoles(
    trx,
    statement.user.id,
    statement.request_roles.map((role) => role.id),
  );
}
