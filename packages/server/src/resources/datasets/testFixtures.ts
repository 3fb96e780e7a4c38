import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { withDuckDb } from '../../examples/duckdbFile.ts';
import { registerExamplesDatabase } from '../../examples/register.ts';
import { createSalesTable } from '../../examples/salesTable.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { TestApp } from '../../testing/testApp.ts';

/** Test data shared by the datasets and upload suites: a small examples DuckDB and extra databases. */

/**
 * Builds `examples.duckdb` in the app's data dir with a small `sales` table (the real generator, fewer
 * rows) and registers the `examples` database as start-up does. Returns the database id.
 */
export async function registerSmallExamples(harness: TestApp, rowCount = 500): Promise<number> {
  const { ctx } = harness;
  const file = path.join(ctx.config.dataDir, 'examples.duckdb');
  await withDuckDb(file, async (con) => {
    await createSalesTable(con, { rowCount });
    await con.run('CHECKPOINT');
  });
  await registerExamplesDatabase(ctx.metastore, file, 'test');
  const row = await ctx.metastore.db
    .selectFrom('databases')
    .select('id')
    .where('database_name', '=', 'examples')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a database row directly (the databases API belongs to another resource). */
export async function insertDatabase(
  harness: TestApp,
  values: { name: string; uri: string; allowFileUpload?: boolean },
): Promise<number> {
  const now = nowIso();
  const row = await harness.ctx.metastore.db
    .insertInto('databases')
    .values({
      uuid: randomUUID(),
      database_name: values.name,
      sqlalchemy_uri: values.uri,
      encrypted_password: null,
      expose_in_sqllab: 1,
      allow_run_async: 0,
      allow_dml: 0,
      allow_ctas: 0,
      allow_cvas: 0,
      allow_file_upload: values.allowFileUpload ? 1 : 0,
      cache_timeout: null,
      extra: '{}',
      created_on: now,
      changed_on: now,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A role holding the given pairs, created directly in the metastore. */
export async function createRole(
  harness: TestApp,
  name: string,
  pairs: Array<[permission: string, view: string]>,
): Promise<void> {
  const db = harness.ctx.metastore.db;
  await db.transaction().execute(async (trx) => {
    const role = await trx
      .insertInto('roles')
      .values({ name, description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [permission, view] of pairs) {
      await trx
        .insertInto('permissions')
        .values({ name: permission })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await trx
        .insertInto('view_menus')
        .values({ name: view })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const p = await trx
        .selectFrom('permissions')
        .select('id')
        .where('name', '=', permission)
        .executeTakeFirstOrThrow();
      const v = await trx
        .selectFrom('view_menus')
        .select('id')
        .where('name', '=', view)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('permission_views')
        .values({ permission_id: p.id, view_menu_id: v.id })
        .onConflict((oc) => oc.columns(['permission_id', 'view_menu_id']).doNothing())
        .execute();
      const pv = await trx
        .selectFrom('permission_views')
        .select('id')
        .where('permission_id', '=', p.id)
        .where('view_menu_id', '=', v.id)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('role_permission_views')
        .values({ role_id: role.id, permission_view_id: pv.id })
        .execute();
    }
  });
}
