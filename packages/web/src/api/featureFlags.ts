import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/** The flags Vitrina knows; the server may send more, which the app ignores. */
export type FeatureFlag =
  | 'ALERT_REPORTS'
  | 'DASHBOARD_CROSS_FILTERS'
  | 'DASHBOARD_RBAC'
  | 'EMBEDDED_SUPERSET'
  | 'ENABLE_TEMPLATE_PROCESSING'
  | 'GLOBAL_ASYNC_QUERIES'
  | 'HORIZONTAL_FILTER_BAR'
  | 'SQLLAB_BACKEND_PERSISTENCE'
  | 'CONFIRM_DASHBOARD_DIFF';

export type FeatureFlags = Partial<Record<FeatureFlag, boolean>>;

export const featureFlagKeys = { all: ['featureFlags'] as const };

/** The server's feature flags (`GET /api/v1/feature_flags/`); they change only with a restart. */
export function useFeatureFlags() {
  return useQuery({
    queryKey: featureFlagKeys.all,
    queryFn: () => api.get<{ result: FeatureFlags }>('/api/v1/feature_flags/').then((body) => body.result),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One flag; false until the flags have loaded. */
export function useFeatureFlag(flag: FeatureFlag): boolean {
  return useFeatureFlags().data?.[flag] === true;
}
