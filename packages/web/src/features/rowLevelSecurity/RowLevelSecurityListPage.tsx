import { PlusOutlined } from '@ant-design/icons';
import type { RlsFilterType, RowLevelSecurityFilter } from '@vitrina/common';
import { Button, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DeleteLink,
  ListView,
  Page,
  RelativeTime,
  RequireAdmin,
  useListDelete,
  useListState,
} from '../../components/index.ts';
import { useDeleteRlsFilters, useRlsFilters } from './api.ts';
import { RlsFilterModal } from './RlsFilterModal.tsx';
import { INITIAL_RLS_LIST, RLS_SEARCH_FIELDS, type RlsListState, rlsListQuery } from './rlsListQuery.ts';

type Editing = { rule?: RowLevelSecurityFilter } | undefined;

const SEARCH_FIELD_KEYS = {
  name: 'rowLevelSecurity.fields.name',
  group_key: 'rowLevelSecurity.fields.groupKey',
  clause: 'rowLevelSecurity.fields.clause',
  description: 'rowLevelSecurity.fields.description',
} as const;

const FILTER_TYPE_KEYS = {
  Regular: 'rowLevelSecurity.filterTypes.Regular',
  Base: 'rowLevelSecurity.filterTypes.Base',
} as const;

function RuleList() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>();
  const list = useListState<RlsListState>(INITIAL_RLS_LIST);
  const rules = useRlsFilters(rlsListQuery(list.state));
  const remove = useListDelete(
    useDeleteRlsFilters(),
    {
      deleted: (name) => t('rowLevelSecurity.deleted', { name }),
      deletedMany: (count) => t('rowLevelSecurity.deletedMany', { count }),
    },
    list.unselect,
  );
  const { update } = list;

  const columns: TableColumnsType<RowLevelSecurityFilter> = [
    { key: 'name', dataIndex: 'name', title: t('rowLevelSecurity.fields.name'), sorter: true },
    {
      key: 'filter_type',
      dataIndex: 'filter_type',
      title: t('rowLevelSecurity.fields.filterType'),
      sorter: true,
      render: (type: RlsFilterType) => t(FILTER_TYPE_KEYS[type]),
    },
    {
      key: 'tables',
      dataIndex: 'tables',
      title: t('rowLevelSecurity.fields.tables'),
      render: (tables: RowLevelSecurityFilter['tables']) =>
        tables.map((table) => <Tag key={table.id}>{table.table_name}</Tag>),
    },
    {
      key: 'roles',
      dataIndex: 'roles',
      title: t('rowLevelSecurity.fields.roles'),
      render: (roles: RowLevelSecurityFilter['roles']) =>
        roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    { key: 'group_key', dataIndex: 'group_key', title: t('rowLevelSecurity.fields.groupKey'), sorter: true },
    {
      key: 'clause',
      dataIndex: 'clause',
      title: t('rowLevelSecurity.fields.clause'),
      sorter: true,
      render: (clause: string) => (
        <Typography.Text code ellipsis={{ tooltip: clause }} style={{ maxWidth: 320 }}>
          {clause}
        </Typography.Text>
      ),
    },
    {
      key: 'changed_on_delta_humanized',
      dataIndex: 'changed_on_delta_humanized',
      title: t('rowLevelSecurity.fields.modified'),
      sorter: true,
      render: (humanized: string | undefined, rule) => (
        <RelativeTime value={rule.changed_on} fallback={humanized} />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, rule) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setEditing({ rule })}>
            {t('common.edit')}
          </Button>
          <DeleteLink
            title={t('rowLevelSecurity.deleteConfirm', { name: rule.name })}
            onConfirm={() => remove([rule.id], rule.name)}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListView<RowLevelSecurityFilter, RlsListState>
        list={list}
        query={rules}
        columns={columns}
        emptyText={t('rowLevelSecurity.empty')}
        searchControl={
          <Space.Compact>
            <Select
              aria-label={t('rowLevelSecurity.searchField')}
              value={list.state.searchField}
              style={{ width: 160 }}
              options={RLS_SEARCH_FIELDS.map((field) => ({
                value: field,
                label: t(SEARCH_FIELD_KEYS[field]),
              }))}
              onChange={(searchField) => update({ searchField })}
            />
            <Input.Search
              allowClear
              placeholder={t('rowLevelSecurity.searchPlaceholder')}
              style={{ width: 280 }}
              onSearch={(searchText) => update({ searchText })}
            />
          </Space.Compact>
        }
        filters={[
          {
            key: 'filterType',
            label: t('rowLevelSecurity.fields.filterType'),
            width: 160,
            options: [
              { value: 'Regular', label: t('rowLevelSecurity.filterTypes.Regular') },
              { value: 'Base', label: t('rowLevelSecurity.filterTypes.Base') },
            ],
            onChange: (filterType: RlsFilterType | undefined) => update({ filterType }),
          },
        ]}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('rowLevelSecurity.add')}
          </Button>
        }
        bulkDelete={{
          style: { marginTop: 12 },
          selectedText: (count) => t('rowLevelSecurity.selected', { count }),
          confirmTitle: (count) => t('rowLevelSecurity.deleteManyConfirm', { count }),
          deleteText: t('rowLevelSecurity.deleteSelected'),
          clearText: t('rowLevelSecurity.clearSelection'),
          onDelete: (ids) => remove(ids),
        }}
      />
      {editing && <RlsFilterModal rule={editing.rule} onClose={() => setEditing(undefined)} />}
    </>
  );
}

export function RowLevelSecurityListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.rowLevelSecurity')}>
      <RequireAdmin>
        <RuleList />
      </RequireAdmin>
    </Page>
  );
}
