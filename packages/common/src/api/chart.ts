/**
 * Request and response shapes of `/api/v1/chart/` (Superset's ChartRestApi) and the explore helpers
 * (`/api/v1/explore/`, `/api/v1/explore/permalink`, `/api/v1/form_data/`). `params` and
 * `query_context` travel as JSON text, as Superset sends them.
 */
import type { UserRef } from './dataset.ts';

export interface DashboardRef {
  id: number;
  dashboard_title: string;
  dashboard_title_ru?: string | null;
  json_metadata?: string | null;
}

/** `GET /api/v1/chart/{id}` → `{ id, result: Chart }`. */
export interface Chart {
  id: number;
  uuid: string;
  slice_name: string;
  slice_name_ru: string | null;
  viz_type: string;
  description: string | null;
  params: string;
  query_context: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  datasource_id: number;
  datasource_type: string;
  url: string;
  thumbnail_url: string | null;
  changed_on: string;
  changed_on_delta_humanized: string;
  owners: UserRef[];
  dashboards: DashboardRef[];
  tags: Array<{ id: number; name: string; type: string }>;
}

/** One item of `GET /api/v1/chart/?q=` (the columns asked for, or these by default). */
export interface ChartListItem {
  id: number;
  uuid: string;
  slice_name: string;
  slice_name_ru: string | null;
  viz_type: string;
  description: string | null;
  url: string;
  slice_url: string;
  datasource_id: number;
  datasource_type: string;
  datasource_name_text: string | null;
  datasource_url: string | null;
  certified_by: string | null;
  certification_details: string | null;
  cache_timeout: number | null;
  dashboards: Array<{ id: number; dashboard_title: string; dashboard_title_ru: string | null }>;
  owners: UserRef[];
  changed_by: UserRef | null;
  changed_by_name: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  created_on_delta_humanized: string;
}

/** `POST /api/v1/chart/` body (PUT takes any subset). */
export interface ChartWriteRequest {
  slice_name: string;
  slice_name_ru?: string | null;
  datasource_id: number;
  datasource_type: string;
  viz_type?: string;
  description?: string | null;
  owners?: number[];
  params?: string;
  query_context?: string | null;
  query_context_generation?: boolean;
  cache_timeout?: number | null;
  dashboards?: number[];
  certified_by?: string | null;
  certification_details?: string | null;
}

/** `GET /api/v1/chart/favorite_status/?q=!(ids)` and the dashboard twin. */
export interface FavoriteStatus {
  id: number;
  value: boolean;
}

/** The dataset as explore needs it: `GET /api/v1/explore/` result.dataset. */
export interface ExploreDataset {
  id: number;
  uid: string;
  type: string;
  name: string;
  datasource_name: string;
  table_name: string;
  schema: string | null;
  description: string | null;
  description_ru: string | null;
  database: { id: number; database_name: string; backend: string };
  main_dttm_col: string | null;
  granularity_sqla: Array<[string, string]>;
  time_grain_sqla: Array<[string, string]>;
  columns: Array<{
    id: number;
    column_name: string;
    verbose_name: string | null;
    verbose_name_ru: string | null;
    type: string | null;
    type_generic: number | null;
    is_dttm: boolean;
    groupby: boolean;
    filterable: boolean;
    expression: string | null;
    description: string | null;
    is_certified: boolean;
    certified_by: string | null;
    warning_text: string | null;
  }>;
  metrics: Array<{
    id: number;
    metric_name: string;
    verbose_name: string | null;
    verbose_name_ru: string | null;
    expression: string;
    d3format: string | null;
    currency: { symbol: string; symbolPosition: string } | null;
    description: string | null;
    certified_by: string | null;
    certification_details: string | null;
    warning_text: string | null;
  }>;
  verbose_map: Record<string, string>;
  order_by_choices: Array<[string, string]>;
  owners: UserRef[];
}

/** `GET /api/v1/explore/?slice_id=|permalink_key=|datasource_id=&datasource_type=` → `{result}`. */
export interface ExploreResponse {
  form_data: Record<string, unknown>;
  dataset: ExploreDataset;
  slice: {
    slice_id: number;
    slice_name: string;
    slice_name_ru: string | null;
    form_data: Record<string, unknown>;
    query_context: string | null;
    owners: number[];
    dashboards: number[];
    changed_on: string;
    description: string | null;
    certified_by: string | null;
    certification_details: string | null;
    cache_timeout: number | null;
  } | null;
  message: string | null;
}

/** `POST /api/v1/explore/permalink` → 201 `{key, url}`; `GET …/{key}` → the stored state. */
export interface ExplorePermalinkState {
  chartId: number | null;
  datasourceId: number;
  datasourceType: string;
  datasource: string;
  state: { formData: Record<string, unknown>; urlParams?: Array<[string, string]> };
}
