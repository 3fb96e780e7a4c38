import { type RequestableRole, roleAllowedFor } from './roles.ts';
import { isValidNewTeamName, TEAM_SEARCH_MIN_LENGTH } from './teamName.ts';

/** Which onboarding modal step shows, if any. */
export type OnboardingStep = 'none' | 'step1' | 'step2' | 'step3';

export interface StepState {
  isOnboardingFinished: boolean;
  onboardingStartedTime: string | null;
  /** The person opened onboarding themselves (the user menu, the no-access page). */
  startedByUser: boolean;
  /**
   * The modal opens without being asked: the server says so for a newcomer (a self-made account, or one
   * without roles, not yet onboarded) and they have not closed it in this browser. Absent: false.
   */
  opensByItself?: boolean;
  /** Step 2 was submitted in this browser session, so its confirmation is due. */
  passedStepTwo: boolean;
  /** Embedded pages never show the modal. */
  embedded: boolean;
  /** Whether the person belongs to a team; undefined while unknown. */
  hasTeam?: boolean;
  /** Whether the person has a request waiting for an administrator; undefined while unknown. */
  hasOpenRequest?: boolean;
}

/**
 * The step that shows. A newcomer sees step 1 or 2 at once, anyone else once they open it. The user menu
 * offers 'Onboarding' also to someone who finished it but has no team (Dodo's modal then showed nothing):
 * they see their waiting request (step 3), or step 2 again to ask anew when no request waits, e.g. after a
 * decline.
 */
export function onboardingStep(state: StepState): OnboardingStep {
  if (state.embedded) return 'none';
  if (state.isOnboardingFinished && state.passedStepTwo) return 'step3';
  if (!state.isOnboardingFinished && (state.startedByUser || state.opensByItself)) {
    return state.onboardingStartedTime ? 'step2' : 'step1';
  }
  if (!state.startedByUser) return 'none';
  if (state.hasTeam !== false || state.hasOpenRequest === undefined) return 'none';
  return state.hasOpenRequest ? 'step3' : 'step2';
}

/** Step 2's team choice: a team picked from the search, a typed new one, or nothing yet. */
export type TeamChoice =
  | { kind: 'existing'; name: string; slug: string; roles: string[] }
  | { kind: 'new'; typed: string }
  | { kind: 'none' };

/** A typed name too short to be a team counts as no team. */
export function effectiveTeamChoice(choice: TeamChoice): TeamChoice {
  return choice.kind === 'new' && !isValidNewTeamName(choice.typed) ? { kind: 'none' } : choice;
}

/**
 * Whether a use-case checkbox is disabled: all are until a team is chosen, all are for an existing team
 * (its roles are fixed), and Create data is for the managing company only.
 */
export function roleOptionDisabled(role: RequestableRole, isExternal: boolean, choice: TeamChoice): boolean {
  const team = effectiveTeamChoice(choice);
  if (team.kind !== 'new') return true;
  return !roleAllowedFor(role, isExternal);
}

/** 'Finish onboarding' needs a team and at least one role. */
export function canFinishOnboarding(choice: TeamChoice, roles: readonly string[]): boolean {
  return effectiveTeamChoice(choice).kind !== 'none' && roles.length > 0;
}

/** The team search runs once 3 characters (surrounding spaces aside) are typed. */
export function shouldSearchTeams(text: string): boolean {
  return text.trim().length >= TEAM_SEARCH_MIN_LENGTH;
}
