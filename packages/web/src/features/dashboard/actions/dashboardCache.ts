import type { QueryClient } from '@tanstack/react-query';
import type { DashboardDto } from '@vitrina/common';
import { dashboardKeys } from '../../../api/dashboards.ts';
import { dashboardPageKeys } from '../api.ts';

/**
 * Writes a changed dashboard into the page's cached copies (one per id or slug it was opened by) and
 * marks the dashboards list stale, so every screen shows the change without a reload.
 */
export function updateCachedDashboard(
  queryClient: QueryClient,
  id: number,
  change: (dashboard: DashboardDto) => DashboardDto,
): void {
  queryClient.setQueriesData<DashboardDto>({ queryKey: [...dashboardPageKeys.all, 'detail'] }, (cached) =>
    cached && cached.id === id ? change(cached) : cached,
  );
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/** Stores a dashboard read after a save under the keys its new address will use (id and slug). */
export function storeDashboard(queryClient: QueryClient, dashboard: DashboardDto): void {
  updateCachedDashboard(queryClient, dashboard.id, () => dashboard);
  queryClient.setQueryData(dashboardPageKeys.dashboard(String(dashboard.id)), dashboard);
  if (dashboard.slug) queryClient.setQueryData(dashboardPageKeys.dashboard(dashboard.slug), dashboard);
}
