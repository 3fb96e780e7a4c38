import {
  DASHBOARD_LAYOUT_VERSION,
  DASHBOARD_METADATA_VERSION,
  type DashboardLayout,
  type DashboardMetadata,
  FORM_DATA_VERSION,
  GRID_ID,
  HEADER_ID,
  type LayoutNode,
  type LayoutNodeMeta,
  parseMetadata,
  ROOT_ID,
  serializeLayout,
  type VizType,
} from '@vitrina/common';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../http/types.ts';
import { nowIso } from '../platform/metastore/index.ts';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { chartIdsInLayout } from '../resources/dashboards/documents.ts';
import * as datasetsRepo from '../resources/datasets/repo.ts';
import type { Principal } from '../security/principal.ts';
import { exampleCharts } from './exampleCharts.ts';
import { type ExampleFilter, exampleCrossFilters, exampleNativeFilters } from './exampleFilters.ts';

/**
 * The example dashboards: "Sales overview" over the example charts on `sales` (tabs, headers, markdown,
 * a divider) and "Flights" over charts on `flights` that are created with it. Each is published, owned
 * by the admin and found again by its fixed uuid, so loading the examples twice creates nothing new.
 * A chart that is missing (a user deleted it, its table is not there) is left off the layout. Both have
 * native filters and cross-filters (exampleFilters.ts); an example dashboard from before they existed
 * gets them when the example content version changes, unless someone has given it filters already.
 */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;

/** A block of the layout tree; charts name an example chart by key, rows and tabs nest blocks. */
type Block =
  | { chart: string; width: number; height?: number }
  | { markdown: string; width: number; height?: number }
  | { header: string; size?: 'SMALL_HEADER' | 'MEDIUM_HEADER' | 'LARGE_HEADER' }
  | { divider: true }
  | { row: Block[] }
  | { tabs: Array<{ text: string; children: Block[] }> };

interface FlightsChart {
  uuid: string;
  vizType: VizType;
  name: [string, string];
  params: Record<string, unknown>;
}

export interface ExampleDashboard {
  uuid: string;
  slug: string;
  title: [string, string];
  table: string;
  colorScheme: string;
  blocks: Block[];
  filters: ExampleFilter[];
}

/** The charts of the flights dashboard (the sales one uses the example chart of each type). */
export const FLIGHTS_CHARTS: Record<string, FlightsChart> = {
  flights_total: {
    uuid: '6f1d8a52-3c57-4d0e-9a51-0b8e7f2c1a01',
    vizType: 'big_number_total',
    name: ['Flights', 'Рейсы'],
    params: { metric: 'count', subheader: 'January–June 2001' },
  },
  flights_delay_trend: {
    uuid: '6f1d8a52-3c57-4d0e-9a51-0b8e7f2c1a02',
    vizType: 'echarts_timeseries_line',
    name: ['Average delay by day', 'Средняя задержка по дням'],
    params: { x_axis: 'date', time_grain_sqla: 'P1D', metrics: ['avg_delay'], groupby: [] },
  },
  flights_weekly: {
    uuid: '6f1d8a52-3c57-4d0e-9a51-0b8e7f2c1a03',
    vizType: 'echarts_timeseries_bar',
    name: ['Flights by week', 'Рейсы по неделям'],
    params: { x_axis: 'date', time_grain_sqla: 'P1W', metrics: ['count'], groupby: [] },
  },
  flights_origins: {
    uuid: '6f1d8a52-3c57-4d0e-9a51-0b8e7f2c1a04',
    vizType: 'table',
    name: ['Busiest origins', 'Самые загруженные аэропорты вылета'],
    params: {
      query_mode: 'aggregate',
      groupby: ['origin'],
      metrics: ['count', 'avg_delay'],
      timeseries_limit_metric: 'count',
      order_desc: true,
      row_limit: 20,
    },
  },
  flights_destinations: {
    uuid: '6f1d8a52-3c57-4d0e-9a51-0b8e7f2c1a05',
    vizType: 'pie',
    name: ['Top destinations', 'Популярные направления'],
    params: { groupby: ['destination'], metric: 'count', row_limit: 10, donut: true },
  },
};

const SALES_INTRO = `## Sales overview · Обзор продаж

Orders of a tea and coffee shop, 2023–2025: revenue, profit and orders by region and channel.

Заказы магазина чая и кофе за 2023–2025 годы: выручка, прибыль и заказы по регионам и каналам.`;

