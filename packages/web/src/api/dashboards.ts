import { useQuery } from '@tanstack/react-query';
import type {
  DashboardDataset,
  DashboardDto,
  DashboardListItemDto,
  DashboardPropertiesBody,
  DashboardPutResponse,
  ItemResponse,
  ListQueryParams,
} from '@vitrina/common';
import { api, fetchCsrfToken, loginUrl } from './client.ts';
import { DASHBOARDS_PATH, dashboardPaths } from './dashboardPaths.ts';
import { readEarlyOrNow } from './earlyReads.ts';
import { errorFromResponse, networkError } from './errors.ts';
import { fileNameFromDisposition } from './explore.ts';
import { type FavoriteResource, favoritesKey, useFavoriteStatus, useToggleFavorite } from './favorites.ts';
import { parseJson } from './json.ts';
import { deleteIds, useInvalidatingMutation, useListQuery } from './resource.ts';

/**
 * The dashboards API as the dashboards list and the properties modal use it (superset-api.md §4):
 * the list, related users, stars, create, the properties save, delete, export and import.
 */

export interface RelatedOption {
  value: number;
  text: string;
}

export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: (query: ListQueryParams) => ['dashboards', 'list', query] as const,
  /**
   * Every cached dashboard, whichever address (id or slug) it was read by. Outside `all` on purpose:
   * list-wide invalidations (a star, a list save) must not reload an open dashboard, whose edit session
   * restarts when it changes; saves write these entries instead (dashboard/actions/dashboardCache.ts).
   */
  details: ['dashboard', 'detail'] as const,
  /** One entry per address: the list's id 5 and the page's "5" are the same one. */
  detail: (idOrSlug: number | string) => ['dashboard', 'detail', String(idOrSlug)] as const,
  datasets: (id: number) => ['dashboards', 'datasets', id] as const,
  related: (field: string, search: string) => ['dashboards', 'related', field, search] as const,
  favorites: (ids: readonly number[]) => favoritesKey(DASHBOARD_FAVORITES, ids),
};

const DASHBOARD_FAVORITES: FavoriteResource = { path: DASHBOARDS_PATH, root: dashboardKeys.all };

/**
 * The datasets behind a dashboard's charts (`GET /api/v1/dashboard/{id}/datasets`): readable by anyone who
 * may see the dashboard, unlike a dataset's own API (can_read Dataset), which viewing roles such as readonly
 * do not hold. Asked for once the dashboard's id is known (undefined: not yet).
 */
export function useDashboardDatasets(id: number | undefined) {
  return useQuery({
    queryKey: dashboardKeys.datasets(id ?? 0),
    queryFn: () =>
      readEarlyOrNow<{ result: DashboardDataset[] }>(dashboardPaths.datasets(id ?? 0)).then(
        (body) => body.result,
      ),
    enabled: id !== undefined,
  });
}

export function useDashboards(query: ListQueryParams) {
  return useListQuery<DashboardListItemDto>(dashboardKeys.list(query), DASHBOARDS_PATH, query);
}

/**
 * One dashboard (`GET /api/v1/dashboard/{id_or_slug}`): the dashboard page and the list's properties
 * share this hook and its cache entry, so a save written there shows everywhere.
 */
export function useDashboard(idOrSlug: number | string | undefined) {
  return useQuery({
    queryKey: dashboardKeys.detail(idOrSlug ?? ''),
    queryFn: () =>
      readEarlyOrNow<ItemResponse<DashboardDto>>(dashboardPaths.detail(idOrSlug ?? '')).then(
        (body) => body.result,
      ),
    enabled: idOrSlug !== undefined,
  });
}

/** `GET /api/v1/dashboard/related/{field}?q=(filter:…)`: users (or roles) a picker offers. */
export function useDashboardRelated(
  field: 'owners' | 'created_by' | 'changed_by' | 'roles',
  search = '',
  enabled = true,
) {
  return useQuery({
    queryKey: dashboardKeys.related(field, search),
    queryFn: () =>
      api
        .get<{ count: number; result: RelatedOption[] }>(`${DASHBOARDS_PATH}related/${field}`, {
          filter: search,
          page: 0,
          page_size: 100,
        })
        .then((body) => body.result),
    staleTime: 60_000,
    enabled,
  });
}

/** `POST /api/v1/dashboard/`: answers the new dashboard's id. */
export function useCreateDashboard() {
  return useInvalidatingMutation(dashboardKeys.all, (body: { dashboard_title: string }) =>
    api.post<{ id: number; result: Record<string, unknown> }>(DASHBOARDS_PATH, body),
  );
}

/** `PUT /api/v1/dashboard/{id}` with the properties body. */
export function useSaveDashboardProperties() {
  return useInvalidatingMutation(
    dashboardKeys.all,
    ({ id, body }: { id: number; body: DashboardPropertiesBody }) =>
      api.put<DashboardPutResponse>(`${DASHBOARDS_PATH}${id}`, body),
  );
}

/** Deletes one dashboard or several with one request (`DELETE /dashboard/?q=!(ids)`). */
export function useDeleteDashboards() {
  return useInvalidatingMutation(dashboardKeys.all, (ids: number[]) => deleteIds(DASHBOARDS_PATH, ids));
}

/** `GET /api/v1/dashboard/favorite_status/?q=!(ids)` → id → starred. */
export function useDashboardFavoriteStatus(ids: readonly number[]) {
  return useFavoriteStatus(DASHBOARD_FAVORITES, ids);
}

/** Stars or unstars a dashboard; the star changes at once and a failure puts it back. */
export function useToggleDashboardFavorite() {
  return useToggleFavorite(DASHBOARD_FAVORITES);
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return parseJson(text);
  } catch {
    return null;
  }
}

async function failure(response: Response): Promise<never> {
  if (response.status === 401) window.location.assign(loginUrl());
  throw errorFromResponse(response.status, parseBody(await response.text()));
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** `GET /api/v1/dashboard/export/?q=!(ids)`: the ZIP bundle of the dashboards with their charts. */
export async function exportDashboards(ids: number[]): Promise<ExportedFile> {
  let response: Response;
  try {
    response = await fetch(`${DASHBOARDS_PATH}export/?q=${encodeURIComponent(`!(${ids.join(',')})`)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/zip, application/json' },
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) return failure(response);
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    `dashboard_export_${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}.zip`;
  return { blob: await response.blob(), fileName };
}

/** `POST /api/v1/dashboard/import/` (multipart `formData`, `overwrite`): a bundle exported before. */
export async function importDashboards(file: File, overwrite: boolean): Promise<{ message: string }> {
  const form = new FormData();
  form.append('formData', file);
  form.append('overwrite', overwrite ? 'true' : 'false');
  let response: Response;
  try {
    response = await fetch(`${DASHBOARDS_PATH}import/`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-CSRFToken': await fetchCsrfToken() },
      body: form,
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) return failure(response);
  return (parseBody(await response.text()) ?? { message: 'OK' }) as { message: string };
}

export function useImportDashboards() {
  return useInvalidatingMutation(
    dashboardKeys.all,
    ({ file, overwrite }: { file: File; overwrite: boolean }) => importDashboards(file, overwrite),
  );
}
