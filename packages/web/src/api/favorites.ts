import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteStatus } from '@vitrina/common';
import { api } from './client.ts';
import type { RisonValue } from './rison.ts';

/** A resource that can be starred: its API path (`/api/v1/chart/`) and its query-key root (`['charts']`). */
export interface FavoriteResource {
  path: string;
  root: readonly [string];
}

/** The key of one favourite-status query; the ids are sorted so the same set shares one cache entry. */
export function favoritesKey({ root }: FavoriteResource, ids: readonly number[]) {
  return [...root, 'favorites', [...ids].sort((a, b) => a - b)] as const;
}

/** `GET <path>favorite_status/?q=!(ids)` → id → starred. */
export function useFavoriteStatus(resource: FavoriteResource, ids: readonly number[]) {
  return useQuery({
    queryKey: favoritesKey(resource, ids),
    queryFn: () =>
      api
        .get<{ result: FavoriteStatus[] }>(`${resource.path}favorite_status/`, [...ids] as RisonValue)
        .then((body) => Object.fromEntries(body.result.map((item) => [item.id, item.value]))),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
  });
}

/**
 * Stars or unstars one item (`POST` / `DELETE <path>{id}/favorites/`). The star changes at once; a failure
 * puts it back. Everything of the resource is asked again either way, so lists filtered by favourites follow.
 */
export function useToggleFavorite(resource: FavoriteResource) {
  const queryClient = useQueryClient();
  const favoriteQueries = { queryKey: [...resource.root, 'favorites'] };
  return useMutation({
    mutationFn: ({ id, starred }: { id: number; starred: boolean }) =>
      starred
        ? api.post<{ result: string }>(`${resource.path}${id}/favorites/`)
        : api.delete<{ result: string }>(`${resource.path}${id}/favorites/`),
    onMutate: async ({ id, starred }) => {
      await queryClient.cancelQueries(favoriteQueries);
      const before = queryClient.getQueriesData<Record<number, boolean>>(favoriteQueries);
      queryClient.setQueriesData<Record<number, boolean>>(favoriteQueries, (status) =>
        status && id in status ? { ...status, [id]: starred } : status,
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, status] of context?.before ?? []) queryClient.setQueryData(key, status);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resource.root }),
  });
}
