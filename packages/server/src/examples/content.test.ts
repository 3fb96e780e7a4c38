import path from 'node:path';
import { normalizeQueryContext, type VizType } from '@vitrina/common';
import { VIZ_TYPES } from '@vitrina/common/viz/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDuckDb } from '../drivers/exampleData/duckdbFile.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { EXAMPLE_CONTENT_SETTING_KEY, EXAMPLE_CONTENT_VERSION, ensureExampleContent } from './content.ts';
import { registerExamplesDatabase } from './register.ts';

/** A small examples file with three of the example tables: the others are reported missing and skipped. */
describe('example content', () => {
  let harness: TestApp;
  const messages: string[] = [];

  beforeAll(async () => {
    harness = await createTestApp();
    const file = path.join(harness.ctx.config.filesDir, 'examples.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run(`CREATE TABLE sales AS SELECT 1::BIGINT AS order_id, TIMESTAMP '2024-01-02 10:00' AS order_ts,
        'Europe' AS region, 'Russia' AS country, 'Москва' AS city, 'Tea' AS product_category, 'Green tea' AS product,
        'Online' AS channel, 'Retail' AS customer_segment, 2 AS quantity, 5.5::DECIMAL(10,2) AS unit_price,
        0.1::DECIMAL(4,2) AS discount, 9.9::DECIMAL(14,2) AS revenue, 4.0::DECIMAL(14,2) AS cost,
        5.9::DECIMAL(14,2) AS profit`);
      await con.run(
        `CREATE TABLE stocks AS SELECT 'AAPL' AS symbol, DATE '2010-01-01' AS "date", 10.5 AS price`,
      );
      await con.run(`CREATE TABLE airports AS SELECT 'SFO' AS iata, 'San Francisco Intl' AS name,
        'San Francisco' AS city, 'CA' AS state, 'USA' AS country, 37.62 AS latitude, -122.37 AS longitude`);
    });
    await registerExamplesDatabase(harness.ctx.metastore, file, 'test');
    await ensureExampleContent(harness.ctx, (message) => messages.push(message));
  }, 60_000);
  afterAll(() => harness?.close());

  const datasets = () =>
    harness.ctx.metastore.db.selectFrom('datasets').select(['id', 'table_name', 'description_ru']).execute();

  it('creates the datasets of the tables that exist, with Russian descriptions', async () => {
    const rows = await datasets();
    expect(rows.map((row) => row.table_name).sort()).toEqual(['airports', 'sales', 'stocks']);
    expect(rows.find((row) => row.table_name === 'sales')?.description_ru).toContain('Строки заказов');
    expect(messages.some((message) => message.includes('no dataset for flights'))).toBe(true);
  });

  it('gives sales its metrics and Russian column names', async () => {
    const sales = (await datasets()).find((row) => row.table_name === 'sales')!;
    const db = harness.ctx.metastore.db;
    const metrics = await db
      .selectFrom('dataset_metrics')
      .select(['metric_name', 'expression', 'verbose_name_ru', 'currency'])
      .where('dataset_id', '=', sales.id)
      .orderBy('metric_name')
      .execute();
    expect(metrics.map((metric) => metric.metric_name)).toEqual([
      'count',
      'margin',
      'orders',
      'profit',
      'revenue',
      'units_sold',
    ]);
    expect(metrics.find((metric) => metric.metric_name === 'revenue')).toMatchObject({
      expression: 'SUM(revenue)',
      verbose_name_ru: 'Выручка',
      currency: JSON.stringify({ symbol: 'USD', symbolPosition: 'prefix' }),
    });
    const city = await db
      .selectFrom('dataset_columns')
      .select(['verbose_name', 'verbose_name_ru'])
      .where('dataset_id', '=', sales.id)
      .where('column_name', '=', 'city')
      .executeTakeFirstOrThrow();
    expect(city).toEqual({ verbose_name: 'City', verbose_name_ru: 'Город' });
  });

  it('creates one chart of every type on sales (the map on airports), in both languages, owned by the admin', async () => {
    const db = harness.ctx.metastore.db;
    const charts = await db
      .selectFrom('slices')
      .innerJoin('datasets', 'datasets.id', 'slices.datasource_id')
      .select(['viz_type', 'slice_name_ru', 'params', 'datasets.table_name'])
      .execute();
    expect(charts.map((chart) => chart.viz_type).sort()).toEqual([...VIZ_TYPES].sort());
    for (const chart of charts)
      expect(chart.table_name, chart.viz_type).toBe(chart.viz_type === 'mapbox' ? 'airports' : 'sales');
    expect(charts.every((chart) => chart.slice_name_ru)).toBe(true);
    const owners = await db.selectFrom('slice_owners').select('slice_id').execute();
    expect(owners).toHaveLength(VIZ_TYPES.length);
  });

  it('every example chart builds a query the chart data API accepts', async () => {
    const { CHART_PLUGINS } = await import('@vitrina/common/viz/registry');
    const charts = await harness.ctx.metastore.db
      .selectFrom('slices')
      .select(['viz_type', 'params'])
      .execute();
    for (const chart of charts) {
      const plugin = CHART_PLUGINS[chart.viz_type as VizType];
      const context = plugin.buildQuery(plugin.migrate(JSON.parse(chart.params)));
      expect(() => normalizeQueryContext(context), chart.viz_type).not.toThrow();
    }
  });

  it('runs once per content version, so a deleted example stays deleted', async () => {
    const stocks = (await datasets()).find((row) => row.table_name === 'stocks')!;
    await harness.ctx.metastore.db
      .deleteFrom('dataset_columns')
      .where('dataset_id', '=', stocks.id)
      .execute();
    await harness.ctx.metastore.db
      .deleteFrom('dataset_metrics')
      .where('dataset_id', '=', stocks.id)
      .execute();
    await harness.ctx.metastore.db.deleteFrom('dataset_owners').where('dataset_id', '=', stocks.id).execute();
    await harness.ctx.metastore.db.deleteFrom('datasets').where('id', '=', stocks.id).execute();
    await ensureExampleContent(harness.ctx, () => {});
    expect((await datasets()).map((row) => row.table_name).sort()).toEqual(['airports', 'sales']);
    const setting = await harness.ctx.metastore.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', EXAMPLE_CONTENT_SETTING_KEY)
      .executeTakeFirst();
    expect(setting?.value).toBe(EXAMPLE_CONTENT_VERSION);
  });
});
