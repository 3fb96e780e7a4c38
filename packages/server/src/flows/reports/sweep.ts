import { WORKING_TIMEOUT_MESSAGE } from '@vitrina/common/reports/states';
import type { AppContext } from '../../http/types.ts';
import { deleteLogsBefore, logRetentions, markRunTimedOut, workingRuns } from './repo.ts';

/**
 * The reports' housekeeping, run by the scheduler leader: a run whose worker went away is not left
 * Working past its working_timeout, and execution-log rows older than their schedule's
 * log_retention days are deleted.
 */

const DAY_MS = 86_400_000;

/** Turns each schedule's stuck Working row into its Error; answers how many were swept. */
export async function sweepStuckReportRuns(ctx: AppContext, now = new Date()): Promise<number> {
  const seen = new Set<number>();
  let swept = 0;
  // Newest first: only the run that entered Working last can still be running.
  for (const run of await workingRuns(ctx.metastore.db)) {
    if (seen.has(run.scheduleId)) continue;
    seen.add(run.scheduleId);
    if (run.end_dttm === null || run.working_timeout === null) continue;
    const deadline = Date.parse(run.end_dttm) + run.working_timeout * 1000;
    if (deadline >= now.getTime()) continue;
    await markRunTimedOut(
      ctx.metastore.db,
      run.scheduleId,
      run.logId,
      WORKING_TIMEOUT_MESSAGE,
      now.toISOString(),
    );
    swept++;
  }
  return swept;
}

/** Deletes the log rows past their schedule's retention; answers how many. */
export async function pruneReportLogs(ctx: AppContext, now = new Date()): Promise<number> {
  let deleted = 0;
  for (const retention of await logRetentions(ctx.metastore.db)) {
    // 0 or less keeps the log (Superset prunes only with a positive retention).
    if (retention <= 0) continue;
    const before = new Date(now.getTime() - retention * DAY_MS).toISOString();
    deleted += await deleteLogsBefore(ctx.metastore.db, retention, before);
  }
  return deleted;
}
