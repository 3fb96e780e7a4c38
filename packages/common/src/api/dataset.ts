/**
 * Request and response shapes of `/api/v1/dataset/` and the file upload
 * (`POST /api/v1/database/{id}/upload/`), as Superset names them. Russian variants (`*_ru`) are answered
 * as stored; the UI picks the one to show.
 */

/** Superset's GenericDataType: the kind of a column as charts see it. */
export const GENERIC_DATA_TYPE = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericDataTypeName = keyof typeof GENERIC_DATA_TYPE;
export type GenericDataType = (typeof GENERIC_DATA_TYPE)[GenericDataTypeName];

export type DatasetKind = 'physical' | 'virtual';

export interface CurrencyFormat {
  symbol: string;
  symbolPosition: 'prefix' | 'suffix' | string;
}

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

export interface DatasetColumn {
  id: number;
  uuid: string;
  column_name: string;
  verbose_name: string | null;
  verbose_name_ru: string | null;
  /** The native type as the database reports it; null for calculated columns nobody typed. */
  type: string | null;
  type_generic: GenericDataType | null;
  /** SQL of a calculated column; null for a column of the table itself. */
  expression: string | null;
  description: string | null;
  description_ru: string | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  is_active: boolean;
  python_date_format: string | null;
  advanced_data_type: string | null;
  is_certified: boolean;
  certified_by: string | null;
  warning_text: string | null;
  /** JSON text, as Superset keeps it; carries `certification` and `warning_markdown` too. */
  extra: string;
  created_on: string;
  changed_on: string;
}

export interface DatasetMetric {
  id: number;
  uuid: string;
  metric_name: string;
  verbose_name: string | null;
  verbose_name_ru: string | null;
  expression: string;
  metric_type: string | null;
  d3format: string | null;
  currency: CurrencyFormat | null;
  description: string | null;
  description_ru: string | null;
  warning_text: string | null;
  certified_by: string | null;
  certification_details: string | null;
  /** JSON text; carries `certification` and `warning_markdown` as Superset does. */
  extra: string;
  created_on: string;
  changed_on: string;
}

/** `GET /api/v1/dataset/{id}` → `{id, result: Dataset}` (or the requested subset of it). */
export interface Dataset {
  id: number;
  uuid: string;
  table_name: string;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  kind: DatasetKind;
  datasource_type: 'table';
  description: string | null;
  description_ru: string | null;
  database: { id: number; database_name: string; backend: string };
  main_dttm_col: string | null;
  offset: number;
  default_endpoint: string | null;
  cache_timeout: number | null;
  is_sqllab_view: boolean;
  template_params: string | null;
  select_star: string | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  extra: string;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  url: string;
  explore_url: string;
  uid: string;
  name: string;
  datasource_name: string;
  column_formats: Record<string, string>;
  currency_formats: Record<string, CurrencyFormat>;
  verbose_map: Record<string, string>;
  granularity_sqla: Array<[string, string]>;
  time_grain_sqla: Array<[string, string]>;
  order_by_choices: Array<[string, string]>;
  owners: UserRef[];
  created_on: string;
  created_on_humanized: string;
  created_by: UserRef | null;
  changed_on: string;
  changed_on_humanized: string;
  changed_by: UserRef | null;
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
}

/** One row of `GET /api/v1/dataset/` (any subset of it, as `columns` asks). */
export interface DatasetListItem {
  id: number;
  uuid: string;
  table_name: string;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  kind: DatasetKind;
  datasource_type: 'table';
  description: string | null;
  description_ru: string | null;
  default_endpoint: string | null;
  extra: string;
  explore_url: string;
  certified_by: string | null;
  certification_details: string | null;
  database: { id: number; database_name: string };
  owners: UserRef[];
  changed_by: UserRef | null;
  changed_by_name: string;
  changed_on: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
}

/** `POST /api/v1/dataset/`: `sql` makes a virtual dataset. */
export interface DatasetCreateRequest {
  database: number;
  table_name: string;
  catalog?: string | null;
  schema?: string | null;
  sql?: string | null;
  owners?: number[];
  normalize_columns?: boolean;
  always_filter_main_dttm?: boolean;
  template_params?: string | null;
  external_url?: string | null;
  is_managed_externally?: boolean | null;
}

export interface DatasetColumnInput {
  id?: number;
  column_name: string;
  verbose_name?: string | null;
  verbose_name_ru?: string | null;
  type?: string | null;
  type_generic?: number | null;
  expression?: string | null;
  description?: string | null;
  description_ru?: string | null;
  is_dttm?: boolean;
  groupby?: boolean;
  filterable?: boolean;
  is_active?: boolean;
  python_date_format?: string | null;
  advanced_data_type?: string | null;
  is_certified?: boolean;
  certified_by?: string | null;
  warning_text?: string | null;
  extra?: string | null;
  uuid?: string;
  created_on?: string;
  changed_on?: string;
}

export interface DatasetMetricInput {
  id?: number;
  metric_name: string;
  /** Required; the API answers 422 when it is missing or empty. */
  expression?: string;
  verbose_name?: string | null;
  verbose_name_ru?: string | null;
  metric_type?: string | null;
  d3format?: string | null;
  currency?: CurrencyFormat | string | null;
  description?: string | null;
  description_ru?: string | null;
  warning_text?: string | null;
  certified_by?: string | null;
  certification_details?: string | null;
  extra?: string | null;
  uuid?: string;
  created_on?: string;
  changed_on?: string;
}

/** `PUT /api/v1/dataset/{id}?override_columns=…`: only the fields present change. */
export interface DatasetUpdateRequest {
  table_name?: string;
  sql?: string | null;
  catalog?: string | null;
  schema?: string | null;
  description?: string | null;
  description_ru?: string | null;
  main_dttm_col?: string | null;
  cache_timeout?: number | null;
  template_params?: string | null;
  owners?: number[];
  extra?: string | null;
  offset?: number;
  default_endpoint?: string | null;
  filter_select_enabled?: boolean;
  fetch_values_predicate?: string | null;
  normalize_columns?: boolean;
  always_filter_main_dttm?: boolean;
  is_sqllab_view?: boolean;
  certified_by?: string | null;
  certification_details?: string | null;
  database_id?: number;
  external_url?: string | null;
  is_managed_externally?: boolean | null;
  folders?: unknown;
  columns?: DatasetColumnInput[];
  metrics?: DatasetMetricInput[];
}

/** `GET /api/v1/dataset/{id}/related_objects`. */
export interface DatasetRelatedObjects {
  charts: { count: number; result: Array<{ id: number; slice_name: string; viz_type: string }> };
  dashboards: {
    count: number;
    result: Array<{ id: number; json_metadata: string | null; slug: string | null; title: string }>;
  };
}

export type UploadFileType = 'csv' | 'excel' | 'columnar';
export type UploadIfExists = 'fail' | 'replace' | 'append';

/** The form fields of `POST /api/v1/database/{id}/upload/` (multipart; lists are comma-separated). */
export interface UploadFormFields {
  type: UploadFileType;
  table_name: string;
  schema?: string;
  already_exists?: UploadIfExists;
  delimiter?: string;
  header_row?: number;
  skip_rows?: number;
  rows_to_read?: number;
  columns_read?: string;
  column_dates?: string;
  null_values?: string;
  decimal_character?: string;
  dataframe_index?: boolean;
  index_label?: string;
  sheet_name?: string;
}
