import { dueScheduledRun, readScheduleInfo } from '@vitrina/common/sqllab/querySchedule';
import type { AppContext } from '../../http/types.ts';
import type { JsonValue } from '../../platform/json.ts';
import { evaluatedUntil, schedulableQueries, setEvaluatedUntil } from './repo.ts';

/**
 * The scheduler leader's tick for saved queries' schedules, as for reports (flows/reports/scheduling):
 * the run due in (evaluated until, now] of each active schedule becomes one job on its queue. The mark
 * is kept in the metastore, so a new leader neither misses nor repeats a run, and the job id (saved
 * query and time) makes a second enqueue of the same run a no-op.
 */

export const SCHEDULED_QUERIES_QUEUE = 'scheduled-queries';

export interface ScheduledQueryJobPayload {
  saved_query_id: number;
  /** The run's scheduled instant, ISO text. */
  scheduled: string;
}

export function scheduledQueryJobId(savedQueryId: number, scheduled: Date): string {
  return `saved-query-${savedQueryId}-${scheduled.getTime()}`;
}

export interface DueQueryRun {
  savedQueryId: number;
  scheduled: Date;
}

/** Enqueues the runs that fell due since the last tick; the first tick ever only sets the mark. */
export async function scheduleDueSavedQueries(ctx: AppContext, now = new Date()): Promise<DueQueryRun[]> {
  const db = ctx.metastore.db;
  const stored = await evaluatedUntil(db);
  // A leader whose clock is behind the last one's waits for it rather than moving the mark back.
  if (stored && stored >= now) return [];
  const runs: DueQueryRun[] = [];
  if (stored) {
    for (const query of await schedulableQueries(db)) {
      const info = readScheduleInfo(query.extra_json);
      if (!info) continue;
      // A query saved in the window is not due for times before it existed.
      const created = new Date(query.created_on);
      const scheduled = dueScheduledRun(info, created > stored ? created : stored, now);
      if (!scheduled) continue;
      const payload: ScheduledQueryJobPayload = {
        saved_query_id: query.id,
        scheduled: scheduled.toISOString(),
      };
      await ctx.platform.queue.enqueue(SCHEDULED_QUERIES_QUEUE, payload as unknown as JsonValue, {
        jobId: scheduledQueryJobId(query.id, scheduled),
      });
      runs.push({ savedQueryId: query.id, scheduled });
    }
  }
  // Advanced only after every run is queued: a leader that dies half-way leaves them to the next one.
  await setEvaluatedUntil(db, now);
  return runs;
}
