import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilterSetItem } from '@vitrina/common';
import { api } from '../../../api/client.ts';

/** A filter set as `GET /api/v1/dashboard/{id}/filtersets` lists it: the common REST contract. */
export type FilterSet = FilterSetItem;

// The contract leaves the create and update bodies unchecked (FilterSetRequest is `unknown`),
// so what this app sends is written out here.
export interface FilterSetCreate {
  name: string;
  owner_type: 'Dashboard' | 'User';
  owner_id: number;
  is_primary: boolean;
  json_metadata: string;
}

export type FilterSetChange = Partial<Pick<FilterSetCreate, 'name' | 'is_primary' | 'json_metadata'>>;

const path = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/filtersets`;

export const filterSetKeys = {
  list: (dashboardId: number) => ['dashboard', dashboardId, 'filterSets'] as const,
};

export function fetchFilterSets(dashboardId: number): Promise<FilterSet[]> {
  return api.get<{ result: FilterSet[] }>(path(dashboardId)).then((body) => body.result);
}

export function createFilterSet(dashboardId: number, body: FilterSetCreate): Promise<FilterSet> {
  return api.post<{ result: FilterSet }>(path(dashboardId), body).then((answer) => answer.result);
}

export function updateFilterSet(dashboardId: number, id: number, body: FilterSetChange): Promise<FilterSet> {
  return api.put<{ result: FilterSet }>(`${path(dashboardId)}/${id}`, body).then((answer) => answer.result);
}

export function deleteFilterSet(dashboardId: number, id: number): Promise<unknown> {
  return api.delete(`${path(dashboardId)}/${id}`);
}

export function useFilterSets(dashboardId: number) {
  return useQuery({ queryKey: filterSetKeys.list(dashboardId), queryFn: () => fetchFilterSets(dashboardId) });
}

type FilterSetAction =
  | { kind: 'create'; body: FilterSetCreate }
  | { kind: 'update'; id: number; body: FilterSetChange }
  | { kind: 'delete'; id: number };

/** Create, update and delete (begin, then complete, then reload the list, as the spec says). */
export function useFilterSetMutation(dashboardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: FilterSetAction): Promise<unknown> => {
      switch (action.kind) {
        case 'create':
          return createFilterSet(dashboardId, action.body);
        case 'update':
          return updateFilterSet(dashboardId, action.id, action.body);
        case 'delete':
          return deleteFilterSet(dashboardId, action.id);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: filterSetKeys.list(dashboardId) }),
  });
}
