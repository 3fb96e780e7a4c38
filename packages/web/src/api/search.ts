import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchHit, SearchResponse } from '@vitrina/common';
import { api } from './client.ts';

/** `GET /api/v1/search/`: the navigation's one search over every kind of object the caller may open. */
const SEARCH_PATH = '/api/v1/search/';

export type { SearchHit } from '@vitrina/common';

/** How many hits of each kind the search box shows. */
export const SEARCH_LIMIT_PER_KIND = 5;

export function useSearch(query: string) {
  return useQuery<SearchHit[]>({
    queryKey: ['search', query],
    queryFn: () =>
      api
        .get<SearchResponse>(SEARCH_PATH, { query, limit: SEARCH_LIMIT_PER_KIND })
        .then((body) => body.result),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
