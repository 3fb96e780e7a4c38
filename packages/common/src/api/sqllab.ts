/**
 * SQL Lab's request and response shapes (reference/superset-api.md §2): execute, results, the query
 * object, saved queries, and the editor state kept on the server (tab state and table schemas).
 */

export const QUERY_STATES = [
  'pending',
  'scheduled',
  'running',
  'fetching',
  'success',
  'failed',
  'stopped',
  'timed_out',
  'started',
] as const;
export type QueryState = (typeof QUERY_STATES)[number];

/** States in which a query is still working; the others are concluded. */
export const RUNNING_QUERY_STATES: readonly QueryState[] = [
  'running',
  'started',
  'pending',
  'fetching',
  'scheduled',
];
export const CONCLUDED_QUERY_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export type LimitingFactor = 'NOT_LIMITED' | 'QUERY' | 'DROPDOWN' | 'QUERY_AND_DROPDOWN' | 'UNKNOWN';

/** Client ids are 11 characters (spec). */
export const QUERY_CLIENT_ID_LENGTH = 11;
export const DEFAULT_SQLLAB_QUERY_LIMIT = 1000;

/** `POST /api/v1/sqllab/execute/` body (camelCase names are Superset's). */
export interface ExecuteRequest {
  database_id: number;
  sql: string;
  client_id?: string;
  catalog?: string | null;
  schema?: string | null;
  tab?: string | null;
  sql_editor_id?: string | null;
  queryLimit?: number;
  runAsync?: boolean;
  /** JSON text of the template parameters. */
  templateParams?: string | null;
  select_as_cta?: boolean;
  ctas_method?: 'TABLE' | 'VIEW';
  tmp_table_name?: string | null;
  expand_data?: boolean;
}

export interface ResultColumnInfo {
  column_name: string;
  name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
}

/** Superset's Query.to_dict. */
export interface SqlLabQuery {
  id: string;
  queryId: number;
  serverId: number;
  dbId: number;
  db: string;
  sql: string;
  executedSql: string | null;
  schema: string | null;
  catalog: string | null;
  sqlEditorId: string | null;
  tab: string | null;
  state: QueryState;
  progress: number;
  rows: number | null;
  limit: number | null;
  limitingFactor: LimitingFactor;
  startDttm: number | null;
  endDttm: number | null;
  errorMessage: string | null;
  resultsKey: string | null;
  ctas: boolean;
  tempSchema: string | null;
  tempTable: string | null;
  userId: number | null;
  user: string;
  trackingUrl: string | null;
  changed_on: string;
  extra: { progress?: string | null; errors?: unknown[]; columns?: ResultColumnInfo[] };
}

/** Sync execute (200) and `GET /api/v1/sqllab/results/` answer. */
export interface ExecuteResult {
  query_id: number;
  status: QueryState;
  data: Array<Record<string, unknown>>;
  columns: ResultColumnInfo[];
  selected_columns: ResultColumnInfo[];
  expanded_columns: ResultColumnInfo[];
  query: SqlLabQuery;
  displayLimitReached?: boolean;
}

/** `/api/v1/saved_query/` item (server names; the client maps remoteId↔id, dbId↔db_id, name↔label, templateParams↔template_parameters). */
export interface SavedQuery {
  id: number;
  label: string;
  description: string | null;
  db_id: number;
  database: { id: number; database_name: string };
  catalog: string | null;
  schema: string | null;
  sql: string;
  sql_tables?: Array<{ catalog: string | null; schema: string | null; table: string }>;
  template_parameters: string | null;
  extra_json?: string;
  rows: number | null;
  last_run_delta_humanized?: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: { id: number; first_name: string; last_name: string } | null;
  changed_by: { id: number; first_name: string; last_name: string } | null;
}

export interface SavedQueryWriteRequest {
  db_id: number;
  label: string;
  description?: string | null;
  catalog?: string | null;
  schema?: string | null;
  sql: string;
  template_parameters?: string | null;
  extra_json?: string;
}

export interface TableSchemaState {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  /** The client's whole table object, as it sent it. */
  description: Record<string, unknown>;
  expanded: boolean;
}

/** `GET /tabstateview/{id}`. */
export interface TabState {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  latest_query: SqlLabQuery | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: Record<string, unknown>;
  table_schemas: TableSchemaState[];
}

/** `GET /api/v1/sqllab/` bootstrap. */
export interface SqlLabBootstrap {
  active_tab: TabState | null;
  tab_state_ids: Array<[number, string]>;
  databases: Record<string, Record<string, unknown>>;
  queries: Record<string, SqlLabQuery>;
}
