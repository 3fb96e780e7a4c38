import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardFavoriteStatus, useToggleDashboardFavorite } from '../../../api/dashboards.ts';
import { useToasts } from '../../../components/index.ts';

/** The favourite star of one dashboard: its state from favorite_status, toggled by POST/DELETE favorites. */
export function FavoriteStar({ dashboardId }: { dashboardId: number }) {
  const { t } = useTranslation();
  const { addDangerToast } = useToasts();
  const status = useDashboardFavoriteStatus([dashboardId]);
  const toggle = useToggleDashboardFavorite();
  const starred = status.data?.[dashboardId] === true;
  const statusFailed = status.isError;

  useEffect(() => {
    if (statusFailed) addDangerToast(t('dashboardActions.favorite.fetchError'));
  }, [statusFailed, addDangerToast, t]);

  const label = t(starred ? 'dashboardActions.favorite.remove' : 'dashboardActions.favorite.add');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={starred}
        data-testid="dashboard-favorite"
        disabled={status.isPending}
        icon={starred ? <StarFilled style={{ color: '#fbc700' }} /> : <StarOutlined />}
        onClick={() =>
          toggle.mutate(
            { id: dashboardId, starred: !starred },
            { onError: () => addDangerToast(t('dashboardActions.favorite.toggleError')) },
          )
        }
      />
    </Tooltip>
  );
}
