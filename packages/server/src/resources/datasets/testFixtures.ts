import path from 'node:path';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { createSalesTable } from '../../drivers/exampleData/salesTable.ts';
import { registerExamplesDatabase } from '../../examples/register.ts';
import type { TestApp } from '../../testing/testApp.ts';

/** Test data shared by the datasets and upload suites: a small examples DuckDB (databases, datasets and roles: testing/fixtures.ts). */

/**
 * Builds `examples.duckdb` in the app's data dir with a small `sales` table (the real generator, fewer
 * rows) and registers the `examples` database as start-up does. Returns the database id.
 */
export async function registerSmallExamples(harness: TestApp, rowCount = 500): Promise<number> {
  const { ctx } = harness;
  const file = path.join(ctx.config.filesDir, 'examples.duckdb');
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
