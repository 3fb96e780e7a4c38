import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbeddedDashboard, EmbeddedDashboardResponse } from '@vitrina/common';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';

/** A dashboard's embedding configuration (`/api/v1/dashboard/{id}/embedded`) and its page's lookup. */

const embeddedKey = (dashboardId: number) => ['dashboard', dashboardId, 'embedded'] as const;
const embeddedPath = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/embedded`;

/** The configuration, or null while the dashboard is not embedded (the API's 404). */
export function useEmbeddedConfig(dashboardId: number) {
  return useQuery({
    queryKey: embeddedKey(dashboardId),
    queryFn: () =>
      api
        .get<EmbeddedDashboardResponse>(embeddedPath(dashboardId))
        .then((body): EmbeddedDashboard | null => body.result)
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
  });
}

export function useSaveEmbedded(dashboardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowedDomains: string[]) =>
      api
        .put<EmbeddedDashboardResponse>(embeddedPath(dashboardId), { allowed_domains: allowedDomains })
        .then((body) => body.result),
    onSuccess: (saved) => queryClient.setQueryData(embeddedKey(dashboardId), saved),
  });
}

export function useDeleteEmbedded(dashboardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(embeddedPath(dashboardId)),
    onSuccess: () => queryClient.setQueryData(embeddedKey(dashboardId), null),
  });
}

/** The dashboard an embedded page shows (`GET /api/v1/embedded_dashboard/{uuid}`), once it has a token. */
export function useEmbeddedDashboard(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['embedded_dashboard', uuid],
    queryFn: () =>
      api
        .get<EmbeddedDashboardResponse>(`/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}`)
        .then((body) => body.result),
    enabled,
    retry: false,
  });
}
