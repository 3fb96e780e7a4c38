import { InfoCircleOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChartListItem } from '../../api/charts.ts';
import { CertifiedBadge, LastModified as ListLastModified, localizedName } from '../../components/index.ts';
import { dashboardPath, exploreChartPath } from './paths.ts';

/** A chart's title in the UI language (the Russian one when the UI is Russian and it is set). */
export function useChartTitle() {
  const { i18n } = useTranslation();
  return (chart: Pick<ChartListItem, 'slice_name' | 'slice_name_ru'>) =>
    localizedName(chart.slice_name, chart.slice_name_ru, i18n.language);
}

/** The title linking into explore, with the certified mark and the description behind an info icon. */
export function ChartTitleLink({ chart }: { chart: ChartListItem }) {
  const title = useChartTitle()(chart);
  return (
    <Space size={6}>
      <CertifiedBadge certifiedBy={chart.certified_by} details={chart.certification_details} />
      <Link to={exploreChartPath(chart.id)}>{title}</Link>
      {chart.description && (
        <Tooltip title={chart.description}>
          <InfoCircleOutlined style={{ color: 'var(--ant-color-text-tertiary)' }} />
        </Tooltip>
      )}
    </Space>
  );
}

/** The dashboards a chart is on, each a link with its title in the UI language. */
export function DashboardLinks({ dashboards }: { dashboards: ChartListItem['dashboards'] | undefined }) {
  const { i18n } = useTranslation();
  if (!dashboards || dashboards.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {dashboards.map((dashboard) => (
        <Tag key={dashboard.id}>
          <Link to={dashboardPath(dashboard.id)}>
            {localizedName(dashboard.dashboard_title, dashboard.dashboard_title_ru, i18n.language)}
          </Link>
        </Tag>
      ))}
    </Space>
  );
}

/** The "by {{name}}" after a chart's change date, in the charts' own words. */
export function useChartModifiedBy() {
  const { t } = useTranslation();
  return (name: string) => t('charts.modifiedBy', { name });
}

/** When the chart was last changed, and by whom when known. */
export function LastModified({ chart }: { chart: ChartListItem }) {
  return <ListLastModified item={chart} modifiedBy={useChartModifiedBy()} />;
}

/** The dataset's name without its schema (`main.sales` → `sales`); the full name in the tooltip. */
export function DatasetName({ chart }: { chart: Pick<ChartListItem, 'datasource_name_text'> }) {
  const full = chart.datasource_name_text ?? '';
  const short = full.includes('.') ? full.split('.').slice(1).join('.') : full;
  return short ? (
    <Tooltip title={full}>
      <span>{short}</span>
    </Tooltip>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
}
