import { AppstoreOutlined, ImportOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type DashboardListItemDto, UNTITLED_DASHBOARD_TITLE } from '@vitrina/common';
import { Button, Empty, Flex, Input, Pagination, Segmented, Select, Spin, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  exportDashboards,
  useCreateDashboard,
  useDashboardRelated,
  useDashboards,
  useDeleteDashboards,
} from '../../../api/dashboards.ts';
import { errorText } from '../../../api/errors.ts';
import {
  BulkDeleteBar,
  ErrorBox,
  FavoriteStar,
  ListTable,
  OwnerTags,
  Page,
  saveFile,
  useSortableList,
  useToasts,
} from '../../../components/index.ts';
import { DashboardCard } from './DashboardCard.tsx';
import { DashboardTitleLink, LastModified, StatusTag, useDashboardTitle } from './DashboardParts.tsx';
import { DashboardRowActions } from './DashboardRowActions.tsx';
import {
  CARD_SORTS,
  type CardSort,
  cardSortOf,
  type DashboardListState,
  type DashboardListView,
  type DashboardStatus,
  dashboardListQuery,
  INITIAL_DASHBOARD_LIST,
} from './dashboardListQuery.ts';
import { ImportDashboardsModal } from './ImportDashboardsModal.tsx';
import { ListPropertiesModal } from './ListPropertiesModal.tsx';
import { editDashboardPath } from './paths.ts';
import { useDashboardFavorites } from './useDashboardFavorites.ts';

type YesNo = 'yes' | 'no';

function yesNo(value: YesNo | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'yes';
}

