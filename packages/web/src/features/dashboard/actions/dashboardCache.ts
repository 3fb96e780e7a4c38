import type { QueryClient } from '@tanstack/react-query';
import type { DashboardDto } from '@vitrina/common';
import { dashboardKeys } from '../../../api/dashboards.ts';

/**
 * Writes a changed dashboard into its cached copies (one per id or slug it was read by) and marks the
 * dashboards' lists stale, so every screen shows the change without a reload. The copies are written,
 * not refetched: an open dashboard keeps its session.
 */
export function updateCachedDashboard(
  queryClient: QueryClient,
  id: number,
  change: (dashboard: DashboardDto) => DashboardDto,
): void {
  queryClient.setQueriesData<DashboardDto>({ queryKey: dashboardKeys.details }, (cached) =>
    cached && cached.id === id ? change(cached) : cached,
  );
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/** Stores a dashboard read after a save under the keys its new address will use (id and slug). */
export function storeDashboard(queryClient: QueryClient, dashboard: DashboardDto): void {
  updateCachedDashboard(queryClient, dashboard.id, () => dashboard);
  queryClient.setQueryData(dashboardKeys.detail(dashboard.id), dashboard);
  if (dashboard.slug) queryClient.setQueryData(dashboardKeys.detail(dashboard.slug), dashboard);
}
