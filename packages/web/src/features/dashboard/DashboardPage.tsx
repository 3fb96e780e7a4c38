import { Button, Empty, Flex, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fetchCsrfToken } from '../../api/client.ts';
import { useDashboard, useDashboardDatasets } from '../../api/dashboards.ts';
import { ApiError } from '../../api/errors.ts';
import { useCurrentUserRoles } from '../../api/me.ts';
import { navigationStart } from '../../app/eventLog/index.ts';
import { ErrorBox, StatusResult } from '../../components/index.ts';
import { useDashboardCharts } from './api.ts';
import { DashboardScreen } from './DashboardScreen.tsx';
import { useOpeningPermalink } from './permalink/PermalinkRestorer.tsx';

function Loading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}

/** A dashboard by id or slug (`/superset/dashboard/{id_or_slug}/`): loads it, then shows it. */
export function DashboardPage() {
  const { idOrSlug = '' } = useParams();
  return <DashboardById idOrSlug={idOrSlug} />;
}

/** Loads a dashboard with its charts and the viewer's roles, then shows it (the embedded page too). */
export function DashboardById({ idOrSlug }: { idOrSlug: string }) {
  const { t } = useTranslation();
  // The page's reads go out together, not one after another: the dashboard, its charts, and (once its
  // id is known) the datasets its charts draw with; the session's CSRF token too, which the charts'
  // data request needs.
  const dashboard = useDashboard(idOrSlug);
  const charts = useDashboardCharts(idOrSlug);
  useDashboardDatasets(dashboard.data?.id);
  useEffect(() => {
    fetchCsrfToken().catch(() => undefined);
  }, []);
  const me = useCurrentUserRoles();
  const permalink = useOpeningPermalink();
  // When the page began to open (the browser's navigation, or the in-app link followed): mount_dashboard's start.
  const [openedAt] = useState(navigationStart);

  const error = dashboard.error ?? charts.error ?? me.error;
  if (error) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <Empty description={t('dashboard.notFound', { idOrSlug })}>
          <Link to="/dashboard/list/">
            <Button type="primary">{t('dashboard.backToList')}</Button>
          </Link>
        </Empty>
      );
    }
    if (error instanceof ApiError && error.status === 403) {
      return <StatusResult status="403" title={t('dashboard.forbidden')} />;
    }
    return <ErrorBox error={error} />;
  }
  if (!dashboard.data || !charts.data || !me.data || permalink.pending) return <Loading />;
  return (
    <DashboardScreen
      // A different dashboard starts a new session.
      key={dashboard.data.id}
      dashboard={dashboard.data}
      charts={charts.data}
      user={me.data}
      permalink={permalink.state}
      openedAt={openedAt}
    />
  );
}
