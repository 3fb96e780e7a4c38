import { useDashboardFavoriteStatus, useToggleDashboardFavorite } from '../../../api/dashboards.ts';
import { useListFavorites } from '../../../components/index.ts';

/** The star state of the listed dashboards and a toggle; failures get the spec's toasts. */
export function useDashboardFavorites(ids: readonly number[]) {
  return useListFavorites(useDashboardFavoriteStatus(ids), useToggleDashboardFavorite(), {
    toggleError: 'dashboards.starError',
    statusError: 'dashboards.starStatusError',
  });
}
