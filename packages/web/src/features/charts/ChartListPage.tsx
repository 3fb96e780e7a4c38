import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Segmented, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type ChartListItem,
  useChartDashboardOptions,
  useChartRelated,
  useCharts,
  useDeleteCharts,
} from '../../api/charts.ts';
import { useDatasets } from '../../api/datasets.ts';
import { useTaggingEnabled } from '../../api/tags.ts';
import { useAccess } from '../../api/useAccess.ts';
import {
  actionsColumn,
  CardSortSelect,
  favoriteColumn,
  type ListSelectFilter,
  ListView,
  localizedName,
  modifiedColumn,
  ownersColumn,
  Page,
  RowActions,
  tagsColumn,
  useListDelete,
  useListState,
  useTagFilter,
  yesNoFilter,
} from '../../components/index.ts';
import { ChartCard } from './ChartCard.tsx';
import {
  ChartTitleLink,
  DashboardLinks,
  DatasetName,
  useChartModifiedBy,
  useChartTitle,
} from './ChartParts.tsx';
import {
  type ChartListState,
  type ChartListView,
  chartListQuery,
  INITIAL_CHART_LIST,
} from './chartListQuery.ts';
import { chartTypeName, chartTypeOptions } from './chartTypes.ts';
import { CHART_ADD_PATH, exploreChartPath } from './paths.ts';
import { useChartFavorites } from './useChartFavorites.ts';

/** The datasets a chart can be filtered by: the first 100 by name. */
const DATASET_OPTIONS_QUERY = {
  columns: ['id', 'table_name', 'schema'],
  order_column: 'table_name',
  order_direction: 'asc' as const,
  page: 0,
  page_size: 100,
};

