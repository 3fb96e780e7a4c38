import {
  acceptTypedTeamName,
  canFinishOnboarding,
  effectiveTeamChoice,
  REQUESTABLE_ROLES,
  type RequestableRole,
  roleOptionDisabled,
  type StatementRequest,
  type TeamChoice,
  type TeamListItem,
  teamDisplayName,
  teamSlug,
} from '@vitrina/common';

/** Step 2's form: the origin, the team (picked or typed) and the chosen roles. */
export interface StepTwoState {
  isExternal: boolean;
  /** What the team field shows: the typed text, or the picked team's name. */
  text: string;
  choice: TeamChoice;
  roles: RequestableRole[];
}

export type StepTwoAction =
  | { type: 'origin'; isExternal: boolean }
  | { type: 'typed'; text: string }
  | { type: 'picked'; team: TeamListItem }
  | { type: 'clearTeam' }
  | { type: 'toggleRole'; role: RequestableRole; checked: boolean };

/** Franchisee is the default origin, as in Dodo's modal. */
export const INITIAL_STEP_TWO: StepTwoState = {
  isExternal: true,
  text: '',
  choice: { kind: 'none' },
  roles: [],
};

const teamRoles = (team: TeamListItem): RequestableRole[] =>
  REQUESTABLE_ROLES.filter((role) => (team.roles ?? []).some((teamRole) => teamRole.name === role));

export function stepTwoReducer(state: StepTwoState, action: StepTwoAction): StepTwoState {
  switch (action.type) {
    case 'origin':
      // Another origin means other teams: the team, the typed text and the roles start over.
      return { ...INITIAL_STEP_TWO, isExternal: action.isExternal };
    case 'typed': {
      const accepted = acceptTypedTeamName(action.text);
      if (accepted === null) return state;
      const choice: TeamChoice = accepted === '' ? { kind: 'none' } : { kind: 'new', typed: accepted };
      // Roles picked for a new team stay while it is being typed; an existing team's roles do not.
      const roles = state.choice.kind === 'existing' ? [] : state.roles;
      return { ...state, text: accepted, choice, roles: keepAllowed(roles, state.isExternal, choice) };
    }
    case 'picked':
      return {
        ...state,
        text: action.team.name ?? '',
        choice: {
          kind: 'existing',
          name: action.team.name ?? '',
          slug: action.team.slug ?? '',
          roles: teamRoles(action.team),
        },
        roles: teamRoles(action.team),
      };
    case 'clearTeam':
      return { ...state, text: '', choice: { kind: 'none' }, roles: [] };
    case 'toggleRole': {
      if (roleOptionDisabled(action.role, state.isExternal, state.choice)) return state;
      const others = state.roles.filter((role) => role !== action.role);
      const roles = action.checked ? [...others, action.role] : others;
      return { ...state, roles: REQUESTABLE_ROLES.filter((role) => roles.includes(role)) };
    }
  }
}

/** Roles that stop being allowed (the typed name became too short) are dropped. */
function keepAllowed(roles: RequestableRole[], isExternal: boolean, choice: TeamChoice): RequestableRole[] {
  return roles.filter((role) => !roleOptionDisabled(role, isExternal, choice));
}

/** The team as the tag shows it: name and slug, or null for 'no team'. */
export function chosenTeam(state: StepTwoState): { name: string; slug: string; isNew: boolean } | null {
  const choice = effectiveTeamChoice(state.choice);
  if (choice.kind === 'existing') return { name: choice.name, slug: choice.slug, isNew: false };
  if (choice.kind === 'new') {
    return {
      name: teamDisplayName(choice.typed, state.isExternal),
      slug: teamSlug(choice.typed, state.isExternal),
      isNew: true,
    };
  }
  return null;
}

export function canFinish(state: StepTwoState): boolean {
  return canFinishOnboarding(state.choice, state.roles);
}

/** The request 'Finish onboarding' sends, or null while it is disabled. */
export function statementRequest(state: StepTwoState): StatementRequest | null {
  const team = chosenTeam(state);
  if (!team || !canFinish(state)) return null;
  return {
    is_new_team: team.isNew,
    is_external: state.isExternal,
    team: team.name,
    team_slug: team.slug,
    request_roles: [...state.roles],
  };
}
