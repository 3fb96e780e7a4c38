import type { EngineName } from '@vitrina/common/sql/engines';
import { describeDatabase } from '../../connections/uris.ts';
import { getParser, type SqlParser, type TableReference } from '../../drivers/parsers/index.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { tableUnderRowLevelSecurity } from '../../security/tablesUnderRowLevelSecurity.ts';
import { SqlLabError } from './errors.ts';

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
  const engine = describeDatabase(database).engine;
  const tables = await tablesRead(engine, statements);
  const table = await tableUnderRowLevelSecurity(
    ctx.metastore.db,
    principal,
    database.id,
    tables,
    defaultSchema,
  );
  if (!table) return;
  const name = table.schema ? `${table.schema}.${table.table}` : table.table;
  throw refusal(
    `Row-level security rules apply to you on "${name}", and SQL Lab does not apply them, so this query is refused. Explore the table's dataset in a chart instead.`,
  );
}
