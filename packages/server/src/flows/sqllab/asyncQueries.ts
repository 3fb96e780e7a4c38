import { getDialect } from '@vitrina/common/sql/dialects/index';
import { DatabaseError } from '../../drivers/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { JsonValue } from '../../platform/json.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import type { JobHandler } from '../../platform/queue/jobQueue.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import type { QueryRow } from '../../resources/queries/repo.ts';
import { findById } from '../../resources/queries/repo.ts';
import { canAccessDatabase } from '../../security/dataAccess.ts';
import { loadPrincipal, type Principal } from '../../security/principal.ts';
import { asyncChannelId } from '../chartData/asyncQueries.ts';
import { SqlLabError } from './errors.ts';
import { engineOf, runQuery, successChanges } from './execute.ts';
import type { ExecutionPlan } from './plan.ts';
import { concludeQuery, isRunningState, unfinishedQueries, updateQuery } from './repo.ts';
import { storeResult } from './resultsStorage.ts';
import { checkSqlLabRowLevelSecurity } from './rowLevelSecurity.ts';

/**
 * Async SQL Lab runs: the request writes the row (pending) and queues the planned statements; a worker
 * runs them, stores the rows in the results store under the row's results_key, concludes the row and
 * publishes `done` or `error` on the user's event channel. A periodic sweep fails rows whose worker
 * went away, so no query stays running forever.
 */

export const SQLLAB_QUEUE = 'sqllab';
/** A running row untouched for this long past its time limit is failed by the sweep. */
const SWEEP_GRACE_MS = 60_000;

interface SqlLabJobPayload {
  query_id: number;
  plan: ExecutionPlan;
}

export function jobIdOf(clientId: string): string {
  return `sqllab-${clientId}`;
}

export async function enqueueQuery(ctx: AppContext, row: QueryRow, plan: ExecutionPlan): Promise<void> {
  const payload: SqlLabJobPayload = { query_id: row.id, plan };
  await ctx.platform.queue.enqueue(SQLLAB_QUEUE, payload as unknown as JsonValue, {
    jobId: jobIdOf(row.client_id),
  });
}

function userChannel(ctx: AppContext, userId: number): string {
  // The channel depends on the user's id only (no session nonce on a worker).
  return asyncChannelId(ctx, { id: userId } as Principal, null);
}

async function publish(
  ctx: AppContext,
  row: QueryRow,
  status: 'done' | 'error',
  extra: Record<string, JsonValue>,
) {
  if (row.user_id === null) return;
  const channel = userChannel(ctx, row.user_id);
  await ctx.platform.events.publish(channel, {
    channel_id: channel,
    job_id: row.client_id,
    user_id: row.user_id,
    status,
    ...extra,
  });
}

/**
 * The worker does not trust what was queued: the user must still be active and hold access to the
 * database, and their row-level security is checked on the statements about to run.
 */
async function refusalAtRun(
  ctx: AppContext,
  row: QueryRow,
  database: DatabaseRow,
  plan: ExecutionPlan,
): Promise<SqlLabError | null> {
  const principal = row.user_id === null ? null : await loadPrincipal(ctx.metastore.db, row.user_id);
  if (!principal || !canAccessDatabase(principal, database)) {
    return new SqlLabError(
      403,
      'DATABASE_SECURITY_ACCESS_ERROR',
      'The user of this query no longer has access to its database.',
    );
  }
  try {
    await checkSqlLabRowLevelSecurity(
      ctx,
      principal,
      database,
      plan.statements.map((statement) => statement.sql),
      row.schema,
    );
    return null;
  } catch (error) {
    if (error instanceof SqlLabError) return error;
    throw error;
  }
}

