import { useQuery } from '@tanstack/react-query';
import type { DataMaskMap } from '@vitrina/common';
import { api } from '../../../api/client.ts';

/** What a dashboard permalink keeps (reference §4.5). */
export interface PermalinkState {
  dataMask?: DataMaskMap;
  activeTabs?: string[];
  anchor?: string;
  urlParams?: Array<[string, string]>;
}

export interface StoredPermalink {
  dashboardId: string;
  state: PermalinkState;
}

/** `POST /api/v1/dashboard/{id_or_slug}/permalink`: the key and the address to share. */
export function createPermalink(
  idOrSlug: number | string,
  state: PermalinkState,
): Promise<{ key: string; url: string }> {
  return api.post<{ key: string; url: string }>(`/api/v1/dashboard/${idOrSlug}/permalink`, state);
}

/** `GET /api/v1/dashboard/permalink/{key}`. */
export function fetchPermalink(key: string): Promise<StoredPermalink> {
  return api.get<StoredPermalink>(`/api/v1/dashboard/permalink/${encodeURIComponent(key)}`);
}

export const permalinkKeys = { one: (key: string) => ['dashboardPermalink', key] as const };

/** A stored permalink; it never changes, so it is read once. */
export function usePermalink(key: string | null) {
  return useQuery({
    queryKey: permalinkKeys.one(key ?? ''),
    queryFn: () => fetchPermalink(key as string),
    enabled: key !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
