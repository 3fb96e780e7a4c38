import { Type } from 'typebox';

export const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const TeamListItem = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    is_external: Type.Boolean(),
    roles: Type.Array(Type.Partial(NamedRef)),
    member_count: Type.Integer(),
  }),
);

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

export const TeamDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  is_external: Type.Boolean(),
  roles: Type.Array(NamedRef),
  participants: Type.Array(TeamMember),
});

export const TeamItem = Type.Object({ id: Type.Integer(), result: TeamDetail });

export const MemberCandidate = Type.Partial(
  Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    teams: Type.Array(Type.Partial(NamedRef)),
  }),
);

const RoleNames = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10 });
/** The Dodo admin screen sends is_external as a boolean or as 0/1. */
const ExternalFlag = Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)]);

export const NewTeamBody = Type.Object(
  {
    name: Type.String({ maxLength: 256 }),
    slug: Type.String({ maxLength: 256 }),
    is_external: ExternalFlag,
    roles: RoleNames,
  },
  { additionalProperties: false },
);

export const TeamChangesBody = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 256 })), roles: Type.Optional(RoleNames) },
  { additionalProperties: false },
);

export const MembershipBody = Type.Object(
  { team_id: Type.Integer(), user_id: Type.Integer() },
  { additionalProperties: false },
);
