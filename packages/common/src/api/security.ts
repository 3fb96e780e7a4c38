/**
 * The contract of users and roles (Superset/FAB security API); login is in auth.ts, the current user in
 * me.ts.
 */
import { type Static, Type } from 'typebox';
import { listResponse } from './list.ts';
import { Columns } from './shared.ts';

export type { LanguageCode } from './constants/security.ts';

/** A (permission, view) pair such as ['can_write', 'Dashboard']. */
export type PermissionPair = [permission: string, view: string];

export const RoleRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type RoleRef = Static<typeof RoleRef>;

const Language = Type.Union([Type.Literal('en'), Type.Literal('ru')]);

/** A user as the users API returns it (`GET /api/v1/security/users/{id}` → `{ id, result: User }`). */
export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  active: Type.Boolean(),
  preferred_language: Language,
  roles: Type.Array(RoleRef),
  created_on: Type.String(),
  changed_on: Type.String(),
  last_login: Type.Union([Type.String(), Type.Null()]),
  login_count: Type.Integer(),
  fail_login_count: Type.Integer(),
});
export type User = Static<typeof User>;

export const UserItemResponse = Type.Object({ id: Type.Integer(), result: User });
export const UserListResponse = listResponse(Columns(User));

/**
 * `POST /api/v1/security/users/` body; `PUT` takes any subset (password sets a new one). Every field is
 * optional here: the server checks what a create requires, so a missing name is a 422 naming the field
 * as FAB answers.
 */
export const UserWriteRequest = Type.Partial(
  Type.Object({
    username: Type.String({ maxLength: 64 }),
    first_name: Type.String({ maxLength: 64 }),
    last_name: Type.String({ maxLength: 64 }),
    email: Type.String({ maxLength: 320 }),
    active: Type.Optional(Type.Boolean()),
    password: Type.Optional(Type.String({ maxLength: 1024, description: 'At least 8 characters' })),
    roles: Type.Optional(Type.Array(Type.Integer(), { description: 'Role ids; replaces the user’s roles' })),
    preferred_language: Type.Optional(Language),
  }),
  { additionalProperties: false },
);
export type UserWriteRequest = Static<typeof UserWriteRequest>;

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** How many users hold the role. */
  user_count: Type.Integer(),
  /**
   * Built-in roles (Admin, Alpha, Gamma, sql_lab, Public, readonly, Vizualize data, Create data) are
   * managed by Vitrina: reset at every start, so the API refuses to rename, delete or re-permission them.
   */
  built_in: Type.Boolean(),
});
export type Role = Static<typeof Role>;

export const RoleItemResponse = Type.Object({ id: Type.Integer(), result: Role });
export const RoleListResponse = listResponse(Type.Partial(Role));

/** `POST /api/v1/security/roles/` body; `PUT` takes any subset. */
export const RoleWriteRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 64 })),
    description: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type RoleWriteRequest = Static<typeof RoleWriteRequest>;

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A grantable (permission, view) pair with its id (`GET /api/v1/security/permissions-resources/`). */
export const PermissionView = Type.Object({ id: Type.Integer(), permission: Named, view_menu: Named });
export type PermissionView = Static<typeof PermissionView>;

export const PermissionViewListResponse = listResponse(Columns(PermissionView));

/** `POST /api/v1/security/roles/{id}/permissions` body (replaces the role's pairs) and its answer's `result`. */
export const RolePermissionsRequest = Type.Object(
  { permission_view_menu_ids: Type.Array(Type.Integer()) },
  { additionalProperties: false },
);
export type RolePermissionsRequest = Static<typeof RolePermissionsRequest>;
export const RolePermissionsResponse = Type.Object({ result: RolePermissionsRequest });

/** `GET /api/v1/security/roles/{id}/permissions/` → `{ result: RolePermission[] }`. */
export const RolePermission = Type.Object({
  id: Type.Integer(),
  permission_name: Type.String(),
  view_menu_name: Type.String(),
});
export type RolePermission = Static<typeof RolePermission>;
export const RolePermissionListResponse = Type.Object({ result: Type.Array(RolePermission) });
