import { PlusOutlined } from '@ant-design/icons';
import type { RlsFilterType, RowLevelSecurityFilter } from '@vitrina/common';
import { Button, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import {
  BulkDeleteBar,
  DeleteLink,
  ErrorBox,
  ListTable,
  Page,
  RequireAdmin,
  useSortableList,
  useToasts,
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
  const { addSuccessToast, addDangerToast } = useToasts();
  const [state, setState] = useState<RlsListState>(INITIAL_RLS_LIST);
  const [editing, setEditing] = useState<Editing>();
  const [selected, setSelected] = useState<number[]>([]);
  const rules = useRlsFilters(rlsListQuery(state));
  const deleteRules = useDeleteRlsFilters();
  const update = (changes: Partial<RlsListState>) =>
    setState((current) => ({ ...current, ...changes, page: 0 }));

  const remove = (ids: number[], name?: string) =>
    deleteRules.mutate(ids, {
      onSuccess: () => {
        setSelected((current) => current.filter((id) => !ids.includes(id)));
        addSuccessToast(
          name === undefined
            ? t('rowLevelSecurity.deletedMany', { count: ids.length })
            : t('rowLevelSecurity.deleted', { name }),
        );
      },
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const table = useSortableList<RowLevelSecurityFilter, RlsListState>(
    state,
    setState,
    INITIAL_RLS_LIST,
    rules.data?.count ?? 0,
  );

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
      <Space wrap>
        <Space.Compact>
          <Select
            aria-label={t('rowLevelSecurity.searchField')}
            value={state.searchField}
            style={{ width: 160 }}
            options={RLS_SEARCH_FIELDS.map((field) => ({ value: field, label: t(SEARCH_FIELD_KEYS[field]) }))}
            onChange={(searchField) => update({ searchField })}
          />
          <Input.Search
            allowClear
            placeholder={t('rowLevelSecurity.searchPlaceholder')}
            style={{ width: 280 }}
            onSearch={(searchText) => update({ searchText })}
          />
        </Space.Compact>
        <Select
          allowClear
          aria-label={t('rowLevelSecurity.fields.filterType')}
          placeholder={t('rowLevelSecurity.fields.filterType')}
          style={{ width: 160 }}
          options={[
            { value: 'Regular', label: t('rowLevelSecurity.filterTypes.Regular') },
            { value: 'Base', label: t('rowLevelSecurity.filterTypes.Base') },
          ]}
          onChange={(filterType: RlsFilterType | undefined) => update({ filterType })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('rowLevelSecurity.add')}
        </Button>
      </Space>
      {selected.length > 0 && (
        <BulkDeleteBar
          style={{ marginTop: 12 }}
          selectedText={t('rowLevelSecurity.selected', { count: selected.length })}
          confirmTitle={t('rowLevelSecurity.deleteManyConfirm', { count: selected.length })}
          deleteText={t('rowLevelSecurity.deleteSelected')}
          clearText={t('rowLevelSecurity.clearSelection')}
          onDelete={() => remove(selected)}
          onClear={() => setSelected([])}
        />
      )}
      {rules.isError && <ErrorBox error={rules.error} />}
      <ListTable<RowLevelSecurityFilter>
        rowKey="id"
        columns={table.withSortOrder(columns)}
        dataSource={rules.data?.result ?? []}
        loading={rules.isFetching}
        emptyText={t('rowLevelSecurity.empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={table.pagination}
        onChange={table.onChange}
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