/** `/dashboard/list/`: the dashboards the user may see, as a table or as cards. */
export function DashboardListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [state, setState] = useState<DashboardListState>(INITIAL_DASHBOARD_LIST);
  const [view, setView] = useState<DashboardListView>('table');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number>();
  const [importing, setImporting] = useState(false);
  const dashboards = useDashboards(dashboardListQuery(state));
  const owners = useDashboardRelated('owners');
  const creators = useDashboardRelated('created_by');
  const deleteDashboards = useDeleteDashboards();
  const createDashboard = useCreateDashboard();
  const dashboardTitle = useDashboardTitle();
  const list = dashboards.data?.result ?? [];
  const favorites = useDashboardFavorites(list.map((dashboard) => dashboard.id));

  const update = (changes: Partial<DashboardListState>) =>
    setState((current) => ({ ...current, page: 0, ...changes }));

  const remove = (ids: number[], name?: string) =>
    deleteDashboards.mutate(ids, {
      onSuccess: () => {
        addSuccessToast(
          name ? t('dashboards.deleted', { name }) : t('dashboards.deletedMany', { count: ids.length }),
        );
        setSelected((current) => current.filter((id) => !ids.includes(id)));
      },
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const exportIds = (ids: number[]) =>
    exportDashboards(ids).then(
      (file) => saveFile(file.blob, file.fileName),
      (error: unknown) => addDangerToast(errorText(error, t)),
    );

  const create = () =>
    createDashboard.mutate(
      { dashboard_title: UNTITLED_DASHBOARD_TITLE },
      {
        onSuccess: (created) => void navigate(editDashboardPath(created.id)),
        onError: (error) => addDangerToast(errorText(error, t)),
      },
    );

  const table = useSortableList<DashboardListItemDto, DashboardListState>(
    state,
    setState,
    INITIAL_DASHBOARD_LIST,
    dashboards.data?.count ?? 0,
  );

  const rowActions = (dashboard: DashboardListItemDto) => (
    <DashboardRowActions
      name={dashboardTitle(dashboard)}
      onEdit={() => setEditing(dashboard.id)}
      onExport={() => void exportIds([dashboard.id])}
      onDelete={() => remove([dashboard.id], dashboardTitle(dashboard))}
    />
  );

  const columns: TableColumnsType<DashboardListItemDto> = [
    {
      key: 'favorite',
      width: 48,
      render: (_value, dashboard) => (
        <FavoriteStar
          starred={favorites.isStarred(dashboard.id)}
          onToggle={() => favorites.toggle(dashboard.id)}
          name={dashboardTitle(dashboard)}
        />
      ),
    },
    {
      key: 'dashboard_title',
      title: t('dashboards.columns.name'),
      sorter: true,
      render: (_value, dashboard) => <DashboardTitleLink dashboard={dashboard} />,
    },
    {
      key: 'published',
      title: t('dashboards.columns.status'),
      sorter: true,
      render: (_value, dashboard) => <StatusTag published={dashboard.published} />,
    },
    {
      key: 'owners',
      title: t('dashboards.columns.owners'),
      render: (_value, dashboard) => <OwnerTags owners={dashboard.owners} />,
    },
    {
      key: 'changed_on_delta_humanized',
      title: t('dashboards.columns.lastModified'),
      sorter: true,
      render: (_value, dashboard) => <LastModified dashboard={dashboard} />,
    },
    {
      key: 'actions',
      title: t('dashboards.columns.actions'),
      render: (_value, dashboard) => rowActions(dashboard),
    },
  ];

  const toggleSelected = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((item) => item !== id)));

  const yesNoOptions = [
    { value: 'yes', label: t('common.yes') },
    { value: 'no', label: t('common.no') },
  ];

  return (
    <Page
      title={t('nav.dashboards')}
      extra={
        <>
          <Segmented<DashboardListView>
            aria-label={t('dashboards.view.label')}
            value={view}
            onChange={setView}
            options={[
              {
                value: 'card',
                icon: <AppstoreOutlined />,
                title: t('dashboards.view.card'),
                label: t('dashboards.view.card'),
              },
              {
                value: 'table',
                icon: <UnorderedListOutlined />,
                title: t('dashboards.view.table'),
                label: t('dashboards.view.table'),
              },
            ]}
          />
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('dashboards.import.open')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} loading={createDashboard.isPending} onClick={create}>
            {t('dashboards.add')}
          </Button>
        </>
      }
    >
      <Flex gap={12} wrap align="center">
        <Input.Search
          allowClear
          aria-label={t('dashboards.search')}
          placeholder={t('dashboards.searchPlaceholder')}
          style={{ width: 260 }}
          onSearch={(searchText) => update({ searchText })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('dashboards.filters.owner')}
          placeholder={t('dashboards.filters.owner')}
          style={{ width: 180 }}
          loading={owners.isPending}
          options={(owners.data ?? []).map((owner) => ({ value: owner.value, label: owner.text }))}
          onChange={(owner: number | undefined) => update({ owner })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('dashboards.filters.createdBy')}
          placeholder={t('dashboards.filters.createdBy')}
          style={{ width: 180 }}
          loading={creators.isPending}
          options={(creators.data ?? []).map((user) => ({ value: user.value, label: user.text }))}
          onChange={(createdBy: number | undefined) => update({ createdBy })}
        />
        <Select
          allowClear
          aria-label={t('dashboards.filters.status')}
          placeholder={t('dashboards.filters.status')}
          style={{ width: 160 }}
          options={[
            { value: 'published', label: t('dashboards.status.published') },
            { value: 'draft', label: t('dashboards.status.draft') },
          ]}
          onChange={(status: DashboardStatus | undefined) => update({ status })}
        />
        <Select
          allowClear
          aria-label={t('dashboards.filters.favorite')}
          placeholder={t('dashboards.filters.favorite')}
          style={{ width: 140 }}
          options={yesNoOptions}
          onChange={(value: YesNo | undefined) => update({ favorite: yesNo(value) })}
        />
        <Select
          allowClear
          aria-label={t('dashboards.filters.certified')}
          placeholder={t('dashboards.filters.certified')}
          style={{ width: 140 }}
          options={yesNoOptions}
          onChange={(value: YesNo | undefined) => update({ certified: yesNo(value) })}
        />
        {view === 'card' && (
          <Select<CardSort>
            aria-label={t('dashboards.sort.label')}
            style={{ width: 220 }}
            value={cardSortOf(state)}
            placeholder={t('dashboards.sort.label')}
            options={[
              { value: 'alphabetical', label: t('dashboards.sort.alphabetical') },
              { value: 'recentlyModified', label: t('dashboards.sort.recentlyModified') },
              { value: 'leastRecentlyModified', label: t('dashboards.sort.leastRecentlyModified') },
            ]}
            onChange={(sort) => update(CARD_SORTS[sort])}
          />
        )}
      </Flex>
      {selected.length > 0 && (
        <Flex gap={12} align="center">
          <BulkDeleteBar
            selectedText={t('dashboards.selected', { count: selected.length })}
            confirmTitle={t('dashboards.deleteManyConfirm', { count: selected.length })}
            deleteText={t('dashboards.deleteSelected')}
            clearText={t('dashboards.clearSelection')}
            onDelete={() => remove(selected)}
            onClear={() => setSelected([])}
          />
          <Button size="small" onClick={() => void exportIds(selected)}>
            {t('dashboards.exportSelected')}
          </Button>
        </Flex>
      )}
      {dashboards.isError && <ErrorBox error={dashboards.error} />}
      {view === 'table' ? (
        <ListTable<DashboardListItemDto>
          rowKey="id"
          columns={table.withSortOrder(columns)}
          dataSource={list}
          loading={dashboards.isFetching}
          emptyText={t('dashboards.empty')}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          pagination={table.pagination}
          onChange={table.onChange}
        />
      ) : (
        <Spin spinning={dashboards.isFetching}>
          {list.length === 0 && !dashboards.isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.empty')} />
          ) : (
            <div
              style={{
                display: 'grid',
                gap: 16,
                gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
              }}
            >
              {list.map((dashboard) => (
                <DashboardCard
                  key={dashboard.id}
                  dashboard={dashboard}
                  starred={favorites.isStarred(dashboard.id)}
                  onToggleStar={() => favorites.toggle(dashboard.id)}
                  selected={selected.includes(dashboard.id)}
                  onSelect={(on) => toggleSelected(dashboard.id, on)}
                  onEdit={() => setEditing(dashboard.id)}
                  onExport={() => void exportIds([dashboard.id])}
                  onDelete={() => remove([dashboard.id], dashboardTitle(dashboard))}
                />
              ))}
            </div>
          )}
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination
              {...table.pagination}
              onChange={(page, pageSize) =>
                setState((current) => ({
                  ...current,
                  page: pageSize === current.pageSize ? page - 1 : 0,
                  pageSize,
                }))
              }
            />
          </Flex>
        </Spin>
      )}
      {editing !== undefined && <ListPropertiesModal id={editing} onClose={() => setEditing(undefined)} />}
      <ImportDashboardsModal open={importing} onClose={() => setImporting(false)} />
    </Page>
  );
}
