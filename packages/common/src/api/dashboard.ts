/**
 * The dashboards API as the web app reads it (reference §4). The server's route schemas describe the
 * same shapes; these types are what the client and the pure dashboard logic share.
 */
import type { ChartDataResult } from '../viz/types.ts';

export interface UserRefDto {
  id: number;
  first_name: string;
  last_name: string;
}

export interface RoleRefDto {
  id: number;
  name: string;
}

export interface DashboardDto {
  id: number;
  uuid: string;
  slug: string | null;
  url: string;
  dashboard_title: string;
  dashboard_title_ru: string | null;
  thumbnail_url: string | null;
  published: boolean;
  css: string | null;
  /** JSON text of DashboardMetadata. */
  json_metadata: string | null;
  /** JSON text of DashboardLayout. */
  position_json: string | null;
  certified_by: string | null;
  certification_details: string | null;
  changed_by_name: string;
  changed_by: UserRefDto | null;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRefDto | null;
  created_on_delta_humanized: string;
  charts: string[];
  owners: UserRefDto[];
  roles: RoleRefDto[];
  tags: Array<{ id: number; name: string; type: string }>;
  is_managed_externally: boolean;
}

export interface DashboardListItemDto
  extends Pick<
    DashboardDto,
    | 'id'
    | 'uuid'
    | 'dashboard_title'
    | 'dashboard_title_ru'
    | 'slug'
    | 'url'
    | 'published'
    | 'certified_by'
    | 'certification_details'
    | 'thumbnail_url'
    | 'changed_by'
    | 'changed_by_name'
    | 'created_by'
    | 'owners'
    | 'roles'
    | 'tags'
  > {
  status: 'published' | 'draft';
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  created_on_delta_humanized: string;
}

/** `GET /api/v1/dashboard/{id_or_slug}/charts` entries. */
export interface DashboardChartDto {
  id: number;
  uuid: string;
  slice_name: string;
  slice_name_ru: string | null;
  viz_type: string;
  cache_timeout: number | null;
  changed_on: string;
  description: string | null;
  description_markeddown?: string | null;
  form_data: Record<string, unknown>;
  slice_url: string;
  certified_by: string | null;
  certification_details: string | null;
}

/** The properties body of `PUT /api/v1/dashboard/{id}` (reference §4.2; the spec's property save). */
export interface DashboardPropertiesBody {
  dashboard_title?: string;
  dashboard_title_ru?: string | null;
  slug?: string | null;
  owners?: number[];
  roles?: number[];
  css?: string | null;
  json_metadata?: string;
  position_json?: string;
  certified_by?: string | null;
  certification_details?: string | null;
  /** The `changed_on` the client loaded; a later save by someone else makes the server refuse (stale save). */
  changed_on?: string;
}

/** The message of a stale save refused under the CONFIRM_DASHBOARD_DIFF feature flag (409). */
export const DASHBOARD_OVERWRITE_MESSAGE = 'Please confirm the overwrite values.';

/**
 * The 409 body of `PUT /api/v1/dashboard/{id}` when the dashboard changed since the client loaded it
 * and CONFIRM_DASHBOARD_DIFF is on: each field of the save whose stored value differs, both values. The
 * client confirms by saving again without `changed_on` (or with the newer one).
 */
export interface DashboardOverwriteConflict {
  message: typeof DASHBOARD_OVERWRITE_MESSAGE;
  changed_on: string;
  diff: Record<string, { current: unknown; incoming: unknown }>;
}

export interface DashboardPutResponse {
  id: number;
  result: Record<string, unknown>;
  /** Epoch seconds. */
  last_modified_time: number;
}

/**
 * The one-request dashboard data call: `POST /api/v1/dashboard/{id_or_slug}/chart_data`. The body lists
 * each visible chart's query context; the answer is newline-delimited JSON, one line per chart as soon
 * as its result is ready (in no particular order), so the page draws charts progressively.
 */
export const DASHBOARD_CHART_DATA_CONTENT_TYPE = 'application/x-ndjson';

export interface DashboardChartDataRequestItem {
  /** The client's key for this chart's request, echoed on its answer line (usually the chart id). */
  key: string;
  slice_id: number;
  /** The built query context (QueryContext) for the chart, with the dashboard's filters merged in. */
  query_context: Record<string, unknown>;
}

export interface DashboardChartDataRequest {
  charts: DashboardChartDataRequestItem[];
  /** Bypass the cache for every chart (the dashboard's force refresh). */
  force?: boolean;
}

/** One line of the streamed answer. */
export type DashboardChartDataLine =
  | { key: string; status: 200; result: ChartDataResult[] }
  | {
      key: string;
      /** The HTTP status the per-chart endpoint would have answered (400, 403, 404, 500…). */
      status: number;
      /** A text, or messages per field for a refused request (FAB's 400/422 bodies). */
      message?: string | Record<string, string[]>;
      errors?: Array<{
        message: string;
        error_type?: string;
        level?: string;
        extra?: Record<string, unknown>;
      }>;
    };
