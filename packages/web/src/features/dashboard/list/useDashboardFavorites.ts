import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardFavoriteStatus, useToggleDashboardFavorite } from '../../../api/dashboards.ts';
import { useToasts } from '../../../components/index.ts';

/** The star state of the listed dashboards and a toggle; failures get the spec's toasts. */
export function useDashboardFavorites(ids: readonly number[]) {
  const { t } = useTranslation();
  const { addDangerToast } = useToasts();
  const status = useDashboardFavoriteStatus(ids);
  const toggle = useToggleDashboardFavorite();
  const statusFailed = status.isError;
  useEffect(() => {
    if (statusFailed) addDangerToast(t('dashboards.starStatusError'));
  }, [statusFailed, addDangerToast, t]);
  return {
    isStarred: (id: number) => status.data?.[id] === true,
    toggle: (id: number) =>
      toggle.mutate(
        { id, starred: status.data?.[id] !== true },
        { onError: () => addDangerToast(t('dashboards.starError')) },
      ),
  };
}