export function ChartListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListState<ChartListState>(INITIAL_CHART_LIST);
  const [view, setView] = useState<ChartListView>('table');
  const charts = useCharts(chartListQuery(list.state));
  const owners = useChartRelated('owners');
  const datasets = useDatasets(DATASET_OPTIONS_QUERY);
  const dashboards = useChartDashboardOptions();
  const chartTitle = useChartTitle();
  const modifiedBy = useChartModifiedBy();
  const rows = charts.data?.result ?? [];
  const favorites = useChartFavorites(rows.map((chart) => chart.id));
  const remove = useListDelete(
    useDeleteCharts(),
    {
      deleted: (name) => t('charts.deleted', { name }),
      deletedMany: (count) => t('charts.deletedMany', { count }),
    },
    list.unselect,
  );
  const { update } = list;
  const tagging = useTaggingEnabled();
  const tagFilter = useTagFilter((tag) => update({ tag }));
  // Edit and delete for the chart's owners (and admins), adding with can_write; the API refuses the rest.
  const access = useAccess();
  const canWrite = access.can(['can_write', 'Chart']);
  const mayChange = (chart: ChartListItem) => access.mayChange(chart.owners, 'Chart');

  const columns: TableColumnsType<ChartListItem> = [
    favoriteColumn<ChartListItem>(favorites, chartTitle),
    {
      key: 'slice_name',
      dataIndex: 'slice_name',
      title: t('charts.columns.name'),
      sorter: true,
      render: (_value, chart) => <ChartTitleLink chart={chart} />,
    },
    {
      key: 'viz_type',
      dataIndex: 'viz_type',
      title: t('charts.columns.type'),
      sorter: true,
      render: (vizType: string) => chartTypeName(vizType, t),
    },
    {
      key: 'datasource_id',
      title: t('charts.columns.dataset'),
      render: (_value, chart) => <DatasetName chart={chart} />,
    },
    {
      key: 'dashboards',
      title: t('charts.columns.dashboards'),
      render: (_value, chart) => <DashboardLinks dashboards={chart.dashboards} />,
    },
    ...(tagging ? [tagsColumn<ChartListItem>(t('tags.column'))] : []),
    ownersColumn(t('charts.columns.owners')),
    modifiedColumn(t('charts.columns.lastModified'), modifiedBy),
    actionsColumn(t('charts.columns.actions'), (chart) => (
      <RowActions
        onEdit={mayChange(chart) ? () => void navigate(exploreChartPath(chart.id)) : undefined}
        deleteTitle={t('charts.deleteConfirm', { name: chartTitle(chart) })}
        onDelete={mayChange(chart) ? () => remove([chart.id], chartTitle(chart)) : undefined}
      />
    )),
  ];

  const filters: ListSelectFilter[] = [
    {
      key: 'vizType',
      label: t('charts.filters.type'),
      width: 200,
      showSearch: true,
      optionFilterProp: 'label',
      options: chartTypeOptions(t, i18n.language),
      onChange: (vizType: string | undefined) => update({ vizType }),
    },
    {
      key: 'dataset',
      label: t('charts.filters.dataset'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: datasets.isPending,
      options: (datasets.data?.result ?? []).map((dataset) => ({
        value: dataset.id,
        label: dataset.table_name,
      })),
      onChange: (dataset: number | undefined) => update({ dataset }),
    },
    {
      key: 'owner',
      label: t('charts.filters.owner'),
      width: 180,
      showSearch: true,
      optionFilterProp: 'label',
      loading: owners.isPending,
      options: (owners.data ?? []).map((owner) => ({ value: owner.value, label: owner.text })),
      onChange: (owner: number | undefined) => update({ owner }),
    },
    {
      key: 'dashboard',
      label: t('charts.filters.dashboard'),
      width: 200,
      showSearch: true,
      optionFilterProp: 'label',
      loading: dashboards.isPending,
      options: (dashboards.data ?? []).map((dashboard) => ({
        value: dashboard.id,
        label: localizedName(dashboard.dashboard_title, dashboard.dashboard_title_ru, i18n.language),
      })),
      onChange: (dashboard: number | undefined) => update({ dashboard }),
    },
    {
      key: 'favorite',
      label: t('charts.filters.favorite'),
      width: 140,
      ...yesNoFilter(t, (favorite) => update({ favorite })),
    },
    {
      key: 'certified',
      label: t('charts.filters.certified'),
      width: 140,
      ...yesNoFilter(t, (certified) => update({ certified })),
    },
    ...(tagFilter ? [tagFilter] : []),
  ];

  const cards = (page: ChartListItem[]) => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
      {page.map((chart) => (
        <ChartCard
          key={chart.id}
          chart={chart}
          starred={favorites.isStarred(chart.id)}
          onToggleStar={() => favorites.toggle(chart.id)}
          selected={list.selected.includes(chart.id)}
          onSelect={(on) => list.toggleSelected(chart.id, on)}
          onDelete={mayChange(chart) ? () => remove([chart.id], chartTitle(chart)) : undefined}
        />
      ))}
    </div>
  );

  return (
    <Page
      title={t('nav.charts')}
      extra={
        <>
          <Segmented<ChartListView>
            aria-label={t('charts.view.label')}
            value={view}
            onChange={setView}
            options={[
              {
                value: 'card',
                icon: <AppstoreOutlined />,
                title: t('charts.view.card'),
                label: t('charts.view.card'),
              },
              {
                value: 'table',
                icon: <UnorderedListOutlined />,
                title: t('charts.view.table'),
                label: t('charts.view.table'),
              },
            ]}
          />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(CHART_ADD_PATH)}>
              {t('charts.add')}
            </Button>
          )}
        </>
      }
    >
      <ListView<ChartListItem, ChartListState>
        list={list}
        query={charts}
        columns={columns}
        emptyText={t('charts.empty')}
        search={{
          label: t('charts.search'),
          placeholder: t('charts.searchPlaceholder'),
          onSearch: (searchText) => update({ searchText }),
        }}
        filters={filters}
        extra={
          view === 'card' && <CardSortSelect titleColumn="slice_name" state={list.state} onChange={update} />
        }
        {...(canWrite && {
          bulkDelete: {
            selectedText: (count) => t('charts.selected', { count }),
            confirmTitle: (count) => t('charts.deleteManyConfirm', { count }),
            deleteText: t('charts.deleteSelected'),
            clearText: t('charts.clearSelection'),
            onDelete: (ids) => remove(ids),
          },
        })}
        {...(view === 'card' && { cards })}
      />
    </Page>
  );
}