export async function runSqlLabJob(ctx: AppContext, payload: SqlLabJobPayload): Promise<void> {
  const db = ctx.metastore.db;
  const row = await findById(db, payload.query_id);
  // Handed back by the queue after its worker died mid-run: fail it now rather than run it twice
  // (it may have written); the user runs it again.
  if (row?.status === 'running') {
    await failLostQuery(ctx, row, Date.now());
    return;
  }
  // Stopped (or swept) before a worker took it: nothing to run.
  if (row?.status !== 'pending') return;
  const database = await findDatabase(db, row.database_id);
  if (!database) {
    await concludeQuery(db, row.id, 'failed', {
      error_message: 'The database was deleted.',
      end_time: Date.now(),
    });
    return;
  }
  const refused = await refusalAtRun(ctx, row, database, payload.plan);
  if (refused) {
    await concludeQuery(db, row.id, 'failed', { error_message: refused.message, end_time: Date.now() });
    await publish(ctx, row, 'error', { errors: [refused.toSip() as unknown as JsonValue], result_url: null });
    return;
  }
  const running = await updateQuery(db, row.id, { status: 'running', start_running_time: Date.now() });
  try {
    const outcome = await runQuery(
      ctx,
      database,
      running,
      payload.plan,
      ctx.config.sqlLab.asyncTimeLimitSeconds * 1000,
    );
    const key = await storeResult(ctx, outcome);
    const concluded = await concludeQuery(db, row.id, 'success', {
      ...successChanges(outcome, getDialect(engineOf(database))),
      results_key: key,
      end_result_backend_time: Date.now(),
    });
    if (!concluded) {
      await ctx.platform.results.delete(key);
      return;
    }
    await publish(ctx, row, 'done', {
      errors: [],
      result_url: `/api/v1/sqllab/results/?q=(key:'${key}')`,
    });
  } catch (error) {
    // runQuery concluded the row (failed, stopped or timed out); a storage failure is concluded here.
    const message = error instanceof Error ? error.message : String(error);
    await concludeQuery(db, row.id, 'failed', { error_message: message, end_time: Date.now() });
    await publish(ctx, row, 'error', {
      errors: [
        {
          message,
          error_type: error instanceof DatabaseError ? error.errorType : 'GENERIC_BACKEND_ERROR',
          level: 'error',
        },
      ],
      result_url: null,
    });
  }
}

export function sqlLabJobHandler(ctx: AppContext): JobHandler {
  return async (job) => runSqlLabJob(ctx, job.payload as unknown as SqlLabJobPayload);
}

export const WORKER_LOST_MESSAGE = 'The worker running this query stopped before it finished.';

/** Concludes a run whose worker is gone and tells its user's tab; false when it had concluded already. */
async function failLostQuery(ctx: AppContext, row: QueryRow, now: number): Promise<boolean> {
  if (
    !(await concludeQuery(ctx.metastore.db, row.id, 'failed', {
      error_message: WORKER_LOST_MESSAGE,
      end_time: now,
    }))
  ) {
    return false;
  }
  await publish(ctx, row, 'error', {
    errors: [{ message: WORKER_LOST_MESSAGE, error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
    result_url: null,
  });
  return true;
}

/**
 * Fails rows still marked running whose run cannot be going on: an async run a worker started whose
 * job no live worker holds (killed mid-query), an async job the queue no longer runs or holds, or any
 * run older than its time limit (a server that died mid-query). `now` is the scheduler's tick time.
 */
export async function sweepAbandonedQueries(ctx: AppContext, now = Date.now()): Promise<number> {
  let swept = 0;
  for (const row of await unfinishedQueries(ctx.metastore.db)) {
    if (
      isRunningState(row.status) &&
      (await isAbandoned(ctx, row, now)) &&
      (await failLostQuery(ctx, row, now))
    ) {
      swept++;
    }
  }
  return swept;
}

async function isAbandoned(ctx: AppContext, row: QueryRow, now: number): Promise<boolean> {
  const limitMs =
    (row.run_async ? ctx.config.sqlLab.asyncTimeLimitSeconds : ctx.config.sqlLab.syncTimeoutSeconds) * 1000;
  const started = row.start_time ?? 0;
  if (now - started > limitMs + SWEEP_GRACE_MS) return true;
  if (!row.run_async) return false;
  const state = () => ctx.platform.queue.getState(SQLLAB_QUEUE, jobIdOf(row.client_id));
  // A worker marked it running inside its job: only that job, held by a live worker, can be running it.
  if (row.status === 'running') return (await state()) !== 'active';
  // A pending row is written before its job is queued: give the request time to queue it.
  if (now - started <= SWEEP_GRACE_MS) return false;
  return ['unknown', 'failed', 'completed', 'stalled'].includes(await state());
}
