import { Type } from 'typebox';
import { NamedRef, TeamListItem } from '../teams/schemas.ts';

const Person = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
});
const State = Type.Union([Type.Literal('open'), Type.Literal('approved'), Type.Literal('declined')]);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const statementProperties = {
  id: Type.Integer(),
  user: Person,
  team: Type.String(),
  team_slug: Type.String(),
  is_new_team: Type.Boolean(),
  is_external: Type.Boolean(),
  request_roles: Type.Array(NamedRef),
  state: State,
  finished: Type.Boolean(),
  decision_comment: Nullable(Type.String()),
  created_datetime: Type.String(),
  last_changed_datetime: Type.String(),
};

export const StatementListItem = Type.Partial(
  Type.Object({ ...statementProperties, request_roles: Type.Array(Type.Partial(NamedRef)) }),
);

export const Statement = Type.Object(statementProperties);

export const StatementDetail = Type.Object({
  ...statementProperties,
  requester: Type.Object({
    ...Person.properties,
    username: Type.String(),
    dodo_role: Nullable(Type.String()),
    preferred_language: Type.String(),
    roles: Type.Array(NamedRef),
    team: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() })),
  }),
  decided_by: Nullable(Person),
  decided_on: Nullable(Type.String()),
  existing_team: Nullable(Type.Required(TeamListItem)),
});

export const StatementItem = Type.Object({ id: Type.Integer(), result: StatementDetail });

export const NewStatementBody = Type.Object(
  {
    is_new_team: Type.Boolean(),
    is_external: Type.Boolean(),
    team: Type.String({ maxLength: 256 }),
    team_slug: Type.String({ maxLength: 256 }),
    request_roles: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10 }),
  },
  { additionalProperties: false },
);

export const DecisionBody = Type.Object(
  {
    is_approved: Type.Boolean(),
    team_slug: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    team: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    decision_comment: Type.Optional(Type.String({ maxLength: 2000 })),
    // The Dodo admin screen sends the team's roles; the requested roles and the team's are what count.
    request_roles: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
