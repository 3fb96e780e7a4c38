import type { StatementRequest } from '../api/onboarding.ts';
import { isRequestableRole, roleAllowedFor } from './roles.ts';
import { TEAM_NAME_MESSAGES, teamNameAndSlugProblem } from './teamName.ts';

/** The existing team a request names by its slug, as far as the rules need it. */
export interface KnownTeam {
  name: string;
  slug: string;
  is_external: boolean;
}

/** Field → messages, the shape of a 422 body's `message`. */
export type FieldProblems = Record<string, string[]>;

export const STATEMENT_MESSAGES = {
  noRoles: 'Choose at least one role',
  unknownRoles: (names: string[]) => `Unknown roles: ${names.join(', ')}`,
  createDataForFranchisee: 'Franchisees cannot request the role Create data',
  newTeamExists: (slug: string) => `A team with the slug '${slug}' already exists; choose it instead`,
  teamNotFound: (slug: string) => `No team has the slug '${slug}'`,
  teamMismatch: 'The team name and origin must be those of the existing team',
  openRequestExists: 'You already have an open request; wait for an administrator to process it',
  stepOneFirst: 'Tell us about yourself first: save step 1 of onboarding',
} as const;

/**
 * Every problem with a request, given the team its slug names (undefined when none does). Open requests
 * of the same person are checked by the caller, which knows them.
 */
export function statementProblems(request: StatementRequest, existing: KnownTeam | undefined): FieldProblems {
  const problems: FieldProblems = {};
  const add = (field: string, message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  const roles = [...new Set(request.request_roles)];
  if (roles.length === 0) add('request_roles', STATEMENT_MESSAGES.noRoles);
  const unknown = roles.filter((role) => !isRequestableRole(role));
  if (unknown.length > 0) add('request_roles', STATEMENT_MESSAGES.unknownRoles(unknown));
  if (roles.some((role) => isRequestableRole(role) && !roleAllowedFor(role, request.is_external))) {
    add('request_roles', STATEMENT_MESSAGES.createDataForFranchisee);
  }
  if (request.is_new_team) {
    const formatProblem = teamNameAndSlugProblem(request.team, request.team_slug, request.is_external);
    if (formatProblem)
      add(formatProblem === 'nameFormat' ? 'team' : 'team_slug', TEAM_NAME_MESSAGES[formatProblem]);
    else if (existing) add('team_slug', STATEMENT_MESSAGES.newTeamExists(request.team_slug));
  } else if (!existing) {
    add('team_slug', STATEMENT_MESSAGES.teamNotFound(request.team_slug));
  } else if (existing.name !== request.team || existing.is_external !== request.is_external) {
    add('team', STATEMENT_MESSAGES.teamMismatch);
  }
  return problems;
}
