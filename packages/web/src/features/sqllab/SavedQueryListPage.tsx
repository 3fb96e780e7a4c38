import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import type { SavedQuery } from '@vitrina/common';
import { Button, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { useBulkDeleteSavedQueries, useDeleteSavedQuery, useSavedQueries } from '../../api/savedQueries.ts';
import { copyText, DeleteLink, ListView, Page, useListState, useToasts } from '../../components/index.ts';
import {
  INITIAL_SAVED_QUERY_LIST,
  type SavedQueryListState,
  savedQueryListQuery,
} from './savedQueryListQuery.ts';
import { useSqlLabDatabases } from './sqlLabDatabases.ts';

export function savedQueryUrl(id: number): string {
  return `/sqllab/?savedQueryId=${id}`;
}

/** `/savedqueryview/list`: the user's saved queries, to search, open in SQL Lab, share and delete. */
export function SavedQueryListPage() {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const navigate = useNavigate();
  const list = useListState<SavedQueryListState>(INITIAL_SAVED_QUERY_LIST);
  const queries = useSavedQueries(savedQueryListQuery(list.state));
  const databases = useSqlLabDatabases();
  const deleteOne = useDeleteSavedQuery();
  const deleteMany = useBulkDeleteSavedQueries();
  const { update } = list;

  const copyLink = async (id: number) => {
    if (await copyText(`${window.location.origin}${savedQueryUrl(id)}`)) {
      addSuccessToast(t('sqlLab.savedQueries.linkCopied'));
    }
  };

  const columns: TableColumnsType<SavedQuery> = [
    {
      key: 'label',
      dataIndex: 'label',
      title: t('sqlLab.savedQueries.columns.label'),
      sorter: true,
      render: (label: string, query) => <Link to={savedQueryUrl(query.id)}>{label}</Link>,
    },
    {
      key: 'database.database_name',
      title: t('sqlLab.savedQueries.columns.database'),
      sorter: true,
      render: (_value, query) => query.database?.database_name,
    },
    { key: 'schema', dataIndex: 'schema', title: t('sqlLab.savedQueries.columns.schema'), sorter: true },
    {
      key: 'description',
      dataIndex: 'description',
      title: t('sqlLab.savedQueries.columns.description'),
      render: (description: string | null) => (
        <Typography.Text ellipsis={{ tooltip: description }} style={{ maxWidth: 280 }}>
          {description}
        </Typography.Text>
      ),
    },
    {
      key: 'changed_on_delta_humanized',
      dataIndex: 'changed_on_delta_humanized',
      title: t('sqlLab.savedQueries.columns.changed'),
      sorter: true,
    },
    {
      key: 'actions',
      title: t('sqlLab.savedQueries.columns.actions'),
      render: (_value, query) => (
        <Space size={4}>
          <Tooltip title={t('sqlLab.savedQueries.edit')}>
            <Button
              size="small"
              type="text"
              aria-label={t('sqlLab.savedQueries.edit')}
              icon={<EditOutlined />}
              onClick={() => navigate(savedQueryUrl(query.id))}
            />
          </Tooltip>
          <Tooltip title={t('sqlLab.savedQueries.copyLink')}>
            <Button
              size="small"
              type="text"
              aria-label={t('sqlLab.savedQueries.copyLink')}
              icon={<CopyOutlined />}
              onClick={() => copyLink(query.id)}
            />
          </Tooltip>
          <DeleteLink
            title={t('sqlLab.savedQueries.deleteConfirm', { name: query.label })}
            onConfirm={() =>
              deleteOne.mutate(query.id, {
                onSuccess: () => addSuccessToast(t('sqlLab.savedQueries.deleted', { name: query.label })),
                onError: () => addDangerToast(t('sqlLab.savedQueries.deleteFailed', { name: query.label })),
              })
            }
          />
        </Space>
      ),
    },
  ];

  return (
    <Page title={t('sqlLab.savedQueries.title')}>
      <ListView<SavedQuery, SavedQueryListState>
        list={list}
        query={queries}
        columns={columns}
        emptyText={t('sqlLab.savedQueries.empty')}
        search={{
          label: t('sqlLab.savedQueries.search'),
          placeholder: t('sqlLab.savedQueries.searchPlaceholder'),
          width: 280,
          onSearch: (searchText) => update({ searchText }),
        }}
        filters={[
          {
            key: 'database',
            label: t('sqlLab.savedQueries.database'),
            placeholder: t('sqlLab.savedQueries.allDatabases'),
            width: 220,
            options: (databases.data ?? []).map((database) => ({
              value: database.id,
              label: database.database_name,
            })),
            onChange: (databaseId: number | undefined) => update({ databaseId }),
          },
        ]}
        bulkDelete={{
          selectedText: (n) => t('sqlLab.savedQueries.selected', { n }),
          confirmTitle: (n) => t('sqlLab.savedQueries.deleteManyConfirm', { n }),
          deleteText: t('sqlLab.savedQueries.deleteSelected'),
          clearText: t('sqlLab.savedQueries.clearSelection'),
          onDelete: (ids) =>
            deleteMany.mutate(ids, {
              onSuccess: () => {
                addSuccessToast(t('sqlLab.savedQueries.deletedMany', { n: ids.length }));
                list.setSelected([]);
              },
              onError: (error) => addDangerToast(errorText(error, t)),
            }),
        }}
      />
    </Page>
  );
}
