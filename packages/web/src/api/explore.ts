/**
 * The explore screen's calls (superset-api.md §3.3–3.5, §4.2): loading explore (`GET /api/v1/explore/`),
 * permalinks, dataset samples, chart data files (CSV/XLSX), and the dashboards a chart can be saved to.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  ChartDataResult,
  ExplorePermalinkState,
  ExploreResponse,
  FormData,
  ItemResponse,
  ListFilter,
  ListResponse,
  QueryContext,
} from '@vitrina/common';
import { api, fetchCsrfToken } from './client.ts';
import { errorFromResponse, networkError } from './errors.ts';
import { parseJson } from './json.ts';
import { listQueryToRison } from './listQuery.ts';

const EXPLORE_PATH = '/api/v1/explore/';
const PERMALINK_PATH = '/api/v1/explore/permalink';
const DASHBOARDS_PATH = '/api/v1/dashboard/';
const CHART_DATA_PATH = '/api/v1/chart/data';

/** Rows the Samples tab asks for (the server caps per_page at its samples row limit). */
export const SAMPLES_PAGE_SIZE = 100;

export const exploreKeys = {
  all: ['explore'] as const,
  entry: (params: string) => ['explore', 'entry', params] as const,
  samples: (datasetId: number, type: string) => ['explore', 'samples', datasetId, type] as const,
  dashboards: (search: string, ownerId: number | null) => ['explore', 'dashboards', search, ownerId] as const,
};

/** `GET /api/v1/explore/?slice_id=|permalink_key=|datasource_id=&datasource_type=`. */
export function fetchExplore(params: URLSearchParams): Promise<ExploreResponse> {
  return api
    .get<{ result: ExploreResponse }>(`${EXPLORE_PATH}?${params.toString()}`)
    .then((body) => body.result);
}

/** Explore's starting point, asked for once per opening: a refetch must not reset the draft. */
export function useExplore(params: URLSearchParams | null) {
  const key = params?.toString() ?? '';
  return useQuery({
    queryKey: exploreKeys.entry(key),
    queryFn: () => fetchExplore(params as URLSearchParams),
    enabled: params !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** `POST /api/v1/explore/permalink` → the link that reopens this explore state. */
export function createExplorePermalink(
  formData: FormData,
  urlParams: Array<[string, string]> = [],
): Promise<{ key: string; url: string }> {
  return api.post<{ key: string; url: string }>(PERMALINK_PATH, { formData, urlParams });
}

export function fetchExplorePermalink(key: string): Promise<ExplorePermalinkState> {
  return api.get<ExplorePermalinkState>(`${PERMALINK_PATH}/${encodeURIComponent(key)}`);
}

export interface SamplesPage extends ChartDataResult {
  page: number;
  per_page: number;
  total_count: number;
}

/** `POST /datasource/samples`: the first rows of the dataset, without the chart's filters or metrics. */
export function useSamples(datasetId: number, datasetType: string, enabled: boolean) {
  return useQuery({
    queryKey: exploreKeys.samples(datasetId, datasetType),
    queryFn: () => {
      const params = new URLSearchParams({
        datasource_id: String(datasetId),
        datasource_type: datasetType,
        force: 'false',
        page: '1',
        per_page: String(SAMPLES_PAGE_SIZE),
      });
      return api
        .post<{ result: SamplesPage }>(`/datasource/samples?${params.toString()}`)
        .then((b) => b.result);
    },
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*` first, then `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name || null;
}

export interface DataFile {
  blob: Blob;
  /** The name the server gave the file (Content-Disposition), or null. */
  fileName: string | null;
  disposition: string | null;
}

/**
 * `POST /api/v1/chart/data` with result_format csv or xlsx: the file as a blob. The JSON client cannot
 * read a file answer, so this is its own fetch (with the same CSRF header and error mapping).
 */
export function downloadChartData(queryContext: QueryContext, format: 'csv' | 'xlsx'): Promise<DataFile> {
  return downloadChartFile({ ...queryContext, result_format: format, result_type: 'full' });
}

/** A chart data file from a context whose result_format and result_type are already set (pivoted, full CSV). */
export async function downloadChartFile(body: QueryContext): Promise<DataFile> {
  const format = body.result_format;
  let response: Response;
  try {
    response = await fetch(CHART_DATA_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: format === 'csv' ? 'text/csv, application/json' : '*/*',
        'Content-Type': 'application/json',
        'X-CSRFToken': await fetchCsrfToken(),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? parseJson(text) : null;
    } catch {
      parsed = null;
    }
    throw errorFromResponse(response.status, parsed);
  }
  const disposition = response.headers.get('content-disposition');
  return { blob: await response.blob(), fileName: fileNameFromDisposition(disposition), disposition };
}

export interface DashboardOption {
  id: number;
  dashboard_title: string;
  dashboard_title_ru: string | null;
}

/**
 * Dashboards the user may add a chart to, by title: every dashboard for an admin, otherwise the ones
 * the user owns (the spec: edit needs admin or ownership). `ownerId` null means no owner filter.
 */
export function fetchEditableDashboards(search: string, ownerId: number | null): Promise<DashboardOption[]> {
  const filters: ListFilter[] = [];
  const text = search.trim();
  // Superset's title-or-slug search, which here also finds Russian titles.
  if (text) filters.push({ col: 'dashboard_title', opr: 'title_or_slug', value: text });
  if (ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: ownerId });
  return api
    .get<ListResponse<DashboardOption>>(
      DASHBOARDS_PATH,
      listQueryToRison({
        ...(filters.length > 0 ? { filters } : {}),
        columns: ['id', 'dashboard_title', 'dashboard_title_ru'],
        order_column: 'dashboard_title',
        order_direction: 'asc',
        page: 0,
        page_size: 100,
      }),
    )
    .then((body) => body.result);
}

export function useEditableDashboards(search: string, ownerId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: exploreKeys.dashboards(search.trim(), ownerId),
    queryFn: () => fetchEditableDashboards(search, ownerId),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

/** `POST /api/v1/dashboard/` with only a title: the new dashboard a chart is saved into. */
export function createDashboard(title: string): Promise<ItemResponse<DashboardOption>> {
  return api.post<ItemResponse<DashboardOption>>(DASHBOARDS_PATH, { dashboard_title: title.trim() });
}
