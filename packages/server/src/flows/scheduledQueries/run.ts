import { createHash } from 'node:crypto';
import { QUERY_CLIENT_ID_LENGTH } from '@vitrina/common/api/constants/sqllab';
import { readScheduleInfo } from '@vitrina/common/sqllab/querySchedule';
import type { AppContext } from '../../http/types.ts';
import type { JobHandler } from '../../platform/queue/jobQueue.ts';
import { loadPrincipal } from '../../security/principal.ts';
import { executeSql } from '../sqllab/execute.ts';
import { findByClientId } from '../sqllab/repo.ts';
import { failRun, findScheduledQuery, startRun } from './repo.ts';
import type { ScheduledQueryJobPayload } from './scheduling.ts';

/**
 * A worker runs one scheduled run of a saved query: as an async SQL Lab query of its owner, through
 * SQL Lab's own execute path (the owner's database access, template rendering, DML rules, and the
 * row-level-security check when the SQL Lab worker runs it). The query row is in the owner's history
 * under the saved query's name, its rows in the results store; how it ends is recorded on the saved
 * query when the row concludes (flows/sqllab/repo.ts).
 */

export const OWNER_INACTIVE_MESSAGE = 'The owner of this saved query is not an active user.';
export const SCHEDULING_NOT_ALLOWED_MESSAGE =
  'The database of this saved query no longer allows scheduled queries (asynchronous runs are off).';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The SQL Lab client id of a run, the same for every delivery of it: the queries table keeps client
 * ids unique, so a run delivered twice is written, and so run, once.
 */
export function scheduledRunClientId(savedQueryId: number, scheduled: Date): string {
  const digest = createHash('sha256').update(`saved-query:${savedQueryId}:${scheduled.getTime()}`).digest();
  return [...digest.subarray(0, QUERY_CLIENT_ID_LENGTH)]
    .map((byte) => ALPHABET[byte % ALPHABET.length])
    .join('');
}

export async function runScheduledSavedQuery(
  ctx: AppContext,
  savedQueryId: number,
  scheduled: Date,
): Promise<void> {
  const db = ctx.metastore.db;
  const saved = await findScheduledQuery(db, savedQueryId);
  // Deleted, unscheduled or paused since the run was queued: nothing to run.
  if (!saved || !readScheduleInfo(saved.extra_json)?.active) return;
  const clientId = scheduledRunClientId(savedQueryId, scheduled);
  if (await findByClientId(db, clientId)) return;
  await startRun(db, savedQueryId, clientId);

  const owner = saved.user_id === null ? null : await loadPrincipal(db, saved.user_id);
  if (!owner) return failRun(db, savedQueryId, clientId, OWNER_INACTIVE_MESSAGE);
  if (saved.allow_run_async !== 1) return failRun(db, savedQueryId, clientId, SCHEDULING_NOT_ALLOWED_MESSAGE);
  try {
    await executeSql(
      ctx,
      owner,
      {
        database_id: saved.db_id,
        sql: saved.sql,
        catalog: saved.catalog,
        schema: saved.schema,
        templateParams: saved.template_parameters,
        client_id: clientId,
        tab: saved.label,
        runAsync: true,
      },
      {},
    );
  } catch (error) {
    // A refusal after the query row was written concluded that row, which recorded it already.
    if (await findByClientId(db, clientId)) return;
    await failRun(db, savedQueryId, clientId, error instanceof Error ? error.message : String(error));
  }
}

export function scheduledQueryJobHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const payload = job.payload as unknown as ScheduledQueryJobPayload;
    await runScheduledSavedQuery(ctx, payload.saved_query_id, new Date(payload.scheduled));
  };
}