const FLIGHTS_INTRO = `## US domestic flights · Внутренние рейсы США

Three million flights, January to June 2001, with their departure delays in minutes.

Три миллиона рейсов с января по июнь 2001 года и их задержки вылета в минутах.`;

export const EXAMPLE_DASHBOARDS: ExampleDashboard[] = [
  {
    uuid: '3b0f6c8e-2d41-4f7a-8c1e-5a9d0e7b6c01',
    slug: 'sales',
    title: ['Sales overview', 'Обзор продаж'],
    table: 'sales',
    colorScheme: 'supersetColors',
    filters: [
      { key: 'region', name: 'Region · Регион', type: 'filter_select', column: 'region' },
      { key: 'city', name: 'City · Город', type: 'filter_select', column: 'city', parent: 'region' },
      { key: 'time', name: 'Order time · Время заказа', type: 'filter_time' },
      { key: 'grain', name: 'Time grain · Шаг времени', type: 'filter_timegrain' },
    ],
    blocks: [
      {
        row: [
          { markdown: SALES_INTRO, width: 8, height: 30 },
          { chart: 'big_number_total', width: 4, height: 30 },
        ],
      },
      {
        tabs: [
          {
            text: 'Trends · Динамика',
            children: [
              { header: 'Revenue over time · Выручка во времени' },
              {
                row: [
                  { chart: 'big_number', width: 4 },
                  { chart: 'echarts_timeseries_line', width: 8 },
                ],
              },
              {
                row: [
                  { chart: 'echarts_timeseries_bar', width: 6 },
                  { chart: 'mixed_timeseries', width: 6 },
                ],
              },
            ],
          },
          {
            text: 'Breakdown · Разрезы',
            children: [
              { header: 'Regions and channels · Регионы и каналы' },
              {
                row: [
                  { chart: 'pie', width: 4 },
                  { chart: 'treemap_v2', width: 4 },
                  { chart: 'funnel', width: 4 },
                ],
              },
              { divider: true },
              {
                row: [
                  { chart: 'table', width: 6 },
                  { chart: 'pivot_table_v2', width: 6 },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    uuid: '3b0f6c8e-2d41-4f7a-8c1e-5a9d0e7b6c02',
    slug: 'flights',
    title: ['Flights', 'Авиаперелёты'],
    table: 'flights',
    colorScheme: 'd3Category10',
    filters: [
      { key: 'origin', name: 'Origin · Аэропорт вылета', type: 'filter_select', column: 'origin' },
      { key: 'time', name: 'Date · Дата', type: 'filter_time' },
      { key: 'grain', name: 'Time grain · Шаг времени', type: 'filter_timegrain' },
    ],
    blocks: [
      {
        row: [
          { chart: 'flights_total', width: 4, height: 30 },
          { markdown: FLIGHTS_INTRO, width: 8, height: 30 },
        ],
      },
      { header: 'Delays · Задержки' },
      { row: [{ chart: 'flights_delay_trend', width: 12 }] },
      {
        row: [
          { chart: 'flights_weekly', width: 4 },
          { chart: 'flights_origins', width: 4 },
          { chart: 'flights_destinations', width: 4 },
        ],
      },
    ],
  },
];

export interface PlacedChart {
  id: number;
  uuid: string;
  name: string;
}

/**
 * position_json of a dashboard: ROOT → GRID → the blocks, with every node's ancestors in `parents`.
 * Node ids are derived from the dashboard's slug, so one example always has the same layout.
 */
export function buildExampleLayout(
  dashboard: Pick<ExampleDashboard, 'slug' | 'title' | 'blocks'>,
  charts: ReadonlyMap<string, PlacedChart>,
): DashboardLayout {
  const layout: DashboardLayout = { DASHBOARD_VERSION_KEY: DASHBOARD_LAYOUT_VERSION };
  let counter = 0;
  const add = (type: LayoutNode['type'], parents: string[], meta: LayoutNodeMeta, id?: string) => {
    counter++;
    const node: LayoutNode = {
      id: id ?? `${type}-${dashboard.slug}-${counter}`,
      type,
      children: [],
      parents,
      meta,
    };
    layout[node.id] = node;
    return node;
  };
  // Returns the node's id, or null when nothing of it is left (its charts are missing).
  const place = (block: Block, parents: string[]): string | null => {
    if ('chart' in block) {
      const chart = charts.get(block.chart);
      if (!chart) return null;
      return add('CHART', parents, {
        chartId: chart.id,
        uuid: chart.uuid,
        sliceName: chart.name,
        width: block.width,
        height: block.height ?? 50,
      }).id;
    }
    if ('markdown' in block)
      return add('MARKDOWN', parents, {
        code: block.markdown,
        width: block.width,
        height: block.height ?? 50,
      }).id;
    if ('header' in block)
      return add('HEADER', parents, {
        text: block.header,
        headerSize: block.size ?? 'MEDIUM_HEADER',
        background: 'BACKGROUND_TRANSPARENT',
      }).id;
    if ('divider' in block) return add('DIVIDER', parents, {}).id;
    if ('row' in block) {
      const row = add('ROW', parents, { background: 'BACKGROUND_TRANSPARENT' });
      row.children = placeAll(block.row, [...parents, row.id]);
      if (row.children.length > 0) return row.id;
      delete layout[row.id];
      return null;
    }
    const tabs = add('TABS', parents, {});
    tabs.children = block.tabs.map((tab) => {
      const node = add('TAB', [...parents, tabs.id], { text: tab.text, defaultText: 'Tab title' });
      node.children = placeAll(tab.children, [...parents, tabs.id, node.id]);
      return node.id;
    });
    return tabs.id;
  };
  const placeAll = (blocks: Block[], parents: string[]) =>
    blocks.map((block) => place(block, parents)).filter((id): id is string => id !== null);

  add('ROOT', [], {}, ROOT_ID).children = [GRID_ID];
  add('HEADER', [], { text: dashboard.title[0] }, HEADER_ID);
  const grid = add('GRID', [ROOT_ID], {}, GRID_ID);
  grid.children = placeAll(dashboard.blocks, [ROOT_ID, GRID_ID]);
  return layout;
}

/** The filter keys of an example's metadata: its native filters and cross-filter scoping. */
function exampleFilterMetadata(
  example: ExampleDashboard,
  datasetId: number,
  layout: DashboardLayout,
  chartIds: number[],
): Pick<
  DashboardMetadata,
  | 'cross_filters_enabled'
  | 'native_filter_configuration'
  | 'chart_configuration'
  | 'global_chart_configuration'
> {
  return {
    cross_filters_enabled: true,
    native_filter_configuration: exampleNativeFilters(example.slug, example.filters, datasetId, layout),
    ...exampleCrossFilters(chartIds),
  };
}

export function exampleMetadata(
  example: ExampleDashboard,
  datasetId: number,
  layout: DashboardLayout,
  chartIds: number[],
): DashboardMetadata {
  return {
    version: DASHBOARD_METADATA_VERSION,
    color_scheme: example.colorScheme,
    color_scheme_domain: [],
    label_colors: {},
    shared_label_colors: [],
    refresh_frequency: 0,
    timed_refresh_immune_slices: [],
    expanded_slices: {},
    ...exampleFilterMetadata(example, datasetId, layout, chartIds),
  };
}

/**
 * An example dashboard made before examples had filters gets them, keeping everything else; one that
 * has native filters already (someone configured it) is left as it is. Answers whether it changed.
 */
async function addFiltersToExample(
  db: Db,
  example: ExampleDashboard,
  dashboard: { id: number; json_metadata: string | null; position_json: string | null },
  datasetId: number,
): Promise<boolean> {
  const parsed = parseMetadata(dashboard.json_metadata);
  if (!parsed.ok || (parsed.metadata.native_filter_configuration ?? []).length > 0) return false;
  const layout = JSON.parse(dashboard.position_json ?? '{}') as DashboardLayout;
  const chartIds = chartIdsInLayout(dashboard.position_json);
  const metadata = { ...parsed.metadata, ...exampleFilterMetadata(example, datasetId, layout, chartIds) };
  await db
    .updateTable('dashboards')
    .set({ json_metadata: JSON.stringify(metadata), changed_on: nowIso() })
    .where('id', '=', dashboard.id)
    .execute();
  return true;
}

/** The example charts on `sales` by chart type, as the sales dashboard names them. */
async function salesCharts(db: Db, datasetId: number): Promise<Map<string, PlacedChart>> {
  const rows = await db
    .selectFrom('slices')
    .select(['id', 'uuid', 'slice_name', 'viz_type'])
    .where('datasource_id', '=', datasetId)
    .where('datasource_type', '=', 'table')
    .orderBy('id')
    .execute();
  const charts = new Map<string, PlacedChart>();
  for (const [vizType, example] of Object.entries(await exampleCharts())) {
    const row = rows.find((candidate) => candidate.slice_name === example.name[0]);
    if (row) charts.set(vizType, { id: row.id, uuid: row.uuid, name: row.slice_name });
  }
  return charts;
}

/** The flights dashboard's charts, each created unless a chart with its uuid is there already. */
async function flightsCharts(db: Db, datasetId: number, admin: Principal): Promise<Map<string, PlacedChart>> {
  const charts = new Map<string, PlacedChart>();
  const now = nowIso();
  for (const [key, chart] of Object.entries(FLIGHTS_CHARTS)) {
    const existing = await db
      .selectFrom('slices')
      .select(['id', 'slice_name'])
      .where('uuid', '=', chart.uuid)
      .executeTakeFirst();
    if (existing) {
      charts.set(key, { id: existing.id, uuid: chart.uuid, name: existing.slice_name });
      continue;
    }
    const params = {
      datasource: `${datasetId}__table`,
      viz_type: chart.vizType,
      form_data_version: FORM_DATA_VERSION,
      adhoc_filters: [],
      ...chart.params,
    };
    const row = await db
      .insertInto('slices')
      .values({
        uuid: chart.uuid,
        slice_name: chart.name[0],
        slice_name_ru: chart.name[1],
        viz_type: chart.vizType,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify(params),
        query_context: null,
        description: null,
        cache_timeout: null,
        certified_by: null,
        certification_details: null,
        external_url: null,
        last_saved_at: now,
        last_saved_by_fk: admin.id,
        created_on: now,
        changed_on: now,
        created_by_fk: admin.id,
        changed_by_fk: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('slice_owners').values({ slice_id: row.id, user_id: admin.id }).execute();
    charts.set(key, { id: row.id, uuid: chart.uuid, name: chart.name[0] });
  }
  return charts;
}

function chartIdsOf(layout: DashboardLayout): number[] {
  return Object.values(layout).flatMap((node) =>
    typeof node === 'object' && node.type === 'CHART' && typeof node.meta.chartId === 'number'
      ? [node.meta.chartId]
      : [],
  );
}

/**
 * Creates the example dashboards that are not there yet (by uuid), each with its charts in one
 * transaction, and gives filters to those made before examples had them. A dashboard whose dataset is
 * missing is skipped. Returns how many were created.
 */
export async function ensureExampleDashboards(
  ctx: AppContext,
  databaseId: number,
  admin: Principal,
): Promise<number> {
  const db = ctx.metastore.db;
  let created = 0;
  for (const example of EXAMPLE_DASHBOARDS) {
    const exists = await db
      .selectFrom('dashboards')
      .select(['id', 'json_metadata', 'position_json'])
      .where('uuid', '=', example.uuid)
      .executeTakeFirst();
    const dataset = await datasetsRepo.findDuplicate(db, {
      databaseId,
      catalog: null,
      schema: 'main',
      tableName: example.table,
    });
    if (!dataset) continue;
    if (exists) {
      await addFiltersToExample(db, example, exists, dataset.id);
      continue;
    }
    await db.transaction().execute(async (trx) => {
      const charts =
        example.table === 'flights'
          ? await flightsCharts(trx, dataset.id, admin)
          : await salesCharts(trx, dataset.id);
      const layout = buildExampleLayout(example, charts);
      const chartIds = chartIdsOf(layout);
      // A slug someone else took stays theirs; the example is then reached by its id.
      const slugTaken = await trx
        .selectFrom('dashboards')
        .select('id')
        .where('slug', '=', example.slug)
        .executeTakeFirst();
      const now = nowIso();
      const row = await trx
        .insertInto('dashboards')
        .values({
          uuid: example.uuid,
          dashboard_title: example.title[0],
          dashboard_title_ru: example.title[1],
          slug: slugTaken ? null : example.slug,
          position_json: serializeLayout(layout),
          json_metadata: JSON.stringify(exampleMetadata(example, dataset.id, layout, chartIds)),
          css: null,
          description: null,
          published: 1,
          certified_by: null,
          certification_details: null,
          is_managed_externally: 0,
          external_url: null,
          created_on: now,
          changed_on: now,
          created_by_fk: admin.id,
          changed_by_fk: admin.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('dashboard_owners').values({ dashboard_id: row.id, user_id: admin.id }).execute();
      if (chartIds.length > 0) {
        await trx
          .insertInto('dashboard_slices')
          .values(chartIds.map((sliceId) => ({ dashboard_id: row.id, slice_id: sliceId })))
          .execute();
      }
    });
    created++;
  }
  return created;
}
