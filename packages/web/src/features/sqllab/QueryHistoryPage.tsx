import { PlusSquareOutlined } from '@ant-design/icons';
import type { QueryListItem } from '@vitrina/common';
import { Button, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useListQuery } from '../../api/resource.ts';
import { formatDate, ListView, Page, useListState } from '../../components/index.ts';
import {
  INITIAL_QUERY_HISTORY_LIST,
  type QueryHistoryListState,
  queryHistoryListQuery,
} from './queryHistoryListQuery.ts';
import { useSqlLabDatabases } from './sqlLabDatabases.ts';

type HistoryRow = Partial<QueryListItem> & { id: number };

const STATE_COLORS: Record<string, string> = {
  success: 'green',
  failed: 'red',
  timed_out: 'red',
  stopped: 'orange',
};

/** Opens a past query in a new SQL Lab tab (Superset's `?queryId=`). */
export function pastQueryUrl(id: number): string {
  return `/sqllab/?queryId=${id}`;
}

/** `/sqllab/history/`: the queries the user ran (every user's for administrators), to find and reopen. */
export function QueryHistoryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListState<QueryHistoryListState>(INITIAL_QUERY_HISTORY_LIST);
  const params = queryHistoryListQuery(list.state);
  const queries = useListQuery<HistoryRow>(['queries', 'history', params], '/api/v1/query/', params);
  const databases = useSqlLabDatabases();
  const { update } = list;

  const columns: TableColumnsType<HistoryRow> = [
    {
      key: 'status',
      dataIndex: 'status',
      width: 120,
      title: t('sqlLab.queryHistory.columns.state'),
      sorter: true,
      render: (status: string) => (
        <Tag color={STATE_COLORS[status] ?? 'blue'}>
          {t(`sqlLab.states.${status}`, { defaultValue: status })}
        </Tag>
      ),
    },
    {
      key: 'start_time',
      width: 180,
      title: t('sqlLab.queryHistory.columns.time'),
      sorter: true,
      render: (_value, query) => formatDate(query.start_time ?? null, i18n.language),
    },
    {
      key: 'database.database_name',
      width: 160,
      title: t('sqlLab.queryHistory.columns.database'),
      sorter: true,
      render: (_value, query) => query.database?.database_name,
    },
    {
      key: 'sql',
      title: t('sqlLab.queryHistory.columns.sql'),
      render: (_value, query) => (
        <Link to={pastQueryUrl(query.id)} title={query.sql}>
          <Typography.Text code ellipsis style={{ maxWidth: 420 }}>
            {query.sql}
          </Typography.Text>
        </Link>
      ),
    },
    { key: 'rows', dataIndex: 'rows', width: 90, title: t('sqlLab.queryHistory.columns.rows'), sorter: true },
    {
      key: 'user.first_name',
      width: 160,
      title: t('sqlLab.queryHistory.columns.user'),
      sorter: true,
      render: (_value, query) =>
        query.user ? `${query.user.first_name} ${query.user.last_name}`.trim() : '',
    },
    {
      key: 'actions',
      width: 90,
      title: t('sqlLab.queryHistory.columns.actions'),
      render: (_value, query) => (
        <Tooltip title={t('sqlLab.queryHistory.open')}>
          <Button
            size="small"
            type="text"
            aria-label={t('sqlLab.queryHistory.open')}
            icon={<PlusSquareOutlined />}
            onClick={() => navigate(pastQueryUrl(query.id))}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <Page title={t('sqlLab.queryHistory.title')}>
      <ListView<HistoryRow, QueryHistoryListState>
        list={list}
        query={queries}
        columns={columns}
        emptyText={t('sqlLab.queryHistory.empty')}
        search={{
          label: t('sqlLab.queryHistory.search'),
          placeholder: t('sqlLab.queryHistory.searchPlaceholder'),
          width: 280,
          onSearch: (searchText) => update({ searchText }),
        }}
        filters={[
          {
            key: 'database',
            label: t('sqlLab.queryHistory.database'),
            placeholder: t('sqlLab.queryHistory.allDatabases'),
            width: 220,
            options: (databases.data ?? []).map((database) => ({
              value: database.id,
              label: database.database_name,
            })),
            onChange: (databaseId: number | undefined) => update({ databaseId }),
          },
        ]}
      />
    </Page>
  );
}
