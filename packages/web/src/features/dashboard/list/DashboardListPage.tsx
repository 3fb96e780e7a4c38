import { AppstoreOutlined, ImportOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type DashboardListItemDto, UNTITLED_DASHBOARD_TITLE } from '@vitrina/common';
import { Button, Segmented, type TableColumnsType } from 'antd';
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
import { useTaggingEnabled } from '../../../api/tags.ts';
import { useAccess } from '../../../api/useAccess.ts';
import {
  actionsColumn,
  CardSortSelect,
  favoriteColumn,
  type ListSelectFilter,
  ListView,
  modifiedColumn,
  ownersColumn,
  Page,
  saveFile,
  tagsColumn,
  useListDelete,
  useListState,
  useTagFilter,
  useToasts,
  yesNoFilter,
} from '../../../components/index.ts';
import { DashboardCard } from './DashboardCard.tsx';
import {
  DashboardTitleLink,
  StatusTag,
  useDashboardModifiedBy,
  useDashboardTitle,
} from './DashboardParts.tsx';
import { DashboardRowActions } from './DashboardRowActions.tsx';
import {
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

/** `/dashboard/list/`: the dashboards the user may see, as a table or as cards. */
export function DashboardListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { addDangerToast } = useToasts();
  const list = useListState<DashboardListState>(INITIAL_DASHBOARD_LIST);
  const [view, setView] = useState<DashboardListView>('table');
  const [editing, setEditing] = useState<number>();
  const [importing, setImporting] = useState(false);
  const dashboards = useDashboards(dashboardListQuery(list.state));
  const owners = useDashboardRelated('owners');
  const creators = useDashboardRelated('created_by');
  const createDashboard = useCreateDashboard();
  const dashboardTitle = useDashboardTitle();
  const modifiedBy = useDashboardModifiedBy();
  const rows = dashboards.data?.result ?? [];
  const favorites = useDashboardFavorites(rows.map((dashboard) => dashboard.id));
  const remove = useListDelete(
    useDeleteDashboards(),
    {
      deleted: (name) => t('dashboards.deleted', { name }),
      deletedMany: (count) => t('dashboards.deletedMany', { count }),
    },
    list.unselect,
  );
  const { update } = list;
  // The buttons follow the person's roles and ownership; the API refuses the rest anyway.
  const tagging = useTaggingEnabled();
  const tagFilter = useTagFilter((tag) => update({ tag }));
  const access = useAccess();
  const canWrite = access.can(['can_write', 'Dashboard']);
  const canExport = access.can(['can_export', 'Dashboard']);
  const actionsOf = (dashboard: DashboardListItemDto) => {
    const mine = access.mayChange(dashboard.owners, 'Dashboard');
    return {
      onEdit: mine ? () => setEditing(dashboard.id) : undefined,
      onExport: canExport ? () => void exportIds([dashboard.id]) : undefined,
      onDelete: mine ? () => remove([dashboard.id], dashboardTitle(dashboard)) : undefined,
    };
  };

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

  const rowActions = (dashboard: DashboardListItemDto) => (
    <DashboardRowActions name={dashboardTitle(dashboard)} {...actionsOf(dashboard)} />
  );

  const columns: TableColumnsType<DashboardListItemDto> = [
    favoriteColumn<DashboardListItemDto>(favorites, dashboardTitle),
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
    ...(tagging ? [tagsColumn<DashboardListItemDto>(t('tags.column'))] : []),
    ownersColumn(t('dashboards.columns.owners')),
    modifiedColumn(t('dashboards.columns.lastModified'), modifiedBy),
    actionsColumn(t('dashboards.columns.actions'), rowActions),
  ];

  const filters: ListSelectFilter[] = [
    {
      key: 'owner',
      label: t('dashboards.filters.owner'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: owners.isPending,
      options: (owners.data ?? []).map((owner) => ({ value: owner.value, label: owner.text })),
      onChange: (owner: number | undefined) => update({ owner }),
    },
    {
      key: 'createdBy',
      label: t('dashboards.filters.createdBy'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: creators.isPending,
      options: (creators.data ?? []).map((user) => ({ value: user.value, label: user.text })),
      onChange: (createdBy: number | undefined) => update({ createdBy }),
    },
    {
      key: 'status',
      label: t('dashboards.filters.status'),
      width: 160,
      options: [
        { value: 'published', label: t('dashboards.status.published') },
        { value: 'draft', label: t('dashboards.status.draft') },
      ],
      onChange: (status: DashboardStatus | undefined) => update({ status }),
    },
    {
      key: 'favorite',
      label: t('dashboards.filters.favorite'),
      width: 140,
      ...yesNoFilter(t, (favorite) => update({ favorite })),
    },
    {
      key: 'certified',
      label: t('dashboards.filters.certified'),
      width: 140,
      ...yesNoFilter(t, (certified) => update({ certified })),
    },
    ...(tagFilter ? [tagFilter] : []),
  ];

  const cards = (page: DashboardListItemDto[]) => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
      {page.map((dashboard) => (
        <DashboardCard
          key={dashboard.id}
          dashboard={dashboard}
          starred={favorites.isStarred(dashboard.id)}
          onToggleStar={() => favorites.toggle(dashboard.id)}
          selected={list.selected.includes(dashboard.id)}
          onSelect={(on) => list.toggleSelected(dashboard.id, on)}
          {...actionsOf(dashboard)}
        />
      ))}
    </div>
  );

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
          {canWrite && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('dashboards.import.open')}
            </Button>
          )}
          {canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              loading={createDashboard.isPending}
              onClick={create}
            >
              {t('dashboards.add')}
            </Button>
          )}
        </>
      }
    >
      <ListView<DashboardListItemDto, DashboardListState>
        list={list}
        query={dashboards}
        columns={columns}
        emptyText={t('dashboards.empty')}
        search={{
          label: t('dashboards.search'),
          placeholder: t('dashboards.searchPlaceholder'),
          onSearch: (searchText) => update({ searchText }),
        }}
        filters={filters}
        extra={
          view === 'card' && (
            <CardSortSelect titleColumn="dashboard_title" state={list.state} onChange={update} />
          )
        }
        {...(canWrite && {
          bulkDelete: {
            selectedText: (count) => t('dashboards.selected', { count }),
            confirmTitle: (count) => t('dashboards.deleteManyConfirm', { count }),
            deleteText: t('dashboards.deleteSelected'),
            clearText: t('dashboards.clearSelection'),
            onDelete: (ids) => remove(ids),
            ...(canExport && {
              extra: (ids: number[]) => (
                <Button size="small" onClick={() => void exportIds(ids)}>
                  {t('dashboards.exportSelected')}
                </Button>
              ),
            }),
          },
        })}
        {...(view === 'card' && { cards })}
      />
      {editing !== undefined && <ListPropertiesModal id={editing} onClose={() => setEditing(undefined)} />}
      <ImportDashboardsModal open={importing} onClose={() => setImporting(false)} />
    </Page>
  );
}
