import type { JsonValue } from '../json.ts';

/** A job as its handler sees it. */
export interface Job<P extends JsonValue = JsonValue> {
  id: string;
  /** What kind of work, within its queue (defaults to the queue name). */
  name: string;
  payload: P;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** Runs allowed in all; attempt === attempts means this is the last chance. */
  attempts: number;
}

export interface EnqueueOptions {
  /** Your own id makes enqueueing idempotent: a job whose id is already known is not added again. */
  jobId?: string;
  name?: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /** Runs allowed in all (default 1: no retry). */
  attempts?: number;
  /** Wait before the first retry; it doubles with each further retry (default 1000). */
  backoffMs?: number;
}

export interface ProcessOptions {
  /** Jobs of this queue this worker runs at the same time (default 1). */
  concurrency?: number;
}

/** A handler that throws fails that attempt; the job is retried while attempts remain. */
export type JobHandler<P extends JsonValue = JsonValue> = (job: Job<P>) => Promise<void>;

export interface JobWorker {
  /** Takes no new jobs and resolves once the running ones finished. */
  close(): Promise<void>;
}

/**
 * waiting also covers a job between retries' delays once it is due; delayed is one not due yet;
 * stalled is one taken by a worker that stopped renewing it (killed), until a live worker takes it back.
 */
export type JobState = 'waiting' | 'delayed' | 'active' | 'stalled' | 'completed' | 'failed' | 'unknown';

/** How much work a queue holds now (the metrics' queue depth and oldest job age). */
export interface QueueStats {
  waiting: number;
  delayed: number;
  active: number;
  /** When the longest-waiting job was enqueued (ms since the epoch); null when none waits. */
  oldestWaitingSince: number | null;
}

/** Background work (async queries, report runs, screenshots) done by whichever worker is free. */
export interface JobQueue {
  /** Adds a job and returns its id (a new UUID unless options.jobId is given). */
  enqueue(queueName: string, payload: JsonValue, options?: EnqueueOptions): Promise<string>;
  /** Starts running the queue's jobs with handler; jobs enqueued before this call wait for it. */
  process<P extends JsonValue = JsonValue>(
    queueName: string,
    handler: JobHandler<P>,
    options?: ProcessOptions,
  ): JobWorker;
  /** 'unknown' for an id never enqueued, or finished long enough ago to be forgotten. */
  getState(queueName: string, jobId: string): Promise<JobState>;
  /** Counts of the queue's jobs by state, read from wherever the queue lives. */
  stats(queueName: string): Promise<QueueStats>;
  /** Whether the queue's store answers (readiness); may wait as long as the store does. */
  ping(): Promise<boolean>;
  /** Stops every worker (waiting for running jobs) and frees connections. */
  close(): Promise<void>;
}

export const DEFAULT_BACKOFF_MS = 1000;
/** Finished jobs remembered per queue, for getState and for idempotent enqueueing. */
export const FINISHED_JOBS_KEPT = 1000;

/** Delay before retry number `retry` (1 for the first retry): exponential, as BullMQ computes it. */
export function retryDelayMs(backoffMs: number, retry: number): number {
  return backoffMs * 2 ** (retry - 1);
}

/**
 * The names BullMQ accepts, checked in both implementations so code that works in-process also works
 * with Redis: no ":" in queue names or ids (they are key separators), and no integer ids (BullMQ's own).
 */
export function checkQueueName(queueName: string): void {
  if (!queueName || queueName.includes(':')) throw new RangeError(`invalid queue name "${queueName}"`);
}

export function checkJobId(jobId: string): void {
  const integer = String(Number.parseInt(jobId, 10)) === jobId;
  if (!jobId || jobId.includes(':') || integer) throw new RangeError(`invalid job id "${jobId}"`);
}

export function checkEnqueueOptions(options: EnqueueOptions): void {
  const { attempts = 1, delayMs = 0, backoffMs = 0 } = options;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new RangeError(`attempts must be 1 or more, got ${attempts}`);
  }
  if (!(delayMs >= 0) || !(backoffMs >= 0)) {
    throw new RangeError('delayMs and backoffMs must not be negative');
  }
}
