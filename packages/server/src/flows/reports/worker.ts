import type { AppContext } from '../../http/types.ts';
import type { JobHandler } from '../../platform/queue/jobQueue.ts';
import { runScheduledReport } from './execute.ts';
import type { ReportJobPayload } from './scheduling.ts';

/** The reports queue's job: one scheduled run of one schedule. */
export function reportJobHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const payload = job.payload as unknown as ReportJobPayload;
    const state = await runScheduledReport(ctx, payload.report_id, new Date(payload.scheduled));
    // null: the schedule was deleted or paused before its run.
    ctx.metrics.reportRuns.inc({ state: state ?? 'skipped' });
  };
}
