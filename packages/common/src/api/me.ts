/** The contract of the current user: `/api/v1/me/` (profile and settings) and `/api/v1/me/roles/`. */
import { type Static, Type } from 'typebox';

const Language = Type.Union([Type.Literal('en'), Type.Literal('ru')]);

/** `GET /api/v1/me/` → `{ result: CurrentUser }`. */
export const CurrentUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  is_active: Type.Boolean(),
  is_anonymous: Type.Literal(false),
  preferred_language: Language,
});
export type CurrentUser = Static<typeof CurrentUser>;

/** `GET /api/v1/me/` and `PUT /api/v1/me/`: the caller as they are (after the change). */
export const CurrentUserResponse = Type.Object({ result: CurrentUser });
export type CurrentUserResponse = Static<typeof CurrentUserResponse>;

/** `GET /api/v1/me/roles/` → `{ result: CurrentUserWithRoles }`: role name → its (permission, view) pairs. */
export const CurrentUserWithRoles = Type.Intersect([
  CurrentUser,
  Type.Object({
    roles: Type.Record(Type.String(), Type.Array(Type.Tuple([Type.String(), Type.String()]))),
  }),
]);
export type CurrentUserWithRoles = Static<typeof CurrentUserWithRoles>;

export const CurrentUserRolesResponse = Type.Object({ result: CurrentUserWithRoles });
export type CurrentUserRolesResponse = Static<typeof CurrentUserRolesResponse>;

/** `PUT /api/v1/me/` body: what users may change about themselves. */
export const UpdateMeRequest = Type.Object(
  {
    first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    preferred_language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type UpdateMeRequest = Static<typeof UpdateMeRequest>;
