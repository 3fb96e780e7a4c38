import { CHART_DATA_QUEUE, chartDataJobHandler } from '../flows/chartData/asyncQueries.ts';
import { SQLLAB_QUEUE, sqlLabJobHandler, sweepAbandonedQueries } from '../flows/sqllab/asyncQueries.ts';
import type { AppContext } from '../http/types.ts';
import type { JobHandler, ProcessOptions } from '../platform/queue/jobQueue.ts';

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
  run: (ctx: AppContext) => Promise<void>;
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
];
export const periodicTasks: PeriodicTask[] = [
  // SQL Lab rows whose worker died are failed, never left running.
  { name: 'sqllab-sweep', everySeconds: 60, run: async (ctx) => void (await sweepAbandonedQueries(ctx)) },
];
