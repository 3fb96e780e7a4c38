import { randomUUID } from 'node:crypto';
import { nowIso } from '../../platform/metastore/index.ts';
import type { TestApp } from '../../testing/testApp.ts';

/** A dataset row on a throw-away database, enough for RLS links. */
export async function insertDataset(
  harness: TestApp,
  tableName: string,
  databaseId: number,
): Promise<number> {
  const now = nowIso();
  const row = await harness.ctx.metastore.db
    .insertInto('datasets')
    .values({
      uuid: randomUUID(),
      database_id: databaseId,
      catalog: null,
      schema: 'main',
      table_name: tableName,
      sql: null,
      description: null,
      description_ru: null,
      main_dttm_col: null,
      cache_timeout: null,
      template_params: null,
      extra: '{}',
      offset: 0,
      default_endpoint: null,
      filter_select_enabled: 1,
      fetch_values_predicate: null,
      normalize_columns: 0,
      always_filter_main_dttm: 0,
      is_sqllab_view: 0,
      certified_by: null,
      certification_details: null,
      created_on: now,
      changed_on: now,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
