import { getDialect } from '@vitrina/common/sql/dialects/index';
import { databaseConnections } from '../../connections/connections.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { SqlLabError } from './errors.ts';
import { engineOf, loadDatabase } from './execute.ts';
import { parseScript } from './parsedScript.ts';
import { DML_NOT_ALLOWED_MESSAGE } from './plan.ts';
import { checkSqlLabRowLevelSecurity } from './rowLevelSecurity.ts';
import { parseTemplateParams, renderSqlLabTemplate, TemplateError } from './templating.ts';

/** `POST /api/v1/sqllab/estimate/`: the engine's cost estimate of each statement, values as text. */

export interface EstimateRequest {
  database_id: number;
  sql: string;
  template_params?: Record<string, unknown> | string | null;
  catalog?: string | null;
  schema?: string | null;
}

function paramsOf(value: EstimateRequest['template_params']): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  return typeof value === 'string' ? parseTemplateParams(value) : value;
}

export async function estimateCost(
  ctx: AppContext,
  principal: Principal,
  body: EstimateRequest,
): Promise<Array<Record<string, string>>> {
  const database = await loadDatabase(ctx, principal, body.database_id);
  const engine = engineOf(database);
  const dialect = getDialect(engine);
  if (!dialect.capabilities.costEstimate) {
    throw new SqlLabError(
      400,
      'GENERIC_DB_ENGINE_ERROR',
      `${dialect.displayName} does not support cost estimation.`,
    );
  }
  let sql: string;
  try {
    sql = renderSqlLabTemplate(body.sql, paramsOf(body.template_params), {
      user: { id: principal.id, username: principal.username, email: null },
      urlParams: {},
    });
  } catch (error) {
    if (error instanceof TemplateError) throw new SqlLabError(400, error.errorType, error.message);
    throw error;
  }
  const statements = await parseScript(ctx, engine, sql);
  // EXPLAIN's estimates are about the rows: a table under the user's row-level security is refused too.
  await checkSqlLabRowLevelSecurity(
    ctx,
    principal,
    database,
    statements.map((statement) => statement.sql),
    body.schema ?? null,
  );
  // EXPLAIN of a write plans it without running it, but only where writes are allowed at all.
  if (database.allow_dml !== 1 && statements.some((statement) => statement.kind !== 'read')) {
    throw new SqlLabError(400, 'DML_NOT_ALLOWED_ERROR', DML_NOT_ALLOWED_MESSAGE);
  }
  // Writes (allowed above) are planned on the writable pool: DuckDB's read-only mode refuses even their plan.
  const writes = statements.some((statement) => statement.kind !== 'read');
  const connection = writes
    ? databaseConnections(ctx).writer(database)
    : databaseConnections(ctx).get(database);
  const result: Array<Record<string, string>> = [];
  try {
    for (const statement of statements) {
      for (const row of await connection.estimateCost(statement.sql)) {
        result.push(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, stringify(value)])));
      }
    }
  } catch (error) {
    if (error instanceof DatabaseError) throw new SqlLabError(400, 'GENERIC_DB_ENGINE_ERROR', error.message);
    throw error;
  }
  return result;
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
