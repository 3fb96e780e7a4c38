import { randomUUID } from 'node:crypto';
import { FORM_DATA_VERSION } from '@vitrina/common';
import type { AppContext } from '../http/types.ts';
import { nowIso } from '../platform/metastore/index.ts';
import { createDataset } from '../resources/datasets/create.ts';
import * as repo from '../resources/datasets/repo.ts';
import { readSetting, writeSetting } from '../resources/settings/repo.ts';
import { loadPrincipal, type Principal } from '../security/principal.ts';
import { type ExampleChart, exampleCharts } from './exampleCharts.ts';
import { ensureExampleDashboards } from './exampleDashboards.ts';
import { EXAMPLE_DATASETS, type ExampleDataset } from './exampleDatasets.ts';
import { EXAMPLES_DATABASE_NAME } from './register.ts';

/** Bumped when the example content changes; recorded once created, so deletions by users stick. */
export const EXAMPLE_CONTENT_VERSION = '5';
export const EXAMPLE_CONTENT_SETTING_KEY = 'example_content';

/**
 * The example content over the example data: datasets with metrics and Russian names, a chart of
 * every type on `sales` (the map on `airports`), and the example dashboards. It is created
 * once per content version; an item someone created first (a test, an admin) is left as it is, and a
 * table that is missing is reported and skipped.
 */
export async function ensureExampleContent(ctx: AppContext, log: (message: string) => void): Promise<void> {
  const db = ctx.metastore.db;
  if ((await readSetting(db, EXAMPLE_CONTENT_SETTING_KEY)) === EXAMPLE_CONTENT_VERSION) return;
  const database = await db
    .selectFrom('databases')
    .select(['id'])
    .where('database_name', '=', EXAMPLES_DATABASE_NAME)
    .executeTakeFirst();
  const admin = await firstAdmin(ctx);
  if (!database || !admin) return;
  let created = 0;
  for (const example of EXAMPLE_DATASETS) {
    const existing = await repo.findDuplicate(db, {
      databaseId: database.id,
      catalog: null,
      schema: 'main',
      tableName: example.table_name,
    });
    if (existing) continue;
    try {
      const dataset = await createDataset(ctx, admin, {
        database: database.id,
        schema: 'main',
        table_name: example.table_name,
      });
      await describeDataset(ctx, dataset.id, example);
      created++;
    } catch (error) {
      // Someone created it between our check and our insert: theirs stays.
      const raced = await repo.findDuplicate(db, {
        databaseId: database.id,
        catalog: null,
        schema: 'main',
        tableName: example.table_name,
      });
      if (!raced) log(`examples: no dataset for ${example.table_name}: ${(error as Error).message}`);
    }
  }
  const charts = await ensureExampleCharts(ctx, database.id, admin);
  if (charts > 0) log(`examples: created ${charts} example charts`);
  const dashboards = await ensureExampleDashboards(ctx, database.id, admin);
  if (dashboards > 0) log(`examples: created ${dashboards} example dashboards`);
  await writeSetting(db, EXAMPLE_CONTENT_SETTING_KEY, EXAMPLE_CONTENT_VERSION);
  if (created > 0) log(`examples: created ${created} example datasets`);
}

async function firstAdmin(ctx: AppContext): Promise<Principal | null> {
  const row = await ctx.metastore.db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('r.name', '=', 'Admin')
    .orderBy('u.id')
    .executeTakeFirst();
  return row ? loadPrincipal(ctx.metastore.db, row.id) : null;
}

/** Descriptions, column names and metrics of a freshly created example dataset, in one transaction. */
async function describeDataset(ctx: AppContext, datasetId: number, example: ExampleDataset): Promise<void> {
  const now = nowIso();
  await ctx.metastore.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('datasets')
      .set({ description: example.description[0], description_ru: example.description[1], changed_on: now })
      .where('id', '=', datasetId)
      .execute();
    for (const [column, [en, ru]] of Object.entries(example.columns)) {
      await trx
        .updateTable('dataset_columns')
        .set({ verbose_name: en, verbose_name_ru: ru, changed_on: now })
        .where('dataset_id', '=', datasetId)
        .where('column_name', '=', column)
        .execute();
    }
    await trx
      .updateTable('dataset_metrics')
      .set({ verbose_name: 'Count', verbose_name_ru: 'Количество строк', changed_on: now })
      .where('dataset_id', '=', datasetId)
      .where('metric_name', '=', 'count')
      .execute();
    if (example.metrics.length > 0) {
      await repo.insertMetrics(
        trx,
        example.metrics.map((metric) => ({
          uuid: randomUUID(),
          dataset_id: datasetId,
          metric_name: metric.metric_name,
          expression: metric.expression,
          verbose_name: metric.verbose_name,
          verbose_name_ru: metric.verbose_name_ru,
          d3format: metric.d3format ?? null,
          currency: metric.currency ? JSON.stringify(metric.currency) : null,
          metric_type: null,
          extra: '{}',
          created_on: now,
          changed_on: now,
        })),
      );
    }
  });
}

/**
 * The example charts, each on its dataset (`sales` for most) unless a chart of that name is already on
 * it; one transaction per dataset.
 */
async function ensureExampleCharts(ctx: AppContext, databaseId: number, admin: Principal): Promise<number> {
  const charts = Object.entries(await exampleCharts());
  let created = 0;
  for (const table of new Set(charts.map(([, chart]) => chart.table))) {
    const onTable = charts.filter(([, chart]) => chart.table === table);
    created += await ensureChartsOn(ctx, databaseId, table, onTable, admin);
  }
  return created;
}

async function ensureChartsOn(
  ctx: AppContext,
  databaseId: number,
  tableName: string,
  charts: Array<[string, ExampleChart]>,
  admin: Principal,
): Promise<number> {
  const db = ctx.metastore.db;
  const dataset = await repo.findDuplicate(db, { databaseId, catalog: null, schema: 'main', tableName });
  if (!dataset) return 0;
  const existing = new Set(
    (
      await db
        .selectFrom('slices')
        .select('slice_name')
        .where('datasource_id', '=', dataset.id)
        .where('datasource_type', '=', 'table')
        .execute()
    ).map((row) => row.slice_name),
  );
  const now = nowIso();
  const missing = charts.filter(([, chart]) => !existing.has(chart.name[0]));
  await db.transaction().execute(async (trx) => {
    for (const [vizType, chart] of missing) {
      const params = {
        datasource: `${dataset.id}__table`,
        viz_type: vizType,
        form_data_version: FORM_DATA_VERSION,
        adhoc_filters: [],
        ...chart.params,
      };
      const row = await trx
        .insertInto('slices')
        .values({
          uuid: randomUUID(),
          slice_name: chart.name[0],
          slice_name_ru: chart.name[1],
          viz_type: vizType,
          datasource_id: dataset.id,
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
      await trx.insertInto('slice_owners').values({ slice_id: row.id, user_id: admin.id }).execute();
    }
  });
  return missing.length;
}
