import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  Button,
  Empty,
  Flex,
  Input,
  Pagination,
  Segmented,
  Select,
  Space,
  Spin,
  type TableColumnsType,
} from 'antd';
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
import { errorText } from '../../api/errors.ts';
import {
  BulkDeleteBar,
  DeleteLink,
  ErrorBox,
  FavoriteStar,
  ListTable,
  localizedName,
  OwnerTags,
  Page,
  useSortableList,
  useToasts,
} from '../../components/index.ts';
import { ChartCard } from './ChartCard.tsx';
import { ChartTitleLink, DashboardLinks, DatasetName, LastModified, useChartTitle } from './ChartParts.tsx';
import {
  CARD_SORTS,
  type CardSort,
  type ChartListState,
  type ChartListView,
  cardSortOf,
  chartListQuery,
  INITIAL_CHART_LIST,
} from './chartListQuery.ts';
import { chartTypeName, chartTypeOptions } from './chartTypes.ts';
import { CHART_ADD_PATH, exploreChartPath } from './paths.ts';
import { useChartFavorites } from './useChartFavorites.ts';

type YesNo = 'yes' | 'no';

function yesNo(value: YesNo | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'yes';
}

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
  const { addSuccessToast, addDangerToast } = useToasts();
  const [state, setState] = useState<ChartListState>(INITIAL_CHART_LIST);
  const [view, setView] = useState<ChartListView>('table');
  const [selected, setSelected] = useState<number[]>([]);
  const charts = useCharts(chartListQuery(state));
  const owners = useChartRelated('owners');
  const datasets = useDatasets(DATASET_OPTIONS_QUERY);
  const dashboards = useChartDashboardOptions();
  const deleteCharts = useDeleteCharts();
  const chartTitle = useChartTitle();
  const list = charts.data?.result ?? [];
  const favorites = useChartFavorites(list.map((chart) => chart.id));

  const update = (changes: Partial<ChartListState>) =>
    setState((current) => ({ ...current, page: 0, ...changes }));

  const remove = (ids: number[], name?: string) =>
    deleteCharts.mutate(ids, {
      onSuccess: () => {
        addSuccessToast(
          name ? t('charts.deleted', { name }) : t('charts.deletedMany', { count: ids.length }),
        );
        setSelected((current) => current.filter((id) => !ids.includes(id)));
      },
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const table = useSortableList<ChartListItem, ChartListState>(
    state,
    setState,
    INITIAL_CHART_LIST,
    charts.data?.count ?? 0,
  );

  const columns: TableColumnsType<ChartListItem> = [
    {
      key: 'favorite',
      width: 48,
      render: (_value, chart) => (
        <FavoriteStar
          starred={favorites.isStarred(chart.id)}
          onToggle={() => favorites.toggle(chart.id)}
          name={chartTitle(chart)}
        />
      ),
    },
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
    {
      key: 'owners',
      title: t('charts.columns.owners'),
      render: (_value, chart) => <OwnerTags owners={chart.owners} />,
    },
    {
      key: 'changed_on_delta_humanized',
      title: t('charts.columns.lastModified'),
      sorter: true,
      render: (_value, chart) => <LastModified chart={chart} />,
    },
    {
      key: 'actions',
      title: t('charts.columns.actions'),
      render: (_value, chart) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => void navigate(exploreChartPath(chart.id))}>
            {t('common.edit')}
          </Button>
          <DeleteLink
            title={t('charts.deleteConfirm', { name: chartTitle(chart) })}
            onConfirm={() => remove([chart.id], chartTitle(chart))}
          />
        </Space>
      ),
    },
  ];

  const toggleSelected = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((item) => item !== id)));

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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(CHART_ADD_PATH)}>
            {t('charts.add')}
          </Button>
        </>
      }
    >
      <Flex gap={12} wrap align="center">
        <Input.Search
          allowClear
          aria-label={t('charts.search')}
          placeholder={t('charts.searchPlaceholder')}
          style={{ width: 260 }}
          onSearch={(searchText) => update({ searchText })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('charts.filters.type')}
          placeholder={t('charts.filters.type')}
          style={{ width: 200 }}
          options={chartTypeOptions(t, i18n.language)}
          onChange={(vizType: string | undefined) => update({ vizType })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('charts.filters.dataset')}
          placeholder={t('charts.filters.dataset')}
          style={{ width: 180 }}
          loading={datasets.isPending}
          options={(datasets.data?.result ?? []).map((dataset) => ({
            value: dataset.id,
            label: dataset.table_name,
          }))}
          onChange={(dataset: number | undefined) => update({ dataset })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('charts.filters.owner')}
          placeholder={t('charts.filters.owner')}
          style={{ width: 180 }}
          loading={owners.isPending}
          options={(owners.data ?? []).map((owner) => ({ value: owner.value, label: owner.text }))}
          onChange={(owner: number | undefined) => update({ owner })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('charts.filters.dashboard')}
          placeholder={t('charts.filters.dashboard')}
          style={{ width: 200 }}
          loading={dashboards.isPending}
          options={(dashboards.data ?? []).map((dashboard) => ({
            value: dashboard.id,
            label: localizedName(dashboard.dashboard_title, dashboard.dashboard_title_ru, i18n.language),
          }))}
          onChange={(dashboard: number | undefined) => update({ dashboard })}
        />
        <Select
          allowClear
          aria-label={t('charts.filters.favorite')}
          placeholder={t('charts.filters.favorite')}
          style={{ width: 140 }}
          options={[
            { value: 'yes', label: t('common.yes') },
            { value: 'no', label: t('common.no') },
          ]}
          onChange={(value: YesNo | undefined) => update({ favorite: yesNo(value) })}
        />
        <Select
          allowClear
          aria-label={t('charts.filters.certified')}
          placeholder={t('charts.filters.certified')}
          style={{ width: 140 }}
          options={[
            { value: 'yes', label: t('common.yes') },
            { value: 'no', label: t('common.no') },
          ]}
          onChange={(value: YesNo | undefined) => update({ certified: yesNo(value) })}
        />
        {view === 'card' && (
          <Select<CardSort>
            aria-label={t('charts.sort.label')}
            style={{ width: 220 }}
            value={cardSortOf(state)}
            placeholder={t('charts.sort.label')}
            options={[
              { value: 'alphabetical', label: t('charts.sort.alphabetical') },
              { value: 'recentlyModified', label: t('charts.sort.recentlyModified') },
              { value: 'leastRecentlyModified', label: t('charts.sort.leastRecentlyModified') },
            ]}
            onChange={(sort) => update(CARD_SORTS[sort])}
          />
        )}
      </Flex>
      {selected.length > 0 && (
        <BulkDeleteBar
          selectedText={t('charts.selected', { count: selected.length })}
          confirmTitle={t('charts.deleteManyConfirm', { count: selected.length })}
          deleteText={t('charts.deleteSelected')}
          clearText={t('charts.clearSelection')}
          onDelete={() => remove(selected)}
          onClear={() => setSelected([])}
        />
      )}
      {charts.isError && <ErrorBox error={charts.error} />}
      {view === 'table' ? (
        <ListTable<ChartListItem>
          rowKey="id"
          columns={table.withSortOrder(columns)}
          dataSource={list}
          loading={charts.isFetching}
          emptyText={t('charts.empty')}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          pagination={table.pagination}
          onChange={table.onChange}
        />
      ) : (
        <Spin spinning={charts.isFetching}>
          {list.length === 0 && !charts.isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.empty')} />
          ) : (
            <div
              style={{
                display: 'grid',
                gap: 16,
                gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
              }}
            >
              {list.map((chart) => (
                <ChartCard
                  key={chart.id}
                  chart={chart}
                  starred={favorites.isStarred(chart.id)}
                  onToggleStar={() => favorites.toggle(chart.id)}
                  selected={selected.includes(chart.id)}
                  onSelect={(on) => toggleSelected(chart.id, on)}
                  onDelete={() => remove([chart.id], chartTitle(chart))}
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
    </Page>
  );
}
