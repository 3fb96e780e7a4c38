import { CopyOutlined, EditOutlined, StopOutlined, TagsOutlined } from '@ant-design/icons';
import type { SavedQuery } from '@vitrina/common';
import { Button, Popconfirm, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/errors.ts';
import {
  useBulkDeleteSavedQueries,
  useDeleteSavedQuery,
  useSavedQueries,
  useUnscheduleSavedQuery,
} from '../../api/savedQueries.ts';
import { useTaggingEnabled } from '../../api/tags.ts';
import { useAccess } from '../../api/useAccess.ts';
import {
  copyText,
  DeleteLink,
  EditTagsModal,
  ListView,
  Page,
  tagsColumn,
  useListState,
  useTagFilter,
  useToasts,
} from '../../components/index.ts';
import { SavedQuerySchedule, scheduleOf } from './SavedQuerySchedule.tsx';
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
  const unschedule = useUnscheduleSavedQuery();
  const { update } = list;
  // The list holds only the person's own queries (and every one for admins): deleting needs can_write.
  const canWrite = useAccess().can(['can_write', 'SavedQuery']);
  const taggingEnabled = useTaggingEnabled();
  const tagFilter = useTagFilter((tag) => update({ tag }));
  const [tagging, setTagging] = useState<SavedQuery>();

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
    ...(taggingEnabled ? [tagsColumn<SavedQuery>(t('tags.column'))] : []),
    {
      key: 'schedule',
      title: t('sqlLab.savedQueries.columns.schedule'),
      render: (_value, query) => <SavedQuerySchedule query={query} />,
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
          {canWrite && taggingEnabled && (
            <Tooltip title={t('tags.edit')}>
              <Button
                size="small"
                type="text"
                aria-label={t('tags.edit')}
                icon={<TagsOutlined />}
                onClick={() => setTagging(query)}
              />
            </Tooltip>
          )}
          {canWrite && scheduleOf(query) && (
            <Popconfirm
              title={t('sqlLab.savedQueries.schedule.unscheduleConfirm', { name: query.label })}
              okText={t('sqlLab.savedQueries.schedule.unschedule')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                unschedule.mutate(query, {
                  onSuccess: () =>
                    addSuccessToast(t('sqlLab.savedQueries.schedule.unscheduled', { name: query.label })),
                  onError: () =>
                    addDangerToast(t('sqlLab.savedQueries.schedule.unscheduleFailed', { name: query.label })),
                })
              }
            >
              <Tooltip title={t('sqlLab.savedQueries.schedule.unschedule')}>
                <Button
                  size="small"
                  type="text"
                  aria-label={t('sqlLab.savedQueries.schedule.unschedule')}
                  icon={<StopOutlined />}
                />
              </Tooltip>
            </Popconfirm>
          )}
          {canWrite && (
            <DeleteLink
              title={t('sqlLab.savedQueries.deleteConfirm', { name: query.label })}
              onConfirm={() =>
                deleteOne.mutate(query.id, {
                  onSuccess: () => addSuccessToast(t('sqlLab.savedQueries.deleted', { name: query.label })),
                  onError: () => addDangerToast(t('sqlLab.savedQueries.deleteFailed', { name: query.label })),
                })
              }
            />
          )}
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
          ...(tagFilter ? [tagFilter] : []),
        ]}
        {...(canWrite && {
          bulkDelete: {
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
          },
        })}
      />
      {tagging && (
        <EditTagsModal
          type="query"
          id={tagging.id}
          name={tagging.label}
          tags={(tagging.tags ?? []).map((tag) => tag.name)}
          onClose={() => setTagging(undefined)}
        />
      )}
    </Page>
  );
}
