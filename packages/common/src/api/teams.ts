/**
 * The contract of teams (`/api/v1/team/`): the team search of onboarding and the administrators' team
 * screens (members, create, edit, add and remove members, the people to add).
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Columns } from './shared.ts';

/** A role (or a team) named by id and name. */
export const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedRef = Static<typeof NamedRef>;

/** A team as the search lists it: names, slug, roles and a member count only. */
export const TeamListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  is_external: Type.Boolean(),
  roles: Type.Array(NamedRef),
  member_count: Type.Integer(),
});
export type TeamListItem = Static<typeof TeamListItem>;

export const TeamListResponse = listResponse(Columns(TeamListItem));

export const TeamMember = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  created_on: Type.String(),
  last_login: Type.Union([Type.String(), Type.Null()]),
  login_count: Type.Integer(),
});
export type TeamMember = Static<typeof TeamMember>;

export const TeamDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  is_external: Type.Boolean(),
  roles: Type.Array(NamedRef),
  participants: Type.Array(TeamMember),
});
export type TeamDetail = Static<typeof TeamDetail>;

/** `GET /api/v1/team/{id}` and every write's answer. */
export const TeamItemResponse = Type.Object({ id: Type.Integer(), result: TeamDetail });
export type TeamItemResponse = Static<typeof TeamItemResponse>;

/** A person to add to a team (`GET /api/v1/team/users/`), with the teams they are in. */
export const MemberCandidate = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  teams: Type.Array(NamedRef),
});
export type MemberCandidate = Static<typeof MemberCandidate>;

export const MemberCandidateListResponse = listResponse(Columns(MemberCandidate));

const RoleNames = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10 });
/** The Dodo admin screen sends is_external as a boolean or as 0/1. */
const ExternalFlag = Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)]);

/** `POST /api/v1/team/` body. */
export const NewTeamRequest = Type.Object(
  {
    name: Type.String({ maxLength: 256 }),
    slug: Type.String({ maxLength: 256 }),
    is_external: ExternalFlag,
    roles: RoleNames,
  },
  { additionalProperties: false },
);
export type NewTeamRequest = Static<typeof NewTeamRequest>;

/** `PUT /api/v1/team/{id}` body: a new name (the slug stays) and the team's roles. */
export const TeamChangesRequest = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 256 })), roles: Type.Optional(RoleNames) },
  { additionalProperties: false },
);
export type TeamChangesRequest = Static<typeof TeamChangesRequest>;

/** `POST /api/v1/team/add_user` and `/remove_user` body. */
export const MembershipRequest = Type.Object(
  { team_id: Type.Integer(), user_id: Type.Integer() },
  { additionalProperties: false },
);
export type MembershipRequest = Static<typeof MembershipRequest>;
