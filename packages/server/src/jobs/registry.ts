import { CHART_DATA_QUEUE, chartDataJobHandler } from '../flows/chartData/asyncQueries.ts';
import {
  pruneReportLogs,
  REPORTS_QUEUE,
  reportJobHandler,
  scheduleDueReports,
  sweepStuckReportRuns,
} from '../flows/reports/index.ts';
import {
  SCHEDULED_QUERIES_QUEUE,
  scheduleDueSavedQueries,
  scheduledQueryJobHandler,
} from '../flows/scheduledQueries/index.ts';
import { SQLLAB_QUEUE, sqlLabJobHandler, sweepAbandonedQueries } from '../flows/sqllab/asyncQueries.ts';
import { THUMBNAILS_QUEUE, thumbnailJobHandler } from '../flows/thumbnails/job.ts';
import type { AppContext } from '../http/types.ts';
import type { JobHandler, ProcessOptions } from '../platform/queue/jobQueue.ts';
import { pruneActionLog } from '../resources/log/retention.ts';

/** A kind of background work a worker runs: its queue, its handler and how many at once. */
export interface JobDefinition {
  queue: string;
  handler: (ctx: AppContext) => JobHandler;
  options?: ProcessOptions;
}

/** A task the scheduler leader runs on a cron-like period (report schedules, clean-ups). */
export interface PeriodicTask {
  name: string;
  everySeconds: number;
  /** `now` is the scheduler's tick time, so a test can drive the clock. */
  run: (ctx: AppContext, now: Date) => Promise<void>;
}

/**
 * Every job type and periodic task, in one place. Async SQL Lab queries (issue 6) and report
 * runs (the reports issue) add their entries here; the worker and scheduler run whatever is listed.
 */
export const jobDefinitions: JobDefinition[] = [
  // Chart data with GLOBAL_ASYNC_QUERIES: a few at once per worker, as queries wait on their databases.
  { queue: CHART_DATA_QUEUE, handler: chartDataJobHandler, options: { concurrency: 4 } },
  // Async SQL Lab queries: each waits on its database, so a worker runs several at once.
  { queue: SQLLAB_QUEUE, handler: sqlLabJobHandler, options: { concurrency: 4 } },
  // Report and alert runs: each waits on a database and a mail server.
  { queue: REPORTS_QUEUE, handler: reportJobHandler, options: { concurrency: 2 } },
  // Scheduled saved queries: each job only starts an async SQL Lab run, which the SQLLAB queue runs.
  { queue: SCHEDULED_QUERIES_QUEUE, handler: scheduledQueryJobHandler, options: { concurrency: 2 } },
  // Thumbnails: each holds a browser page while the charts draw, so few at once.
  { queue: THUMBNAILS_QUEUE, handler: thumbnailJobHandler, options: { concurrency: 2 } },
];
export const periodicTasks: PeriodicTask[] = [
  // SQL Lab rows whose worker died are failed, never left running.
  { name: 'sqllab-sweep', everySeconds: 60, run: async (ctx) => void (await sweepAbandonedQueries(ctx)) },
  // Schedules are minute-grained: a tick every 30 s sees each minute at most once, at most 35 s late.
  {
    name: 'reports-schedule',
    everySeconds: 30,
    run: async (ctx, now) => void (await scheduleDueReports(ctx, now)),
  },
  // Saved queries' schedules, minute-grained like reports.
  {
    name: 'saved-queries-schedule',
    everySeconds: 30,
    run: async (ctx, now) => void (await scheduleDueSavedQueries(ctx, now)),
  },
  // Runs whose worker died become errors after their working timeout.
  {
    name: 'reports-sweep',
    everySeconds: 60,
    run: async (ctx, now) => void (await sweepStuckReportRuns(ctx, now)),
  },
  {
    name: 'reports-log-retention',
    everySeconds: 3600,
    run: async (ctx, now) => void (await pruneReportLogs(ctx, now)),
  },
  // Action log rows older than VITRINA_LOG_RETENTION_DAYS.
  {
    name: 'action-log-retention',
    everySeconds: 3600,
    run: async (ctx, now) => void (await pruneActionLog(ctx, now)),
  },
];
