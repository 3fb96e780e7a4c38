import { useQuery } from '@tanstack/react-query';
import type { FeatureFlagsResponse } from '@vitrina/common';
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
  | 'TAGGING_SYSTEM'
  | 'CONFIRM_DASHBOARD_DIFF';

export type FeatureFlags = Partial<Record<FeatureFlag, boolean>>;

export const featureFlagKeys = { all: ['featureFlags'] as const };

type FeatureFlagsBody = { result: FeatureFlags; conf?: Partial<FeatureFlagsResponse['conf']> };

const featureFlagsQuery = {
  queryKey: featureFlagKeys.all,
  queryFn: () => api.get<FeatureFlagsBody>('/api/v1/feature_flags/'),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The server's feature flags (`GET /api/v1/feature_flags/`); they change only with a restart. */
export function useFeatureFlags() {
  return useQuery({ ...featureFlagsQuery, select: (body: FeatureFlagsBody) => body.result });
}

/** The settings the server sends with its flags (Superset's `conf`); empty until they have loaded. */
export function useServerConf() {
  return useQuery({ ...featureFlagsQuery, select: (body: FeatureFlagsBody) => body.conf ?? {} });
}

/** One flag; false until the flags have loaded. */
export function useFeatureFlag(flag: FeatureFlag): boolean {
  return useFeatureFlags().data?.[flag] === true;
}
