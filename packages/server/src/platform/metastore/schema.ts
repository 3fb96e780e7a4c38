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
  /** Bumped to end every session and token issued before (security/sessionStore.ts). */
  session_version: ColumnType<number, number | undefined, number>;
}

/** A browser session or an API login (its access tokens and refresh-token family); see 0010_sessions. */
export interface UserSessionsTable {
  id: string;
  user_id: number;
  /** render: a screenshot's pass (security/renderPass.ts), never listed. */
  kind: 'browser' | 'api' | 'render';
  session_version: number;
  refresh_jti: string | null;
  user_agent: string | null;
  ip_address: string | null;
  created_on: Timestamp;
  last_seen_on: Timestamp;
  expires_on: Timestamp;
  revoked_on: Timestamp | null;
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
  /** 'sqlalchemy_form' (a URI was entered) or 'dynamic_form' (per-field parameters). */
  configuration_method: ColumnType<string, string | undefined, string>;
  impersonate_user: ColumnType<Flag, Flag | undefined, Flag>;
  force_ctas_schema: ColumnType<string | null, string | null | undefined, string | null>;
  is_managed_externally: ColumnType<Flag, Flag | undefined, Flag>;
  external_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A physical table (sql null) or a SQL query (virtual) that charts are built on. */
export interface DatasetsTable {
  id: Generated<number>;
  uuid: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table_name: string;
  sql: string | null;
  description: string | null;
  description_ru: string | null;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  template_params: string | null;
  extra: string;
  offset: number;
  default_endpoint: string | null;
  filter_select_enabled: Flag;
  fetch_values_predicate: string | null;
  normalize_columns: Flag;
  always_filter_main_dttm: Flag;
  is_sqllab_view: Flag;
  certified_by: string | null;
  certification_details: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DatasetColumnsTable {
  id: Generated<number>;
  uuid: string;
  dataset_id: number;
  column_name: string;
  verbose_name: string | null;
  verbose_name_ru: string | null;
  type: string | null;
  type_generic: string | null;
  /** SQL of a calculated column; null for a column of the table itself. */
  expression: string | null;
  description: string | null;
  description_ru: string | null;
  is_dttm: Flag;
  groupby: Flag;
  filterable: Flag;
  is_active: Flag;
  python_date_format: string | null;
  advanced_data_type: string | null;
  is_certified: Flag;
  certified_by: string | null;
  warning_text: string | null;
  extra: string;
  /** The driver reported it as a partition key of the table at the last sync (migration 0016). */
  is_partition_key: Generated<Flag>;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface DatasetMetricsTable {
  id: Generated<number>;
  uuid: string;
  dataset_id: number;
  metric_name: string;
  verbose_name: string | null;
  verbose_name_ru: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  description_ru: string | null;
  d3format: string | null;
  /** JSON text `{"symbol": "USD", "symbolPosition": "prefix"}` or null. */
  currency: string | null;
  warning_text: string | null;
  certified_by: string | null;
  certification_details: string | null;
  extra: string;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface DatasetOwnersTable {
  dataset_id: number;
  user_id: number;
}

/** A row-level security filter (Superset's RowLevelSecurityFilter). */
export interface RlsFiltersTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** 'Regular' (applies to the listed roles) or 'Base' (applies to everyone but the listed roles). */
  filter_type: string;
  /** Filters sharing a group key are ORed together; groups (and ungrouped filters) are ANDed. */
  group_key: string | null;
  clause: string;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface RlsFilterTablesTable {
  rls_filter_id: number;
  dataset_id: number;
}

export interface RlsFilterRolesTable {
  rls_filter_id: number;
  role_id: number;
}

/** A chart (Superset's Slice); params is the form data as JSON text. */
export interface SlicesTable {
  id: Generated<number>;
  uuid: string;
  slice_name: string;
  slice_name_ru: string | null;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  params: string;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: ColumnType<Flag, Flag | undefined, Flag>;
  external_url: string | null;
  last_saved_at: Timestamp | null;
  last_saved_by_fk: number | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface SliceOwnersTable {
  slice_id: number;
  user_id: number;
}

/** A dashboard; position_json and json_metadata are JSON text as Superset keeps them. */
export interface DashboardsTable {
  id: Generated<number>;
  uuid: string;
  dashboard_title: string;
  dashboard_title_ru: string | null;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  description: string | null;
  published: Flag;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: ColumnType<Flag, Flag | undefined, Flag>;
  external_url: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DashboardSlicesTable {
  dashboard_id: number;
  slice_id: number;
}

export interface DashboardOwnersTable {
  dashboard_id: number;
  user_id: number;
}

export interface DashboardRolesTable {
  dashboard_id: number;
  role_id: number;
}

/** A user's favourite: class_name 'slice' or 'Dashboard' (Superset's favstar). */
export interface FavouritesTable {
  user_id: number;
  class_name: string;
  obj_id: number;
  created_on: Timestamp;
}

/** Opaque key → JSON value of a resource kind ('explore_permalink', 'dashboard_permalink', …). */
export interface KeyValueTable {
  key: string;
  resource: string;
  value: string;
  created_on: Timestamp;
  created_by_fk: number | null;
  expires_on: Timestamp | null;
}

/** One SQL Lab run; times are epoch milliseconds as Superset's Query.to_dict answers them. */
export interface QueriesTable {
  id: Generated<number>;
  client_id: string;
  database_id: number;
  user_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  select_sql: string | null;
  executed_sql: string | null;
  sql_editor_id: string | null;
  tab_name: string | null;
  status: string;
  progress: ColumnType<number, number | undefined, number>;
  rows: number | null;
  limit: number | null;
  limiting_factor: ColumnType<string, string | undefined, string>;
  run_async: ColumnType<Flag, Flag | undefined, Flag>;
  select_as_cta: ColumnType<Flag, Flag | undefined, Flag>;
  select_as_cta_used: ColumnType<Flag, Flag | undefined, Flag>;
  ctas_method: string | null;
  tmp_schema_name: string | null;
  tmp_table_name: string | null;
  template_params: string | null;
  error_message: string | null;
  results_key: string | null;
  tracking_url: string | null;
  extra_json: ColumnType<string, string | undefined, string>;
  start_time: number | null;
  start_running_time: number | null;
  end_time: number | null;
  end_result_backend_time: number | null;
  changed_on: Timestamp;
}

export interface SavedQueriesTable {
  id: Generated<number>;
  uuid: string;
  user_id: number | null;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string | null;
  sql: string;
  template_parameters: string | null;
  extra_json: ColumnType<string, string | undefined, string>;
  rows: number | null;
  last_run: Timestamp | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  /** The scheduled run last started: its SQL Lab query's client id, state and error (server-written). */
  last_run_client_id: ColumnType<string | null, string | null | undefined, string | null>;
  last_run_state: ColumnType<string | null, string | null | undefined, string | null>;
  last_run_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A SQL Lab editor tab kept on the server (SQLLAB_BACKEND_PERSISTENCE). */
export interface TabStateTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: ColumnType<string, string | undefined, string>;
  query_limit: number | null;
  latest_query_id: string | null;
  autorun: ColumnType<Flag, Flag | undefined, Flag>;
  template_params: string | null;
  hide_left_bar: ColumnType<Flag, Flag | undefined, Flag>;
  saved_query_id: number | null;
  extra_json: ColumnType<string, string | undefined, string>;
  created_on: Timestamp;
  changed_on: Timestamp;
}

/** A table opened in a tab's table browser; description is the client's whole table object as JSON. */
export interface TableSchemaTable {
  id: Generated<number>;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: ColumnType<string, string | undefined, string>;
  expanded: ColumnType<Flag, Flag | undefined, Flag>;
  created_on: Timestamp;
  changed_on: Timestamp;
}

/** Small settings the installation keeps, such as whether the example data was loaded. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** What a person told onboarding about themselves; created on their first onboarding call. */
export interface UserInfoTable {
  id: Generated<number>;
  user_id: number;
  is_onboarding_finished: ColumnType<Flag, Flag | undefined, Flag>;
  onboarding_started_time: Timestamp | null;
  /** 'Role in Dodo Brands'. */
  dodo_role: string | null;
  /** 1: the person made the account (register page, first OIDC sign-in); onboarding opens by itself. */
  registered_by_self: ColumnType<Flag, Flag | undefined, Flag>;
}

/** A user's account at an identity provider, by OpenID Connect's (issuer, subject). */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  created_on: Timestamp;
  last_login_on: Timestamp | null;
}

/** A team; its members get its roles. is_external marks a franchisee team. */
export interface TeamsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  is_external: Flag;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface TeamRolesTable {
  team_id: number;
  role_id: number;
}

export interface TeamUsersTable {
  team_id: number;
  user_id: number;
}

/** An access request from onboarding: a team and roles, decided by an administrator. */
export interface StatementsTable {
  id: Generated<number>;
  user_id: number;
  team: string;
  team_slug: string;
  is_new_team: Flag;
  is_external: Flag;
  state: ColumnType<'open' | 'approved' | 'declined', 'open' | 'approved' | 'declined' | undefined>;
  decision_comment: string | null;
  decided_by_fk: number | null;
  decided_on: Timestamp | null;
  created_on: Timestamp;
  changed_on: Timestamp;
}

export interface StatementRolesTable {
  statement_id: number;
  role_id: number;
}

/** A named selection of a dashboard's native filters (Superset's FilterSet, plus is_primary). */
export interface FilterSetsTable {
  id: Generated<number>;
  dashboard_id: number;
  name: string;
  description: string | null;
  /** JSON text {nativeFilters, dataMask}. */
  json_metadata: string;
  owner_type: 'Dashboard' | 'User';
  /** The dashboard's id for a Dashboard-owned set, the user's id for a User-owned one. */
  owner_id: number;
  is_primary: ColumnType<Flag, Flag | undefined, Flag>;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A column the store fills in when an insert leaves it out (its migration gives a default). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** An alert or a scheduled report (Superset's ReportSchedule); JSON columns are text. */
export interface ReportScheduleTable {
  id: Generated<number>;
  /** 'Alert' or 'Report'. */
  type: string;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: Defaulted<Flag>;
  crontab: string;
  timezone: Defaulted<string>;
  creation_method: Defaulted<string>;
  report_format: Defaulted<string>;
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  last_eval_dttm: Timestamp | null;
  last_state: Defaulted<string>;
  last_value: number | null;
  last_value_row_json: string | null;
  validator_type: string | null;
  validator_config_json: string | null;
  log_retention: Defaulted<number>;
  grace_period: Defaulted<number>;
  working_timeout: Defaulted<number | null>;
  force_screenshot: Defaulted<Flag>;
  custom_width: number | null;
  email_subject: string | null;
  extra_json: Defaulted<string>;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface ReportScheduleUserTable {
  report_schedule_id: number;
  user_id: number;
}

/** Where a schedule sends its result; recipient_config_json is JSON text ({target, ccTarget, bccTarget}). */
export interface ReportRecipientTable {
  id: Generated<number>;
  type: string;
  recipient_config_json: string;
  report_schedule_id: number;
}

/** One run of a schedule. */
export interface ReportExecutionLogTable {
  id: Generated<number>;
  uuid: string;
  scheduled_dttm: Timestamp;
  start_dttm: Timestamp | null;
  end_dttm: Timestamp | null;
  value: number | null;
  value_row_json: string | null;
  state: string;
  error_message: string | null;
  /** error_message as a code and parameters, for other languages (migration 0018). */
  error_code: string | null;
  error_params_json: string | null;
  report_schedule_id: number;
}

/** A dashboard's embedding configuration (migration 0014). */
export interface EmbeddedDashboardsTable {
  uuid: string;
  dashboard_id: number;
  /** Allowed sites, comma-joined; '' lets any site frame the dashboard. */
  allow_domain_list: Defaulted<string>;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** The action log (Superset's `logs`): browser events, chart data answers, SQL Lab runs. */
export interface LogsTable {
  id: Generated<number>;
  action: string;
  user_id: number | null;
  dashboard_id: number | null;
  slice_id: number | null;
  /** The record as JSON text. */
  json: string;
  dttm: Timestamp;
  duration_ms: number | null;
  referrer: string | null;
}

/** An annotation layer (Superset's `annotation_layer`, migration 0015). */
export interface AnnotationLayerTable {
  id: Generated<number>;
  name: string;
  descr: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** One event or interval of a layer; times are ISO-8601 UTC text, json_metadata is JSON text. */
export interface AnnotationTable {
  id: Generated<number>;
  layer_id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: Timestamp;
  end_dttm: Timestamp;
  json_metadata: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A tag (Superset's `tag`, migration 0019); `type` is Superset's TagType name ('custom'). */
export interface TagTable {
  id: Generated<number>;
  name: string;
  type: string;
  description: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A tag on an object; `object_type` is Superset's ObjectType name (query, chart, dashboard, dataset). */
export interface TaggedObjectTable {
  id: Generated<number>;
  tag_id: number;
  object_id: number;
  object_type: string;
  created_on: Timestamp;
  created_by_fk: number | null;
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
  datasets: DatasetsTable;
  dataset_columns: DatasetColumnsTable;
  dataset_metrics: DatasetMetricsTable;
  dataset_owners: DatasetOwnersTable;
  settings: SettingsTable;
  rls_filters: RlsFiltersTable;
  rls_filter_tables: RlsFilterTablesTable;
  rls_filter_roles: RlsFilterRolesTable;
  slices: SlicesTable;
  slice_owners: SliceOwnersTable;
  dashboards: DashboardsTable;
  dashboard_slices: DashboardSlicesTable;
  dashboard_owners: DashboardOwnersTable;
  dashboard_roles: DashboardRolesTable;
  favourites: FavouritesTable;
  key_value: KeyValueTable;
  queries: QueriesTable;
  saved_queries: SavedQueriesTable;
  tab_state: TabStateTable;
  table_schema: TableSchemaTable;
  user_info: UserInfoTable;
  teams: TeamsTable;
  team_roles: TeamRolesTable;
  team_users: TeamUsersTable;
  statements: StatementsTable;
  statement_roles: StatementRolesTable;
  filter_sets: FilterSetsTable;
  user_sessions: UserSessionsTable;
  user_identities: UserIdentitiesTable;
  report_schedule: ReportScheduleTable;
  report_schedule_user: ReportScheduleUserTable;
  report_recipient: ReportRecipientTable;
  report_execution_log: ReportExecutionLogTable;
  embedded_dashboards: EmbeddedDashboardsTable;
  logs: LogsTable;
  annotation_layer: AnnotationLayerTable;
  annotation: AnnotationTable;
  tag: TagTable;
  tagged_object: TaggedObjectTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type LogRow = Selectable<LogsTable>;
export type NewLogRow = Insertable<LogsTable>;
export type DatabaseRow = Selectable<DatabasesTable>;
export type NewDatabaseRow = Insertable<DatabasesTable>;
