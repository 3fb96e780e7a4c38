import type { LogEntryItem } from '@vitrina/common';
import { DatePicker, Input, InputNumber, Select, Space, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUsers } from '../../api/users.ts';
import { ListView, useDebouncedValue, useFormat, useListState } from '../../components/index.ts';
import {
  type ActionLogListState,
  actionLogQuery,
  eventNameOf,
  INITIAL_ACTION_LOG_LIST,
  LOG_ACTIONS,
  type LogAction,
  type ObjectKind,
  prettyDetails,
} from './actionLogQuery.ts';
import { useLogEntries } from './api.ts';

const ACTION_KEYS: Record<LogAction, string> = {
  log: 'actionLog.actions.log',
  chart_data: 'actionLog.actions.chart_data',
  sqllab_run: 'actionLog.actions.sqllab_run',
};

type Entry = Partial<LogEntryItem> & { id: number };

function userName(entry: Entry): string | null {
  const user = entry.user;
  if (!user) return null;
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return full ? `${full} (${user.username})` : (user.username ?? null);
}

/** Who picked from the first 100 users whose name contains the text typed. */
function UserFilter({ onChange }: { onChange: (userId: number | undefined) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search, 300).trim();
  const users = useUsers({
    ...(text ? { filters: [{ col: 'username', opr: 'ct', value: text }] } : {}),
    columns: ['id', 'username', 'first_name', 'last_name'],
    order_column: 'username',
    order_direction: 'asc',
    page_size: 100,
  });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      aria-label={t('actionLog.filters.user')}
      placeholder={t('actionLog.filters.user')}
      style={{ width: 220 }}
      loading={users.isFetching}
      options={(users.data?.result ?? []).map((user) => ({
        value: user.id,
        label: `${user.first_name ?? ''} ${user.last_name ?? ''} (${user.username})`.trim(),
      }))}
      onChange={(value: number | undefined) => onChange(value)}
    />
  );
}

/** The log itself: newest first, filtered by user, action, details, dashboard or chart, and time. */
export function LogEntryList() {
  const { t } = useTranslation();
  const format = useFormat();
  const list = useListState<ActionLogListState>(INITIAL_ACTION_LOG_LIST);
  const entries = useLogEntries(actionLogQuery(list.state));
  const { update } = list;

  const columns: TableColumnsType<Entry> = [
    {
      key: 'user_id',
      dataIndex: 'user_id',
      title: t('actionLog.columns.user'),
      render: (_value, entry) => userName(entry) ?? t('actionLog.anonymous'),
    },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('actionLog.columns.action'),
      sorter: true,
      render: (action: string, entry) => {
        const event = eventNameOf(entry.json);
        return (
          <span data-test="log-action">
            <Typography.Text code>{action}</Typography.Text>
            {event && <Typography.Text> {event}</Typography.Text>}
          </span>
        );
      },
    },
    {
      key: 'object',
      title: t('actionLog.columns.object'),
      render: (_value, entry) => (
        <Space size={8} wrap>
          {entry.dashboard_id ? (
            <Link to={`/superset/dashboard/${entry.dashboard_id}/`}>
              {t('actionLog.dashboardLink', { id: entry.dashboard_id })}
            </Link>
          ) : null}
          {entry.slice_id ? (
            <Link to={`/explore/?slice_id=${entry.slice_id}`}>
              {t('actionLog.chartLink', { id: entry.slice_id })}
            </Link>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'duration_ms',
      dataIndex: 'duration_ms',
      title: t('actionLog.columns.duration'),
      sorter: true,
      align: 'right',
      render: (duration: number | null | undefined) =>
        duration === null || duration === undefined
          ? ''
          : t('actionLog.milliseconds', { value: format.number(duration) }),
    },
    {
      key: 'dttm',
      dataIndex: 'dttm',
      title: t('actionLog.columns.time'),
      sorter: true,
      render: (dttm: string) => format.date(dttm, { dateStyle: 'medium', timeStyle: 'medium' }),
    },
  ];

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? [null, null];
    update({ since: from?.toISOString(), until: to?.toISOString() });
  };

  return (
    <ListView<Entry, ActionLogListState>
      list={list}
      query={entries}
      columns={columns}
      emptyText={t('actionLog.empty')}
      expandable={{
        expandedRowRender: (entry) => (
          <pre data-test="log-details" style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12 }}>
            {prettyDetails(entry.json)}
          </pre>
        ),
        rowExpandable: (entry) => Boolean(entry.json),
      }}
      searchControl={
        <Space wrap>
          <UserFilter onChange={(userId) => update({ userId })} />
          <Select
            allowClear
            aria-label={t('actionLog.filters.action')}
            placeholder={t('actionLog.filters.action')}
            style={{ width: 180 }}
            options={LOG_ACTIONS.map((action) => ({ value: action, label: t(ACTION_KEYS[action]) }))}
            onChange={(action: LogAction | undefined) => update({ action })}
          />
          <Input.Search
            allowClear
            aria-label={t('actionLog.filters.details')}
            placeholder={t('actionLog.filters.detailsPlaceholder')}
            style={{ width: 300 }}
            onSearch={(details) => update({ details })}
          />
          <Space.Compact>
            <Select<ObjectKind>
              aria-label={t('actionLog.filters.objectKind')}
              value={list.state.objectKind}
              style={{ width: 130 }}
              options={[
                { value: 'dashboard', label: t('actionLog.filters.dashboard') },
                { value: 'chart', label: t('actionLog.filters.chart') },
              ]}
              onChange={(objectKind) => update({ objectKind })}
            />
            <InputNumber<number>
              aria-label={t('actionLog.filters.objectId')}
              placeholder={t('actionLog.filters.objectId')}
              min={1}
              precision={0}
              style={{ width: 110 }}
              onChange={(value) => update({ objectId: value ?? undefined })}
            />
          </Space.Compact>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            aria-label={t('actionLog.filters.timeRange')}
            placeholder={[t('actionLog.filters.from'), t('actionLog.filters.to')]}
            onChange={(range) => onRange(range as [Dayjs | null, Dayjs | null] | null)}
          />
        </Space>
      }
    />
  );
}
