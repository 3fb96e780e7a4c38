import path from 'node:path';
import {
  type DashboardLayout,
  depthOf,
  isValidChild,
  type LayoutNode,
  type NativeFilter,
  normalizeQueryContext,
  parseLayout,
  type VizType,
  validateMetadata,
} from '@vitrina/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDuckDb } from '../drivers/exampleData/duckdbFile.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { ensureExampleContent } from './content.ts';
import { buildExampleLayout, EXAMPLE_DASHBOARDS, ensureExampleDashboards } from './exampleDashboards.ts';
import { registerExamplesDatabase } from './register.ts';

/** A small examples file with the sales and flights tables, enough for both example dashboards. */
describe('example dashboards', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
    const file = path.join(harness.ctx.config.filesDir, 'examples.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run(`CREATE TABLE sales AS SELECT 1::BIGINT AS order_id, TIMESTAMP '2024-01-02 10:00' AS order_ts,
        'Europe' AS region, 'Russia' AS country, 'Москва' AS city, 'Tea' AS product_category, 'Green tea' AS product,
        'Online' AS channel, 'Retail' AS customer_segment, 2 AS quantity, 5.5::DECIMAL(10,2) AS unit_price,
        0.1::DECIMAL(4,2) AS discount, 9.9::DECIMAL(14,2) AS revenue, 4.0::DECIMAL(14,2) AS cost,
        5.9::DECIMAL(14,2) AS profit`);
      await con.run(`CREATE TABLE flights AS SELECT TIMESTAMP '2001-01-01 06:00' AS "date", 5 AS delay,
        300 AS distance, 'SFO' AS origin, 'LAX' AS destination`);
    });
    await registerExamplesDatabase(harness.ctx.metastore, file, 'test');
    await ensureExampleContent(harness.ctx, () => {});
  }, 60_000);
  afterAll(() => harness?.close());

  const dashboards = () =>
    harness.ctx.metastore.db
      .selectFrom('dashboards')
      .selectAll()
      .where(
        'uuid',
        'in',
        EXAMPLE_DASHBOARDS.map((example) => example.uuid),
      )
      .orderBy('id')
      .execute();

  const nodesOf = (positionJson: string | null): LayoutNode[] =>
    Object.values(JSON.parse(positionJson ?? '{}') as DashboardLayout).filter(
      (node): node is LayoutNode => typeof node === 'object',
    );

  it('creates the published dashboards with Russian titles, owned by the admin', async () => {
    const rows = await dashboards();
    expect(rows.map((row) => [row.dashboard_title, row.dashboard_title_ru, row.published])).toEqual([
      ['Sales overview', 'Обзор продаж', 1],
      ['Flights', 'Авиаперелёты', 1],
    ]);
    const owners = await harness.ctx.metastore.db
      .selectFrom('dashboard_owners as o')
      .innerJoin('user_roles as ur', 'ur.user_id', 'o.user_id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['o.dashboard_id', 'r.name'])
      .where(
        'o.dashboard_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(owners).toHaveLength(2);
    expect(owners.every((owner) => owner.name === 'Admin')).toBe(true);
    for (const row of rows) {
      expect(JSON.parse(row.json_metadata ?? '{}').color_scheme).toBeTruthy();
    }
  });

  it('lays every chart of the dashboard out, and only those', async () => {
    const db = harness.ctx.metastore.db;
    for (const row of await dashboards()) {
      const layoutCharts = nodesOf(row.position_json)
        .filter((node) => node.type === 'CHART')
        .map((node) => node.meta.chartId)
        .sort();
      const related = (
        await db
          .selectFrom('dashboard_slices')
          .select('slice_id')
          .where('dashboard_id', '=', row.id)
          .execute()
      )
        .map((link) => link.slice_id)
        .sort();
      expect(layoutCharts.length).toBeGreaterThan(3);
      expect(layoutCharts).toEqual(related);
    }
  });

  it('gives the sales dashboard eight charts of different types, tabs, headers and markdown', async () => {
    const [sales] = await dashboards();
    const nodes = nodesOf(sales!.position_json);
    const chartIds = nodes.filter((node) => node.type === 'CHART').map((node) => node.meta.chartId as number);
    const charts = await harness.ctx.metastore.db
      .selectFrom('slices')
      .select('viz_type')
      .where('id', 'in', chartIds)
      .execute();
    expect(new Set(charts.map((chart) => chart.viz_type)).size).toBeGreaterThanOrEqual(8);
    const types = new Set(nodes.map((node) => node.type));
    for (const type of ['TABS', 'TAB', 'HEADER', 'MARKDOWN', 'ROW'] as const) expect(types).toContain(type);
  });

  it('keeps every node under its parents, root first', async () => {
    for (const row of await dashboards()) {
      const layout = JSON.parse(row.position_json ?? '{}') as DashboardLayout;
      for (const node of nodesOf(row.position_json)) {
        for (const child of node.children) {
          const childNode = layout[child] as LayoutNode;
          expect(childNode.parents).toEqual([...(node.parents ?? []), node.id]);
        }
      }
    }
  });

  it('nests every node where the layout rules allow, so the page reads it as stored', async () => {
    const db = harness.ctx.metastore.db;
    for (const row of await dashboards()) {
      const layout = JSON.parse(row.position_json ?? '{}') as DashboardLayout;
      for (const node of nodesOf(row.position_json)) {
        for (const child of node.children) {
          const childType = (layout[child] as LayoutNode).type;
          expect(isValidChild(node.type, childType, depthOf(layout, node.id)), `${node.id} > ${child}`).toBe(
            true,
          );
        }
      }
      const charts = await db
        .selectFrom('slices')
        .innerJoin('dashboard_slices as ds', 'ds.slice_id', 'slices.id')
        .select(['slices.id', 'slices.slice_name', 'slices.uuid'])
        .where('ds.dashboard_id', '=', row.id)
        .execute();
      const parsed = parseLayout(row.position_json, charts, { dashboardTitle: row.dashboard_title });
      expect(Object.keys(parsed).sort()).toEqual(Object.keys(layout).sort());
    }
  });

  it('creates flights charts whose queries the chart data API accepts', async () => {
    const { CHART_PLUGINS } = await import('@vitrina/common/viz/registry');
    const [, flights] = await dashboards();
    const ids = nodesOf(flights!.position_json)
      .filter((node) => node.type === 'CHART')
      .map((node) => node.meta.chartId as number);
    const charts = await harness.ctx.metastore.db
      .selectFrom('slices')
      .select(['viz_type', 'params', 'slice_name_ru'])
      .where('id', 'in', ids)
      .execute();
    for (const chart of charts) {
      expect(chart.slice_name_ru).toBeTruthy();
      const plugin = CHART_PLUGINS[chart.viz_type as VizType];
      const context = plugin.buildQuery(plugin.migrate(JSON.parse(chart.params)));
      expect(() => normalizeQueryContext(context), chart.viz_type).not.toThrow();
    }
  });

  it('creates nothing new when loaded again', async () => {
    const database = await harness.ctx.metastore.db
      .selectFrom('databases')
      .select('id')
      .where('database_name', '=', 'examples')
      .executeTakeFirstOrThrow();
    const admin = { id: (await dashboards())[0]!.created_by_fk! } as Parameters<
      typeof ensureExampleDashboards
    >[2];
    const chartsBefore = await harness.ctx.metastore.db.selectFrom('slices').select('id').execute();
    expect(await ensureExampleDashboards(harness.ctx, database.id, admin)).toBe(0);
    expect(await dashboards()).toHaveLength(2);
    expect(await harness.ctx.metastore.db.selectFrom('slices').select('id').execute()).toHaveLength(
      chartsBefore.length,
    );
  });

  it('leaves missing charts and the rows they empty off the layout', () => {
    const layout = buildExampleLayout(
      {
        slug: 'x',
        title: ['X', 'Икс'],
        blocks: [{ row: [{ chart: 'gone', width: 4 }] }, { header: 'Kept' }],
      },
      new Map(),
    );
    const grid = layout.GRID_ID as LayoutNode;
    expect(grid.children).toHaveLength(1);
    expect((layout[grid.children[0]!] as LayoutNode).type).toBe('HEADER');
  });

  it('gives both dashboards native filters and cross-filters that pass the metadata checks', async () => {
    const db = harness.ctx.metastore.db;
    const [sales, flights] = await dashboards();
    const metadata = JSON.parse(sales!.json_metadata ?? '{}');
    expect(validateMetadata(metadata)).toEqual([]);
    expect(validateMetadata(JSON.parse(flights!.json_metadata ?? '{}'))).toEqual([]);
    const filters = metadata.native_filter_configuration as NativeFilter[];
    expect(filters.map((filter) => filter.filterType)).toEqual([
      'filter_select',
      'filter_select',
      'filter_time',
      'filter_timegrain',
    ]);
    const [region, city] = filters;
    expect(city!.cascadeParentIds).toEqual([region!.id]);
    // The value filters' columns are columns of the sales dataset.
    const datasetId = region!.targets[0]!.datasetId!;
    const columns = (
      await db
        .selectFrom('dataset_columns')
        .select('column_name')
        .where('dataset_id', '=', datasetId)
        .execute()
    ).map((row) => row.column_name);
    expect(columns).toEqual(expect.arrayContaining(['region', 'city', 'order_ts']));
    const table = await db
      .selectFrom('datasets')
      .select('table_name')
      .where('id', '=', datasetId)
      .executeTakeFirst();
    expect(table?.table_name).toBe('sales');
    const chartIds = nodesOf(sales!.position_json)
      .filter((node) => node.type === 'CHART')
      .map((node) => node.meta.chartId as number);
    expect(region!.chartsInScope?.sort()).toEqual([...chartIds].sort());
    expect(metadata.cross_filters_enabled).toBe(true);
    expect(Object.keys(metadata.chart_configuration).sort()).toEqual(chartIds.map(String).sort());
    expect(metadata.global_chart_configuration.chartsInScope.sort()).toEqual([...chartIds].sort());
  });

  it('adds filters to an example made before they existed, and leaves configured ones alone', async () => {
    const db = harness.ctx.metastore.db;
    const [sales, flights] = await dashboards();
    const salesBefore = JSON.parse(sales!.json_metadata ?? '{}');
    const { native_filter_configuration: _filters, chart_configuration: _charts, ...older } = salesBefore;
    await db
      .updateTable('dashboards')
      .set({ json_metadata: JSON.stringify({ ...older, label_colors: { Europe: '#123456' } }) })
      .where('id', '=', sales!.id)
      .execute();
    const flightsMetadata = JSON.parse(flights!.json_metadata ?? '{}');
    // Someone kept one filter on the flights dashboard: that is theirs.
    const mine = {
      ...flightsMetadata,
      native_filter_configuration: flightsMetadata.native_filter_configuration.slice(0, 1),
    };
    await db
      .updateTable('dashboards')
      .set({ json_metadata: JSON.stringify(mine) })
      .where('id', '=', flights!.id)
      .execute();
    const database = await db
      .selectFrom('databases')
      .select('id')
      .where('database_name', '=', 'examples')
      .executeTakeFirstOrThrow();
    const admin = { id: sales!.created_by_fk! } as Parameters<typeof ensureExampleDashboards>[2];
    expect(await ensureExampleDashboards(harness.ctx, database.id, admin)).toBe(0);
    const [salesAfter, flightsAfter] = await dashboards();
    const upgraded = JSON.parse(salesAfter!.json_metadata ?? '{}');
    expect(upgraded.native_filter_configuration).toEqual(salesBefore.native_filter_configuration);
    expect(upgraded.chart_configuration).toEqual(salesBefore.chart_configuration);
    expect(upgraded.label_colors).toEqual({ Europe: '#123456' });
    expect(JSON.parse(flightsAfter!.json_metadata ?? '{}')).toEqual(mine);
  });
});
