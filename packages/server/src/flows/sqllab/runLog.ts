import { DatabaseError } from '../../drivers/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { QueryRow } from '../../resources/queries/repo.ts';
import { SqlLabError } from './errors.ts';
import { TemplateError } from './templating.ts';

/**
 * SQL Lab runs in the action log: action `sqllab_run`, one row per run that reached the database or
 * was refused before it, with the database, the time it took, the rows it returned and, on failure,
 * the error type (SIP-40). Sync and async runs alike; the SQL itself is not logged (the query history
 * has it, under its own access rules).
 */

export const SQLLAB_RUN_ACTION = 'sqllab_run';

export type SqlLabRunStatus = 'success' | 'failed' | 'timed_out' | 'stopped' | 'refused';

export interface SqlLabRunOutcome {
  status: SqlLabRunStatus;
  durationMs: number;
  rowCount?: number;
  error?: unknown;
}

/** The SIP-40 error type of a failure, as the answer or the async event names it. */
export function errorTypeOf(error: unknown): string {
  if (error instanceof DatabaseError) return error.errorType;
  if (error instanceof SqlLabError) return error.errorType;
  if (error instanceof TemplateError) return error.errorType;
  return 'GENERIC_BACKEND_ERROR';
}

export function recordSqlLabRun(ctx: AppContext, row: QueryRow, outcome: SqlLabRunOutcome): void {
  ctx.eventLog.record({
    action: SQLLAB_RUN_ACTION,
    userId: row.user_id,
    dashboardId: null,
    sliceId: null,
    durationMs: outcome.durationMs,
    referrer: null,
    details: {
      database_id: row.database_id,
      query_id: row.id,
      client_id: row.client_id,
      schema: row.schema,
      run_async: row.run_async === 1,
      status: outcome.status,
      ...(outcome.rowCount !== undefined && { row_count: outcome.rowCount }),
      ...(outcome.error !== undefined && { error_type: errorTypeOf(outcome.error) }),
    },
  });
}
