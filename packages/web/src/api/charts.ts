import { useQuery } from '@tanstack/react-query';
import type {
  Chart,
  ChartListItem,
  ChartWriteRequest,
  ItemResponse,
  ListFilter,
  ListQueryParams,
  ListResponse,
} from '@vitrina/common';
import { api } from './client.ts';
import { type FavoriteResource, favoritesKey, useFavoriteStatus, useToggleFavorite } from './favorites.ts';
import { listQueryToRison } from './listQuery.ts';
import { deleteIds, useInvalidatingMutation, useListQuery } from './resource.ts';

/**
 * The charts API (`/api/v1/chart/`), with Superset's paths and payloads (superset-api.md §3.4) plus
 * Vitrina's Russian title (`slice_name_ru`).
 */
const CHARTS_PATH = '/api/v1/chart/';

/** The spec's page size for the saved-chart list a dashboard author adds charts from. */
export const SAVED_CHARTS_PAGE_SIZE = 200;

export type { Chart, ChartListItem, ChartWriteRequest, FavoriteStatus } from '@vitrina/common';

export interface RelatedOption {
  value: number;
  text: string;
}

export const chartKeys = {
  all: ['charts'] as const,
  list: (query: ListQueryParams) => ['charts', 'list', query] as const,
  detail: (id: number) => ['charts', 'detail', id] as const,
  related: (field: string) => ['charts', 'related', field] as const,
  favorites: (ids: readonly number[]) => favoritesKey(CHART_FAVORITES, ids),
  saved: (search: string, owner: number | undefined) => ['charts', 'saved', search, owner ?? null] as const,
  dashboardOptions: ['charts', 'dashboardOptions'] as const,
};

const CHART_FAVORITES: FavoriteResource = { path: CHARTS_PATH, root: chartKeys.all };

export function useCharts(query: ListQueryParams) {
  return useListQuery<ChartListItem>(chartKeys.list(query), CHARTS_PATH, query);
}

export function useChart(id: number | undefined) {
  return useQuery({
    queryKey: chartKeys.detail(id ?? 0),
    queryFn: () => api.get<ItemResponse<Chart>>(`${CHARTS_PATH}${id}`).then((body) => body.result),
    enabled: id !== undefined,
  });
}

/** `GET /api/v1/chart/related/{field}`: the owners a filter can pick. */
export function useChartRelated(field: 'owners' | 'created_by' | 'changed_by') {
  return useQuery({
    queryKey: chartKeys.related(field),
    queryFn: () =>
      api
        .get<{ count: number; result: RelatedOption[] }>(`${CHARTS_PATH}related/${field}`, {
          page: 0,
          page_size: 100,
        })
        .then((body) => body.result),
    staleTime: 60_000,
  });
}

export function useCreateChart() {
  return useInvalidatingMutation(chartKeys.all, (chart: ChartWriteRequest) =>
    api.post<ItemResponse<Chart>>(CHARTS_PATH, chart),
  );
}

export function useUpdateChart() {
  return useInvalidatingMutation(
    chartKeys.all,
    ({ id, changes }: { id: number; changes: Partial<ChartWriteRequest> }) =>
      api.put<ItemResponse<Chart>>(`${CHARTS_PATH}${id}`, changes),
  );
}

/** Deletes one chart (`DELETE /chart/{id}`) or several at once (`DELETE /chart/?q=!(ids)`). */
export function useDeleteCharts() {
  return useInvalidatingMutation(chartKeys.all, (ids: number[]) => deleteIds(CHARTS_PATH, ids));
}

/** `GET /api/v1/chart/favorite_status/?q=!(ids)` → id → starred. */
export function useChartFavoriteStatus(ids: readonly number[]) {
  return useFavoriteStatus(CHART_FAVORITES, ids);
}

/** Stars or unstars a chart; the star changes at once and a failure puts it back. */
export function useToggleChartFavorite() {
  return useToggleFavorite(CHART_FAVORITES);
}

/** The list query of the saved charts a dashboard author picks from: text search and owner, 200 a page. */
export function savedChartsQuery(search: string, owner?: number): ListQueryParams {
  const filters: ListFilter[] = [];
  const text = search.trim();
  if (text) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: text });
  if (owner !== undefined) filters.push({ col: 'owners', opr: 'rel_m_m', value: owner });
  return {
    ...(filters.length > 0 ? { filters } : {}),
    order_column: 'changed_on_delta_humanized',
    order_direction: 'desc',
    page: 0,
    page_size: SAVED_CHARTS_PAGE_SIZE,
  };
}

/** The saved charts a dashboard author adds to a dashboard (`GET /api/v1/chart/?q=…`, 200 a page). */
export function useSavedCharts(search: string, owner?: number) {
  return useQuery({
    queryKey: chartKeys.saved(search, owner),
    queryFn: () =>
      api.get<ListResponse<ChartListItem>>(CHARTS_PATH, listQueryToRison(savedChartsQuery(search, owner))),
  });
}

export interface DashboardOption {
  id: number;
  dashboard_title: string;
  dashboard_title_ru: string | null;
}

/** The dashboards the chart list can be filtered by (`GET /api/v1/dashboard/?q=…`, by title). */
export function useChartDashboardOptions() {
  return useQuery({
    queryKey: chartKeys.dashboardOptions,
    queryFn: () =>
      api
        .get<ListResponse<DashboardOption>>(
          '/api/v1/dashboard/',
          listQueryToRison({
            columns: ['id', 'dashboard_title', 'dashboard_title_ru'],
            order_column: 'dashboard_title',
            order_direction: 'asc',
            page: 0,
            page_size: 100,
          }),
        )
        .then((body) => body.result),
    staleTime: 60_000,
  });
}
