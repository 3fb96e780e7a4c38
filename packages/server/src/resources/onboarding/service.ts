import { DODO_ROLE_MESSAGES, dodoRoleProblem, type MyTeam, type OnboardingInfo } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotAuthorizedError, UnprocessableError } from '../../http/errors.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { teamOfUser } from '../teams/repo.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * The caller's onboarding record, created on the first call so it is never empty. `open_by_itself`: the
 * modal opens without being asked, for someone who made their own account or holds no role at all, until
 * they finish it.
 */
export async function getOnboarding(db: Db, userId: number): Promise<OnboardingInfo> {
  await repo.ensureUserInfo(db, userId);
  const row = await repo.onboardingOf(db, userId);
  if (!row) throw new NotAuthorizedError();
  const { registered_by_self, ...info } = row;
  const finished = row.is_onboarding_finished === 1;
  const newcomer = registered_by_self === 1 || !(await repo.hasAnyRole(db, userId));
  return { ...info, is_onboarding_finished: finished, open_by_itself: !finished && newcomer };
}

/** Step 1: the role in Dodo Brands, checked with the form's rules; starts onboarding. */
export async function saveDodoRole(db: Db, userId: number, value: string) {
  const problem = dodoRoleProblem(value);
  if (problem) throw new UnprocessableError({ dodo_role: [DODO_ROLE_MESSAGES[problem]] });
  await repo.saveDodoRole(db, userId, value.trim(), nowIso());
  const info = await getOnboarding(db, userId);
  return { dodo_role: info.dodo_role, onboarding_started_time: info.onboarding_started_time };
}

/** `GET /api/v1/me/team`: who the caller is and the name of their team, if any. */
export async function myTeam(db: Db, userId: number): Promise<MyTeam> {
  const user = await repo.userCard(db, userId);
  if (!user) throw new NotAuthorizedError();
  const team = await teamOfUser(db, userId);
  return { ...user, team: team?.name ?? null, team_slug: team?.slug ?? null };
}
