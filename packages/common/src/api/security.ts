/** Request and response shapes of login, the current user, users and roles (Superset/FAB API). */

export type LanguageCode = 'en' | 'ru';
export const LANGUAGES: readonly LanguageCode[] = ['en', 'ru'];

/** A (permission, view) pair such as ['can_write', 'Dashboard']. */
export type PermissionPair = [permission: string, view: string];

export interface LoginRequest {
  username: string;
  password: string;
  provider: 'db';
  refresh?: boolean;
}

export interface LoginResponse {
  access_token: string;
  refresh_token?: string;
}

/** `GET /api/v1/me/` → `{ result: CurrentUser }`. */
export interface CurrentUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  is_anonymous: false;
  preferred_language: LanguageCode;
}

/** `GET /api/v1/me/roles/` → `{ result: CurrentUserWithRoles }`: role name → its pairs. */
export interface CurrentUserWithRoles extends CurrentUser {
  roles: Record<string, PermissionPair[]>;
}

/** `PUT /api/v1/me/` body: what users may change about themselves. */
export interface UpdateMeRequest {
  first_name?: string;
  last_name?: string;
  preferred_language?: LanguageCode;
}

export interface RoleRef {
  id: number;
  name: string;
}

/** A user as the users API returns it (`GET /api/v1/security/users/{id}` → `{ id, result: User }`). */
export interface User {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  preferred_language: LanguageCode;
  roles: RoleRef[];
  created_on: string;
  changed_on: string;
  last_login: string | null;
  login_count: number;
  fail_login_count: number;
}

/** `POST /api/v1/security/users/` body; `PUT` takes any subset (password sets a new one). */
export interface UserWriteRequest {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active?: boolean;
  password?: string;
  roles?: number[];
  preferred_language?: LanguageCode;
}

export interface Role {
  id: number;
  name: string;
  description: string;
  /** How many users hold the role. */
  user_count: number;
  /** Built-in roles (Admin, Alpha, Gamma, sql_lab, Public, readonly, Vizualize data, Create data) are
   * managed by Vitrina: reset at every start, so the API refuses to rename, delete or re-permission them. */
  built_in: boolean;
}

/** `POST /api/v1/security/roles/` body; `PUT` takes any subset. */
export interface RoleWriteRequest {
  name: string;
  description?: string;
}

/** A grantable (permission, view) pair with its id (`GET /api/v1/security/permissions-resources/`). */
export interface PermissionView {
  id: number;
  permission: { id: number; name: string };
  view_menu: { id: number; name: string };
}

/** `POST /api/v1/security/roles/{id}/permissions` body (replaces the role's pairs) and its answer's `result`. */
export interface RolePermissionsRequest {
  permission_view_menu_ids: number[];
}

/** `GET /api/v1/security/roles/{id}/permissions/` → `{ result: RolePermission[] }`. */
export interface RolePermission {
  id: number;
  permission_name: string;
  view_menu_name: string;
}
