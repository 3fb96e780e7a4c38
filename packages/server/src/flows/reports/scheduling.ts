import { dueRunTimes } from '@vitrina/common/reports/schedule';
import type { AppContext } from '../../http/types.ts';
import type { JsonValue } from '../../platform/json.ts';
import { activeSchedules, evaluatedUntil, setEvaluatedUntil } from './repo.ts';

/**
 * The scheduler leader's tick (DESIGN §7 'A report'): each active schedule's run times in
 * (evaluated until, now] become one job each on the reports queue. The mark is kept in the metastore,
 * so a new leader neither misses nor repeats a run; the job id (schedule and time) makes a second
 * enqueue of the same run a no-op, should two leaders ever overlap.
 */

export const REPORTS_QUEUE = 'reports';

export interface ReportJobPayload {
  report_id: number;
  /** The run's scheduled instant, ISO text. */
  scheduled: string;
}

export function reportJobId(reportId: number, scheduled: Date): string {
  return `report-${reportId}-${scheduled.getTime()}`;
}

/**
 * A scheduler that was away sends each schedule once for what it missed, not once per missed
 * time: a backlog of identical reports helps nobody.
 */
const RUNS_PER_SCHEDULE_PER_TICK = 1;

export interface ScheduledRun {
  reportId: number;
  scheduled: Date;
}

/** Enqueues the runs that fell due since the last tick; the first tick ever only sets the mark. */
export async function scheduleDueReports(ctx: AppContext, now = new Date()): Promise<ScheduledRun[]> {
  const db = ctx.metastore.db;
  const stored = await evaluatedUntil(db);
  // A leader whose clock is behind the last one's waits for it rather than moving the mark back.
  if (stored && stored >= now) return [];
  const since = stored ?? now;
  const runs: ScheduledRun[] = [];
  if (stored) {
    for (const schedule of await activeSchedules(db)) {
      // A schedule created in the window is not due for times before it existed.
      const created = new Date(schedule.created_on);
      const from = created > since ? created : since;
      for (const scheduled of dueTimes(schedule, from, now)) {
        const payload: ReportJobPayload = { report_id: schedule.id, scheduled: scheduled.toISOString() };
        await ctx.platform.queue.enqueue(REPORTS_QUEUE, payload as unknown as JsonValue, {
          jobId: reportJobId(schedule.id, scheduled),
        });
        runs.push({ reportId: schedule.id, scheduled });
      }
    }
  }
  // Advanced only after every run is queued: a leader that dies half-way leaves them to the next one.
  await setEvaluatedUntil(db, now);
  return runs;
}

/** A crontab or time zone the API let through but that no longer reads skips its schedule only. */
function dueTimes(schedule: { crontab: string; timezone: string }, since: Date, until: Date): Date[] {
  try {
    return dueRunTimes(schedule.crontab, schedule.timezone, since, until, RUNS_PER_SCHEDULE_PER_TICK);
  } catch {
    return [];
  }
}
