import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import type { DatabaseConnection, QueryResult } from './driver.ts';
import { databaseError, engineDisplayName } from './errorMapping.ts';

/** Runs the dialect's EXPLAIN of `sql` on the connection; an engine without one fails as a generic error. */
export async function runExplain(
  connection: Pick<DatabaseConnection, 'execute'>,
  engine: EngineName,
  sql: string,
): Promise<QueryResult> {
  const statement = getDialect(engine).explainStatement(sql);
  if (statement === null) {
    throw databaseError(
      engine,
      'GENERIC_DB_ENGINE_ERROR',
      `${engineDisplayName(engine)} does not support cost estimation.`,
    );
  }
  return connection.execute(statement);
}

/** The rows of a result as objects keyed by column name. */
export function rowsAsRecords(result: QueryResult): Array<Record<string, unknown>> {
  return result.rows.map((row) =>
    Object.fromEntries(result.columns.map((column, i) => [column.name, row[i]])),
  );
}
