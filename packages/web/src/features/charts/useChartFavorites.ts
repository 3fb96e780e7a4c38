import { useChartFavoriteStatus, useToggleChartFavorite } from '../../api/charts.ts';
import { useListFavorites } from '../../components/index.ts';

/** The star state of the listed charts and a toggle that says so when starring fails. */
export function useChartFavorites(ids: readonly number[]) {
  return useListFavorites(useChartFavoriteStatus(ids), useToggleChartFavorite(), {
    toggleError: 'charts.starError',
  });
}
