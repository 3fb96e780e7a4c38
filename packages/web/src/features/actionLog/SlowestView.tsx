import { SLOWEST_DAYS, type SlowestChart, type SlowestDashboard, type SlowestDays } from '@vitrina/common';
import { Flex, Segmented, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBox, ListTable, useFormat } from '../../components/index.ts';
import { useSlowest } from './api.ts';

const PERIOD_KEYS: Record<SlowestDays, string> = {
  1: 'actionLog.slowest.day1',
  7: 'actionLog.slowest.days7',
  30: 'actionLog.slowest.days30',
};

/** The slowest charts (server time) and dashboards (until all charts loaded) of the last days. */
export function SlowestView() {
  const { t } = useTranslation();
  const format = useFormat();
  const [days, setDays] = useState<SlowestDays>(7);
  const slowest = useSlowest(days);
  const ms = (value: number) =>
    t('actionLog.milliseconds', { value: format.number(value, { maximumFractionDigits: 0 }) });
  const timing = <T extends { count: number; avg_duration_ms: number; max_duration_ms: number }>() =>
    [
      { key: 'count', dataIndex: 'count', title: t('actionLog.slowest.count'), align: 'right' },
      {
        key: 'avg',
        dataIndex: 'avg_duration_ms',
        title: t('actionLog.slowest.average'),
        align: 'right',
        render: ms,
      },
      {
        key: 'max',
        dataIndex: 'max_duration_ms',
        title: t('actionLog.slowest.max'),
        align: 'right',
        render: ms,
      },
      {
        key: 'last',
        dataIndex: 'last_seen',
        title: t('actionLog.slowest.lastSeen'),
        render: (value: string) => format.date(value),
      },
    ] as TableColumnsType<T>;

  const chartColumns: TableColumnsType<SlowestChart> = [
    {
      key: 'chart',
      title: t('actionLog.slowest.chart'),
      render: (_value, chart) => (
        <Link to={`/explore/?slice_id=${chart.slice_id}`} data-test="slowest-chart">
          {chart.slice_name ?? t('actionLog.slowest.untitled', { id: chart.slice_id })}
        </Link>
      ),
    },
    { key: 'viz_type', dataIndex: 'viz_type', title: t('actionLog.slowest.vizType') },
    ...timing<SlowestChart>(),
  ];
  const dashboardColumns: TableColumnsType<SlowestDashboard> = [
    {
      key: 'dashboard',
      title: t('actionLog.slowest.dashboard'),
      render: (_value, dashboard) => (
        <Link to={`/superset/dashboard/${dashboard.dashboard_id}/`} data-test="slowest-dashboard">
          {dashboard.dashboard_title ?? t('actionLog.slowest.untitled', { id: dashboard.dashboard_id })}
        </Link>
      ),
    },
    ...timing<SlowestDashboard>(),
  ];

  return (
    <Flex vertical gap={16}>
      <Segmented<SlowestDays>
        aria-label={t('actionLog.slowest.period')}
        value={days}
        options={SLOWEST_DAYS.map((value) => ({ value, label: t(PERIOD_KEYS[value]) }))}
        onChange={setDays}
        style={{ alignSelf: 'flex-start' }}
      />
      {slowest.isError && <ErrorBox error={slowest.error} />}
      <section data-test="slowest-charts">
        <Typography.Title level={5}>{t('actionLog.slowest.charts')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('actionLog.slowest.chartsHelp')}</Typography.Paragraph>
        <ListTable<SlowestChart>
          rowKey="slice_id"
          columns={chartColumns}
          dataSource={slowest.data?.charts ?? []}
          loading={slowest.isFetching}
          pagination={false}
          emptyText={t('actionLog.slowest.noCharts')}
        />
      </section>
      <section data-test="slowest-dashboards">
        <Typography.Title level={5}>{t('actionLog.slowest.dashboards')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('actionLog.slowest.dashboardsHelp')}</Typography.Paragraph>
        <ListTable<SlowestDashboard>
          rowKey="dashboard_id"
          columns={dashboardColumns}
          dataSource={slowest.data?.dashboards ?? []}
          loading={slowest.isFetching}
          pagination={false}
          emptyText={t('actionLog.slowest.noDashboards')}
        />
      </section>
    </Flex>
  );
}
