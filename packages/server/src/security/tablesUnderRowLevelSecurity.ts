import type { Kysely } from 'kysely';
import type { TableReference } from '../drivers/parsers/types.ts';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { rlsClausesFor } from './rowLevelSecurity.ts';

type Db = Kysely<MetastoreSchema>;
type RlsSubject = Parameters<typeof rlsClausesFor>[1];

const sameName = (a: string | null, b: string | null) =>
  a === null || b === null || a.toLowerCase() === b.toLowerCase();

/**
 * The first of `tables` (as the engine's parser read them from the user's SQL) that backs a physical
 * dataset of the database whose row-level security rules apply to `subject`; null when none does. SQL
 * the user wrote is not rewritten to apply rules (RLS_IN_SQLLAB), so callers refuse such reads. A
 * reference without a schema may mean any schema on the search path, so it matches every schema: a
 * false match only refuses.
 */
export async function tableUnderRowLevelSecurity(
  db: Db,
  subject: RlsSubject,
  databaseId: number,
  tables: readonly TableReference[],
  defaultSchema: string | null,
): Promise<TableReference | null> {
  if (tables.length === 0) return null;
  const datasets = await db
    .selectFrom('datasets')
    .select(['id', 'table_name', 'schema'])
    .where('database_id', '=', databaseId)
    .where('sql', 'is', null)
    .execute();
  const seen = new Set<string>();
  for (const table of tables) {
    const key = `${table.schema ?? ''}.${table.table}`.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const schema = table.schema ?? (defaultSchema || null);
    const named = datasets.filter(
      (row) => row.table_name.toLowerCase() === table.table.toLowerCase() && sameName(row.schema, schema),
    );
    for (const dataset of named) {
      if ((await rlsClausesFor(db, subject, dataset.id)).length > 0) return table;
    }
  }
  return null;
}
