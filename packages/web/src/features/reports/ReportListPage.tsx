import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { REPORT_STATES, type ReportListItem, type ReportType } from '@vitrina/common';
import { Button, Space, Switch, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/me.ts';
import { useReportRelated, useReports } from '../../api/reports.ts';
import {
  DeleteLink,
  type ListSelectFilter,
  ListView,
  OwnerTags,
  Page,
  RelativeTime,
  useListState,
} from '../../components/index.ts';
import { AlertReportModal, type AlertReportModalProps } from './AlertReportModal.tsx';
import { ReportHistoryDrawer } from './ReportHistoryDrawer.tsx';
import { INITIAL_REPORT_LIST, type ReportListState, reportListQuery } from './reportListQuery.ts';
import { isRowOwnClick } from './rowClick.ts';
import { scheduleText } from './SchedulePreview.tsx';
import { StateTag } from './StateTag.tsx';
import {
  useDeleteReportsWithToasts,
  useSendReportNowWithToasts,
  useToggleReportActive,
} from './useReportWrites.ts';

type Editing = { type: ReportType } | { reportId: number } | null;

/**
 * Alerts & Reports (Superset's AlertList): a tab each for alerts and reports, with their last run,
 * schedule, recipients, owners and active switch; a row opens its run history.
 */
export function ReportListPage() {
  const { t, i18n } = useTranslation();
  const list = useListState<ReportListState>(INITIAL_REPORT_LIST);
  const reports = useReports(reportListQuery(list.state));
  const owners = useReportRelated('owners');
  const creators = useReportRelated('created_by');
  const me = useCurrentUser();
  const active = useToggleReportActive();
  const remove = useDeleteReportsWithToasts(list.unselect);
  const sendNow = useSendReportNowWithToasts();
  const [editing, setEditing] = useState<Editing>(null);
  const [history, setHistory] = useState<ReportListItem | null>(null);
  const { update } = list;
  const isAlerts = list.state.type === 'Alert';

  const columns: TableColumnsType<ReportListItem> = [
    {
      key: 'last_state',
      title: t('reports.columns.lastRun'),
      sorter: true,
      render: (_value, report) => <StateTag state={report.last_state} />,
    },
    { key: 'name', dataIndex: 'name', title: t('reports.columns.name'), sorter: true },
    {
      key: 'crontab',
      title: t('reports.columns.schedule'),
      sorter: true,
      render: (_value, report) => scheduleText(report.crontab, report.timezone, i18n.language),
    },
    {
      key: 'recipients',
      title: t('reports.columns.notificationMethod'),
      render: (_value, report) => (
        <Space size={4}>
          {[...new Set(report.recipients.map((recipient) => recipient.type))].map((type) => (
            <span key={type} title={type}>
              {type === 'Email' ? <MailOutlined /> : null} {t(`reports.recipientTypes.${type}`, type)}
            </span>
          ))}
        </Space>
      ),
    },
    {
      key: 'owners',
      title: t('reports.columns.owners'),
      render: (_value, report) => <OwnerTags owners={report.owners} />,
    },
    {
      key: 'changed_on_delta_humanized',
      dataIndex: 'changed_on_delta_humanized',
      title: t('reports.columns.lastModified'),
      sorter: true,
      render: (humanized: string, report) => <RelativeTime value={report.changed_on} fallback={humanized} />,
    },
    {
      key: 'active',
      title: t('reports.columns.active'),
      sorter: true,
      render: (_value, report) => (
        <Switch
          size="small"
          checked={report.active}
          loading={active.pendingId === report.id}
          aria-label={t('reports.activeToggle', { name: report.name })}
          onChange={(checked) => active.toggle(report.id, checked)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('reports.columns.actions'),
      render: (_value, report) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setHistory(report)}>
            {t('reports.history.open')}
          </Button>
          <Button
            size="small"
            type="link"
            loading={sendNow.pendingId === report.id}
            onClick={() => sendNow.send(report.id)}
          >
            {t('reports.sendNow')}
          </Button>
          <Button size="small" type="link" onClick={() => setEditing({ reportId: report.id })}>
            {t('common.edit')}
          </Button>
          <DeleteLink
            title={t('reports.deleteConfirm', { name: report.name })}
            onConfirm={() => remove([report.id], report.name)}
          />
        </Space>
      ),
    },
  ];

  const people = (query: typeof owners) =>
    (query.data ?? []).map((person) => ({ value: person.value, label: person.text }));
  const filters: ListSelectFilter[] = [
    {
      key: 'owner',
      label: t('reports.filters.owner'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: owners.isPending,
      options: people(owners),
      onChange: (owner: number | undefined) => update({ owner }),
    },
    {
      key: 'createdBy',
      label: t('reports.filters.createdBy'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: creators.isPending,
      options: people(creators),
      onChange: (createdBy: number | undefined) => update({ createdBy }),
    },
    {
      key: 'lastState',
      label: t('reports.filters.status'),
      width: 180,
      options: REPORT_STATES.map((state) => ({ value: state, label: t(`reports.states.${state}`) })),
      onChange: (lastState: string | undefined) => update({ lastState }),
    },
  ];

  const modalProps: AlertReportModalProps | null =
    editing && me.data
      ? 'reportId' in editing
        ? { reportId: editing.reportId, userId: me.data.id, onClose: () => setEditing(null) }
        : { type: editing.type, userId: me.data.id, onClose: () => setEditing(null) }
      : null;

  return (
    <Page
      title={t('nav.reports')}
      extra={
        <>
          <Button icon={<PlusOutlined />} disabled={!me.data} onClick={() => setEditing({ type: 'Alert' })}>
            {t('reports.addAlert')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!me.data}
            onClick={() => setEditing({ type: 'Report' })}
          >
            {t('reports.addReport')}
          </Button>
        </>
      }
    >
      <Tabs
        activeKey={list.state.type}
        onChange={(type) => {
          list.setSelected([]);
          update({ type: type as ReportType });
        }}
        items={[
          { key: 'Alert', label: t('reports.tabs.alerts') },
          { key: 'Report', label: t('reports.tabs.reports') },
        ]}
        style={{ marginBottom: -16 }}
      />
      <ListView<ReportListItem, ReportListState>
        list={list}
        query={reports}
        columns={columns}
        emptyText={t(isAlerts ? 'reports.emptyAlerts' : 'reports.emptyReports')}
        search={{
          label: t('reports.search'),
          placeholder: t('reports.searchPlaceholder'),
          onSearch: (searchText) => update({ searchText }),
        }}
        filters={filters}
        onRow={(report) => ({
          onClick: (event) => {
            if (isRowOwnClick(event)) setHistory(report);
          },
          style: { cursor: 'pointer' },
        })}
        bulkDelete={{
          selectedText: (count) => t('reports.selected', { count }),
          confirmTitle: (count) => t('reports.deleteManyConfirm', { count }),
          deleteText: t('reports.deleteSelected'),
          clearText: t('reports.clearSelection'),
          onDelete: (ids) => remove(ids),
        }}
      />
      <Typography.Text type="secondary">{t('reports.rowHint')}</Typography.Text>
      {modalProps && <AlertReportModal {...modalProps} />}
      {history && <ReportHistoryDrawer report={history} onClose={() => setHistory(null)} />}
    </Page>
  );
}
