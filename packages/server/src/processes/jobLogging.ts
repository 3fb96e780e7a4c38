import type { JsonValue } from '../platform/json.ts';
import type { JobHandler } from '../platform/queue/jobQueue.ts';
import { currentRequestId } from '../platform/requestScope.ts';

export interface JobLog {
  info(message: string): void;
  /** Failed runs; `info` when absent. */
  error?(message: string): void;
}

/**
 * One log line per job run, naming the request id it carries (platform/queue/requestIdQueue.ts runs the
 * handler with it), so `request_id=…` finds the HTTP request, the scheduler tick and the worker's run.
 */
export function loggedJobs<P extends JsonValue>(
  queue: string,
  handler: JobHandler<P>,
  log: JobLog,
): JobHandler<P> {
  return async (job) => {
    const started = performance.now();
    const what = `Job ${queue} ${job.id} (attempt ${job.attempt}/${job.attempts})`;
    const requestId = `request_id=${currentRequestId() ?? '-'}`;
    try {
      await handler(job);
      log.info(`${what} completed in ${Math.round(performance.now() - started)} ms ${requestId}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      (log.error ?? log.info).call(
        log,
        `${what} failed in ${Math.round(performance.now() - started)} ms: ${reason} ${requestId}`,
      );
      throw error;
    }
  };
}
