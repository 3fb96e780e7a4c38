/**
 * Request and response shapes of the databases API (`/api/v1/database/`), as Superset's: a password
 * never appears in any of them; where one was stored, URIs and parameters carry DATABASE_PASSWORD_MASK.
 */

import type { GenericDataType, UserRef } from './dataset.ts';

/** What Superset puts in place of a stored password in URIs and parameters. */
export const DATABASE_PASSWORD_MASK = 'XXXXXXXXXX';

export type ConfigurationMethod = 'sqlalchemy_form' | 'dynamic_form';

/** What the engine can do, as `engine_information` in lists and `/available/`. */
export interface EngineInformation {
  supports_file_upload: boolean;
  disable_ssh_tunneling: boolean;
  supports_dynamic_catalog: boolean;
  supports_oauth2: boolean;
}

/** A row of `GET /api/v1/database/` (every field optional when `columns` asks for a subset). */
export interface DatabaseListItem {
  id: number;
  uuid: string;
  database_name: string;
  backend: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  allows_cost_estimate: boolean;
  allows_subquery: boolean;
  allows_virtual_table_explore: boolean;
  disable_data_preview: boolean;
  disable_drill_to_detail: boolean;
  allow_multi_catalog: boolean;
  explore_database_id: number;
  force_ctas_schema: string | null;
  /** A JSON string. */
  extra: string;
  engine_information: EngineInformation;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
}

/** Per-field connection parameters (dynamic form); `password` is masked in responses. */
export interface DatabaseParameters {
  host?: string;
  port?: number | null;
  username?: string | null;
  password?: string | null;
  database?: string;
  query?: Record<string, string>;
  [key: string]: unknown;
}

/** `GET /api/v1/database/{id}` → `{ id, result: Database }`. */
export interface Database {
  id: number;
  uuid: string;
  database_name: string;
  /** The URI with the password replaced by DATABASE_PASSWORD_MASK. */
  sqlalchemy_uri: string;
  parameters: DatabaseParameters;
  parameters_schema?: Record<string, unknown>;
  configuration_method: ConfigurationMethod;
  engine: string;
  backend: string;
  driver: string;
  engine_information: EngineInformation;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  allows_cost_estimate: boolean;
  allows_subquery: boolean;
  allows_virtual_table_explore: boolean;
  disable_data_preview: boolean;
  disable_drill_to_detail: boolean;
  allow_multi_catalog: boolean;
  impersonate_user: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  /** A JSON string. */
  extra: string;
  is_managed_externally: boolean;
  external_url: string | null;
  changed_on: string;
  created_on: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
}

/** Body of POST / PUT `/api/v1/database/` (PUT: every field optional) and of `test_connection/`. */
export interface DatabaseWriteRequest {
  database_name?: string;
  sqlalchemy_uri?: string;
  engine?: string;
  driver?: string | null;
  configuration_method?: ConfigurationMethod;
  parameters?: DatabaseParameters;
  expose_in_sqllab?: boolean;
  allow_run_async?: boolean;
  allow_dml?: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
  allow_file_upload?: boolean;
  impersonate_user?: boolean;
  force_ctas_schema?: string | null;
  cache_timeout?: number | null;
  /** A JSON string; keys in DatabaseExtra. */
  extra?: string;
  uuid?: string;
  is_managed_externally?: boolean | null;
  external_url?: string | null;
  masked_encrypted_extra?: string | null;
  server_cert?: string | null;
}

/** The keys of `extra` Vitrina reads. */
export interface DatabaseExtra {
  metadata_params?: Record<string, unknown>;
  engine_params?: {
    connect_args?: Record<string, unknown>;
    pool_size?: number;
    /** Per-query time limit in seconds (default 300). */
    query_timeout?: number;
    [key: string]: unknown;
  };
  metadata_cache_timeout?: {
    schema_cache_timeout?: number;
    table_cache_timeout?: number;
    catalog_cache_timeout?: number;
  };
  schemas_allowed_for_file_upload?: string[];
  allows_virtual_table_explore?: boolean;
  disable_data_preview?: boolean;
  disable_drill_to_detail?: boolean;
  allow_multi_catalog?: boolean;
  cost_estimate_enabled?: boolean;
  cancel_query_on_windows_unload?: boolean;
  version?: string;
}

/** An engine of `GET /api/v1/database/available/` → `{ databases: AvailableEngine[] }`. */
export interface AvailableEngine {
  name: string;
  engine: string;
  default_driver: string;
  available_drivers: string[];
  sqlalchemy_uri_placeholder: string;
  preferred: boolean;
  /** A JSON schema of the per-field parameters. */
  parameters: {
    type: 'object';
    properties: Record<string, Record<string, unknown>>;
    required: string[];
  };
  engine_information: EngineInformation;
}

export interface CatalogsResponse {
  result: string[];
}

export interface SchemasResponse {
  result: string[];
}

export interface TableListEntry {
  value: string;
  type: 'table' | 'view';
  extra: Record<string, unknown> | null;
}

export interface TablesResponse {
  count: number;
  result: TableListEntry[];
}

export interface TableMetadataColumn {
  name: string;
  type: string;
  longType: string;
  keys: Array<Record<string, unknown>>;
  comment: string | null;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic: GenericDataType | null;
}

/** `GET /api/v1/database/{id}/table_metadata/?name=&schema=&catalog=`. */
export interface TableMetadataResponse {
  name: string;
  columns: TableMetadataColumn[];
  selectStar: string;
  primaryKey: { name: string | null; column_names: string[]; type: 'pk' } | null;
  foreignKeys: Array<{
    name: string | null;
    column_names: string[];
    referred_schema: string | null;
    referred_table: string;
    referred_columns: string[];
    type: 'fk';
    options: Record<string, unknown>;
  }>;
  indexes: Array<{ name: string; column_names: string[]; unique: boolean; type: 'index' }>;
  comment: string | null;
}

export interface SelectStarResponse {
  result: string;
}
