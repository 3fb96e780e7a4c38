import { randomUUID } from 'node:crypto';
import type { AppContext } from '../http/types.ts';
import { nowIso } from '../platform/metastore/index.ts';
import { createDataset } from '../resources/datasets/create.ts';
import * as repo from '../resources/datasets/repo.ts';
import { loadPrincipal, type Principal } from '../security/principal.ts';
import { EXAMPLE_DATASETS, type ExampleDataset } from './exampleDatasets.ts';
import { EXAMPLES_DATABASE_NAME } from './register.ts';

/** Bumped when the example content changes; recorded once created, so deletions by users stick. */
export const EXAMPLE_CONTENT_VERSION = '1';
export const EXAMPLE_CONTENT_SETTING_KEY = 'example_content';

/**
 * The example content over the example data: datasets with metrics and Russian names. It is created
 * once per content version; an item someone created first (a test, an admin) is left as it is, and a
 * table that is missing is reported and skipped.
 */
export async function ensureExampleContent(ctx: AppContext, log: (message: string) => void): Promise<void> {
  const db = ctx.metastore.db;
  const recorded = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', EXAMPLE_CONTENT_SETTING_KEY)
    .executeTakeFirst();
  if (recorded?.value === EXAMPLE_CONTENT_VERSION) return;
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
  await db
    .insertInto('settings')
    .values({ key: EXAMPLE_CONTENT_SETTING_KEY, value: EXAMPLE_CONTENT_VERSION })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: EXAMPLE_CONTENT_VERSION }))
    .execute();
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
