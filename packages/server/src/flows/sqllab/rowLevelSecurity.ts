import type { EngineName } from '@vitrina/common/sql/engines';
import { describeDatabase } from '../../connections/uris.ts';
import { getParser, type SqlParser, type TableReference } from '../../drivers/parsers/index.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { rlsClausesFor } from '../../security/rowLevelSecurity.ts';
import { SqlLabError } from './errors.ts';
import { physicalDatasetsOn } from './repo.ts';

/**
 * Row-level security in SQL Lab (Superset's RLS_IN_SQLLAB, off by default as there). Rules are written
 * for datasets; with the flag on, a statement that reads a table backing a physical dataset whose rules
 * apply to the user is refused — SQL Lab runs the user's own text, and rewriting it would mean pasting
 * clauses into SQL, so it does not pretend to filter. The tables a statement reads come from the
 * engine's parser; text the parser cannot read is refused, never waved through.
 */

export const RLS_IN_SQLLAB_FLAG = 'RLS_IN_SQLLAB';

export function rlsInSqlLab(ctx: AppContext): boolean {
  return ctx.config.featureFlags[RLS_IN_SQLLAB_FLAG] === true;
}

function refusal(message: string): SqlLabError {
  return new SqlLabError(403, 'TABLE_SECURITY_ACCESS_ERROR', message);
}

async function tablesRead(engine: EngineName, statements: readonly string[]): Promise<TableReference[]> {
  let parser: SqlParser;
  try {
    parser = getParser(engine);
  } catch {
    throw refusal(
      'Row-level security is on in SQL Lab and the tables of this query cannot be read for this engine, so it is refused.',
    );
  }
  const tables: TableReference[] = [];
  for (const statement of statements) {
    try {
      tables.push(...(await parser.summarize(statement)).tables);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw refusal(
        `Row-level security is on in SQL Lab and this query could not be read to find its tables: ${reason}`,
      );
    }
  }
  return tables;
}

const same = (a: string | null, b: string | null) =>
  a === null || b === null || a.toLowerCase() === b.toLowerCase();

/**
 * The physical datasets of `database` a table reference may name. A reference without a schema may
 * mean any schema on the search path, so it matches every schema: a false match only refuses.
 */
async function datasetsNamed(
  ctx: AppContext,
  database: DatabaseRow,
  table: TableReference,
  defaultSchema: string | null,
): Promise<number[]> {
  const rows = await physicalDatasetsOn(ctx.metastore.db, database.id);
  const schema = table.schema ?? (defaultSchema || null);
  return rows
    .filter((row) => row.table_name.toLowerCase() === table.table.toLowerCase() && same(row.schema, schema))
    .map((row) => row.id);
}

/**
 * Refuses (403 TABLE_SECURITY_ACCESS_ERROR) statements that read a table under row-level security
 * for `principal`, when RLS_IN_SQLLAB is on; does nothing when it is off. Called exactly once per
 * execution, with the statements about to run, where they run: a sync run before it starts, an async
 * run by the worker that takes it (the rules then, not when it was queued), an estimate, an export.
 */
export async function checkSqlLabRowLevelSecurity(
  ctx: AppContext,
  principal: Principal,
  database: DatabaseRow,
  statements: readonly string[],
  defaultSchema: string | null,
): Promise<void> {
  if (!rlsInSqlLab(ctx)) return;
  const seen = new Set<string>();
  const engine = describeDatabase(database).engine;
  for (const table of await tablesRead(engine, statements)) {
    const key = `${table.schema ?? ''}.${table.table}`.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    for (const datasetId of await datasetsNamed(ctx, database, table, defaultSchema)) {
      if ((await rlsClausesFor(ctx.metastore.db, principal, datasetId)).length === 0) continue;
      const name = table.schema ? `${table.schema}.${table.table}` : table.table;
      throw refusal(
        `Row-level security rules apply to you on "${name}", and SQL Lab does not apply them, so this query is refused. Explore the table's dataset in a chart instead.`,
      );
    }
  }
}
