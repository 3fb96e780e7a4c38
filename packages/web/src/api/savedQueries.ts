/** Saved queries (`/api/v1/saved_query/`, superset-api.md §2.3). */
import type { ItemResponse, ListQueryParams, SavedQuery, SavedQueryWriteRequest } from '@vitrina/common';
import { withScheduleInfo } from '@vitrina/common';
import { api } from './client.ts';
import { deleteIds, useInvalidatingMutation, useListQuery } from './resource.ts';

export const SAVED_QUERIES_PATH = '/api/v1/saved_query/';

export const savedQueryKeys = {
  all: ['savedQueries'] as const,
  list: (query: ListQueryParams) => ['savedQueries', 'list', query] as const,
};

export function useSavedQueries(query: ListQueryParams) {
  return useListQuery<SavedQuery>(savedQueryKeys.list(query), SAVED_QUERIES_PATH, query);
}

export function fetchSavedQuery(id: number): Promise<SavedQuery> {
  return api.get<ItemResponse<SavedQuery>>(`${SAVED_QUERIES_PATH}${id}`).then((body) => body.result);
}

export function createSavedQuery(body: SavedQueryWriteRequest) {
  return api.post<{ id: number; result: SavedQueryWriteRequest }>(SAVED_QUERIES_PATH, body);
}

export function updateSavedQuery(id: number, body: SavedQueryWriteRequest) {
  return api.put<{ id: number; result: SavedQueryWriteRequest }>(`${SAVED_QUERIES_PATH}${id}`, body);
}

export function useDeleteSavedQuery() {
  return useInvalidatingMutation(savedQueryKeys.all, (id: number) =>
    api.delete(`${SAVED_QUERIES_PATH}${id}`),
  );
}

export function useBulkDeleteSavedQueries() {
  return useInvalidatingMutation(savedQueryKeys.all, (ids: number[]) => deleteIds(SAVED_QUERIES_PATH, ids));
}

/** Stops a saved query's schedule: its extra_json without schedule_info (the other keys kept). */
export function useUnscheduleSavedQuery() {
  return useInvalidatingMutation(savedQueryKeys.all, (query: SavedQuery) =>
    api.put(`${SAVED_QUERIES_PATH}${query.id}`, {
      extra_json: withScheduleInfo(JSON.stringify(query.extra ?? {}), null),
    }),
  );
}
