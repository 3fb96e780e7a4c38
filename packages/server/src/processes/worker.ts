import type { AppContext } from '../http/types.ts';
import { jobDefinitions } from '../jobs/registry.ts';
import type { JobWorker } from '../platform/queue/jobQueue.ts';
import { type JobLog, loggedJobs } from './jobLogging.ts';
import type { RunningProcess } from './runningProcess.ts';

/** Consumes every registered job queue; stop() lets running jobs finish. */
export function startWorker(ctx: AppContext, log: JobLog): RunningProcess {
  const workers: JobWorker[] = jobDefinitions.map((definition) =>
    ctx.platform.queue.process(
      definition.queue,
      loggedJobs(definition.queue, definition.handler(ctx), log),
      definition.options,
    ),
  );
  log.info(
    `Worker consuming ${workers.length} queue(s): ${jobDefinitions.map((d) => d.queue).join(', ') || 'none registered yet'}`,
  );
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
