/** The onboarding, teams and requests API's answers, as the web app reads them. */

export interface OnboardingInfo {
  id: number;
  is_onboarding_finished: boolean;
  onboarding_started_time: string | null;
  first_name: string;
  last_name: string;
  email: string;
  dodo_role: string | null;
  preferred_language: string;
  /** The modal opens without being asked: a self-made account or one without roles, not yet onboarded. */
  open_by_itself: boolean;
}

export interface NamedRef {
  id: number;
  name: string;
}

export interface TeamListItem {
  id: number;
  name: string;
  slug: string;
  is_external: boolean;
  roles: NamedRef[];
  member_count: number;
}

export interface TeamMember {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  created_on: string;
  last_login: string | null;
  login_count: number;
}

export interface TeamDetail extends Omit<TeamListItem, 'member_count'> {
  participants: TeamMember[];
}

export type StatementState = 'open' | 'approved' | 'declined';

export interface StatementPerson {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export interface StatementListItem {
  id: number;
  user: StatementPerson;
  team: string;
  team_slug: string;
  is_new_team: boolean;
  is_external: boolean;
  request_roles: NamedRef[];
  state: StatementState;
  finished: boolean;
  decision_comment: string | null;
  created_datetime: string;
  last_changed_datetime: string;
}

export interface StatementDetail extends StatementListItem {
  requester: StatementPerson & {
    username: string;
    dodo_role: string | null;
    preferred_language: string;
    roles: NamedRef[];
    team: { id: number; name: string; slug: string } | null;
  };
  decided_by: StatementPerson | null;
  decided_on: string | null;
  /** The team the request's slug names, when one exists. */
  existing_team: TeamListItem | null;
}
