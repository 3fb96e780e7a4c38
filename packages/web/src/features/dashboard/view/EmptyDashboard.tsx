import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDashboardContext } from '../context.ts';

/**
 * What a dashboard without components shows (Superset's empty states): in edit mode, where to drag
 * from; in view mode, that it has no charts, and for an editor the way into edit mode.
 */
export function EmptyDashboard({ editing }: { editing: boolean }) {
  const { t } = useTranslation();
  const { permissions, dispatch } = useDashboardContext();
  if (editing) {
    return (
      <Empty
        data-test="dashboard-empty"
        style={{ padding: '48px 16px', pointerEvents: 'none' }}
        description={
          <>
            <Typography.Title level={5}>{t('dashboard.empty.editTitle')}</Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.empty.editBody')}</Typography.Text>
          </>
        }
      />
    );
  }
  return (
    <Empty
      data-test="dashboard-empty"
      style={{ padding: '48px 16px' }}
      description={
        <>
          <Typography.Title level={5}>{t('dashboard.empty.viewTitle')}</Typography.Title>
          {permissions.edit && (
            <Typography.Text type="secondary">{t('dashboard.empty.viewBody')}</Typography.Text>
          )}
        </>
      }
    >
      {permissions.edit && (
        <Button type="primary" onClick={() => dispatch({ type: 'setEditing', editing: true })}>
          {t('dashboard.empty.editButton')}
        </Button>
      )}
    </Empty>
  );
}
