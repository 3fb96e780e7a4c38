import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables of the metadata store. Times are ISO-8601 UTC strings in both SQLite and PostgreSQL
 * (stored as text), so both stores return the same values and tests compare them directly.
 * Booleans are integers 0/1 in both for the same reason.
 */
type Timestamp = string;
type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: Flag;
  password_hash: string;
  preferred_language: string;
  created_on: Timestamp;
  changed_on: Timestamp;
  last_login: Timestamp | null;
  login_count: ColumnType<number, number | undefined, number>;
  fail_login_count: ColumnType<number, number | undefined, number>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface ViewMenusTable {
  id: Generated<number>;
  name: string;
}

/** A (permission, view) pair, such as (can_write, Dashboard). */
export interface PermissionViewsTable {
  id: Generated<number>;
  permission_id: number;
  view_menu_id: number;
}

export interface RolePermissionViewsTable {
  role_id: number;
  permission_view_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

/** A connection to a data source. The password is encrypted with the secret key. */
export interface DatabasesTable {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  sqlalchemy_uri: string;
  encrypted_password: string | null;
  expose_in_sqllab: Flag;
  allow_run_async: Flag;
  allow_dml: Flag;
  allow_ctas: Flag;
  allow_cvas: Flag;
  allow_file_upload: Flag;
  cache_timeout: number | null;
  extra: string;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** Small settings the installation keeps, such as whether the example data was loaded. */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface MetastoreSchema {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  view_menus: ViewMenusTable;
  permission_views: PermissionViewsTable;
  role_permission_views: RolePermissionViewsTable;
  user_roles: UserRolesTable;
  databases: DatabasesTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type DatabaseRow = Selectable<DatabasesTable>;
export type NewDatabaseRow = Insertable<DatabasesTable>;
