import { Button, Empty, Flex, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/errors.ts';
import { ErrorBox } from '../../../components/index.ts';
import { usePermalink } from './api.ts';
import { permalinkTarget } from './permalinkState.ts';

/**
 * `/superset/dashboard/p/{key}/`: reads the permalink and opens its dashboard with the key, which
 * the dashboard page uses to restore the selection, the tabs and the anchor.
 */
export function DashboardPermalinkPage() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const permalink = usePermalink(key);

  useEffect(() => {
    if (!permalink.data) return;
    void navigate(permalinkTarget(permalink.data.dashboardId, key, permalink.data.state), { replace: true });
  }, [permalink.data, key, navigate]);

  const error = permalink.error;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Empty description={t('crossFilters.permalink.notFound')}>
        <Link to="/dashboard/list/">
          <Button type="primary">{t('crossFilters.permalink.backToList')}</Button>
        </Link>
      </Empty>
    );
  }
  if (error instanceof ApiError && error.status === 403) {
    return <Result status="403" title={t('crossFilters.permalink.forbidden')} />;
  }
  if (error) return <ErrorBox error={error} />;
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
