/**
 * The contract of onboarding: the modal's steps (`/api/v1/onboarding/`), the caller's team and requests
 * (`/api/v1/me/team`, `/api/v1/me/statements`) and the access requests administrators decide
 * (`/api/v1/statement/`).
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Nullable, WithPartialRefs } from './shared.ts';
import { NamedRef, TeamListItem } from './teams.ts';

/** The caller's onboarding record, created on the first `GET /api/v1/onboarding/`. */
export const OnboardingInfo = Type.Object({
  id: Type.Integer(),
  is_onboarding_finished: Type.Boolean(),
  onboarding_started_time: Nullable(Type.String()),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  dodo_role: Nullable(Type.String()),
  preferred_language: Type.String(),
  /** The modal opens without being asked: a self-made account or one without roles, not yet onboarded. */
  open_by_itself: Type.Boolean(),
});
export type OnboardingInfo = Static<typeof OnboardingInfo>;

export const OnboardingResponse = Type.Object({ result: OnboardingInfo });
export type OnboardingResponse = Static<typeof OnboardingResponse>;

/** `PUT /api/v1/onboarding/` body (step 1: the role in Dodo Brands) and its answer. */
export const DodoRoleRequest = Type.Object(
  { dodo_role: Type.String({ maxLength: 256 }) },
  { additionalProperties: false },
);
export type DodoRoleRequest = Static<typeof DodoRoleRequest>;
export const DodoRoleResponse = Type.Object({
  result: Type.Object({
    dodo_role: Nullable(Type.String()),
    onboarding_started_time: Nullable(Type.String()),
  }),
});
export type DodoRoleResponse = Static<typeof DodoRoleResponse>;

/** `GET /api/v1/me/team` → `{ result: MyTeam }`: the caller's team, if any. */
export const MyTeam = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  team: Nullable(Type.String()),
  team_slug: Nullable(Type.String()),
});
export type MyTeam = Static<typeof MyTeam>;
export const MyTeamResponse = Type.Object({ result: MyTeam });
export type MyTeamResponse = Static<typeof MyTeamResponse>;

export const StatementPerson = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
});
export type StatementPerson = Static<typeof StatementPerson>;

const StatementStateSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('approved'),
  Type.Literal('declined'),
]);
export type StatementState = Static<typeof StatementStateSchema>;

/** An access request as lists (and the caller's own requests) answer it. */
export const StatementListItem = Type.Object({
  id: Type.Integer(),
  user: StatementPerson,
  team: Type.String(),
  team_slug: Type.String(),
  is_new_team: Type.Boolean(),
  is_external: Type.Boolean(),
  request_roles: Type.Array(NamedRef),
  state: StatementStateSchema,
  finished: Type.Boolean(),
  decision_comment: Nullable(Type.String()),
  created_datetime: Type.String(),
  last_changed_datetime: Type.String(),
});
export type StatementListItem = Static<typeof StatementListItem>;

export const StatementListResponse = listResponse(
  Type.Partial(
    Type.Object({ ...StatementListItem.properties, request_roles: Type.Array(Type.Partial(NamedRef)) }),
  ),
);

/** `GET /api/v1/me/statements`: the caller's requests, newest first. */
export const MyStatementsResponse = Type.Object({
  result: Type.Object({ statements: Type.Array(StatementListItem) }),
});
export type MyStatementsResponse = Static<typeof MyStatementsResponse>;

export const StatementDetail = Type.Object({
  ...StatementListItem.properties,
  requester: Type.Object({
    ...StatementPerson.properties,
    username: Type.String(),
    dodo_role: Nullable(Type.String()),
    preferred_language: Type.String(),
    roles: Type.Array(NamedRef),
    team: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() })),
  }),
  decided_by: Nullable(StatementPerson),
  decided_on: Nullable(Type.String()),
  /** The team the request's slug names, when one exists (its roles as far as they are known). */
  existing_team: Nullable(WithPartialRefs(TeamListItem)),
});
export type StatementDetail = Static<typeof StatementDetail>;

export const StatementItemResponse = Type.Object({ id: Type.Integer(), result: StatementDetail });
export type StatementItemResponse = Static<typeof StatementItemResponse>;

/** What onboarding step 2 sends: `POST /api/v1/statement/`. */
export const StatementRequest = Type.Object(
  {
    is_new_team: Type.Boolean(),
    is_external: Type.Boolean(),
    team: Type.String({ maxLength: 256 }),
    team_slug: Type.String({ maxLength: 256 }),
    request_roles: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type StatementRequest = Static<typeof StatementRequest>;

/**
 * `POST /api/v1/statement/` → 201. 'approved': an existing team was joined at once, with its roles;
 * 'open': waits for an administrator.
 */
export const StatementFiled = Type.Object({
  id: Type.Integer(),
  result: Type.Object({
    is_onboarding_finished: Type.Boolean(),
    state: Type.Union([Type.Literal('open'), Type.Literal('approved')]),
  }),
});
export type StatementFiled = Static<typeof StatementFiled>;

/** `PUT /api/v1/statement/{id}` body: approve or decline an open request. */
export const StatementDecision = Type.Object(
  {
    is_approved: Type.Boolean(),
    /** The team to put the person in; the requested one when omitted. */
    team_slug: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    /** The full name of a team to create under team_slug, when it differs from the requested one. */
    team: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    decision_comment: Type.Optional(Type.String({ maxLength: 2000 })),
    // The Dodo admin screen sends the team's roles; the requested roles and the team's are what count.
    request_roles: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export type StatementDecision = Static<typeof StatementDecision>;
