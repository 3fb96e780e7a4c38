import type { DashboardListItemDto } from '@vitrina/common';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CertifiedBadge,
  LastModified as ListLastModified,
  localizedName,
} from '../../../components/index.ts';
import { dashboardPath } from './paths.ts';

/** A dashboard's title in the UI language (the Russian one when the UI is Russian and it is set). */
export function useDashboardTitle() {
  const { i18n } = useTranslation();
  return (dashboard: Pick<DashboardListItemDto, 'dashboard_title' | 'dashboard_title_ru'>) =>
    localizedName(dashboard.dashboard_title, dashboard.dashboard_title_ru, i18n.language);
}

/** The title linking to the dashboard, with the certified mark. */
export function DashboardTitleLink({ dashboard }: { dashboard: DashboardListItemDto }) {
  const title = useDashboardTitle()(dashboard);
  return (
    <Space size={6}>
      <CertifiedBadge certifiedBy={dashboard.certified_by} details={dashboard.certification_details} />
      <Link to={dashboardPath(dashboard)}>{title}</Link>
    </Space>
  );
}

/** Published or draft, as a coloured tag. */
export function StatusTag({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return published ? (
    <Tag color="green">{t('dashboards.status.published')}</Tag>
  ) : (
    <Tag>{t('dashboards.status.draft')}</Tag>
  );
}

export function userName(user: { id: number; first_name: string; last_name: string } | null): string {
  if (!user) return '';
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || String(user.id);
}

/** The "by {{name}}" after a dashboard's change date, in the dashboards' own words. */
export function useDashboardModifiedBy() {
  const { t } = useTranslation();
  return (name: string) => t('dashboards.modifiedBy', { name });
}

/** When the dashboard was last changed, and by whom when known. */
export function LastModified({ dashboard }: { dashboard: DashboardListItemDto }) {
  return <ListLastModified item={dashboard} modifiedBy={useDashboardModifiedBy()} />;
}
