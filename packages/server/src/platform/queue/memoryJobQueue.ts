import { randomUUID } from 'node:crypto';
import { type JsonValue, jsonCopy } from '../json.ts';
import {
  checkEnqueueOptions,
  checkJobId,
  checkQueueName,
  DEFAULT_BACKOFF_MS,
  type EnqueueOptions,
  FINISHED_JOBS_KEPT,
  type JobHandler,
  type JobQueue,
  type JobState,
  type JobWorker,
  type ProcessOptions,
  type QueueStats,
  retryDelayMs,
} from './jobQueue.ts';

interface QueuedJob {
  id: string;
  name: string;
  payload: JsonValue;
  attempts: number;
  backoffMs: number;
  failures: number;
  state: JobState;
  /** Since when it is in `waiting` (ms since the epoch). */
  waitingSince: number;
}

interface Worker {
  handler: JobHandler;
  concurrency: number;
  running: number;
  closing: boolean;
  /** Resolvers waiting for running to reach 0. */
  idle: (() => void)[];
}

/** One queue's jobs, in enqueue order; finished ones are kept (bounded) so getState can answer. */
class Lane {
  readonly jobs = new Map<string, QueuedJob>();
  readonly waiting: QueuedJob[] = [];
  readonly finished = new Set<string>();
  readonly workers = new Set<Worker>();
}

/** The one-process job queue: same semantics as the BullMQ one, with timers instead of Redis. */
export class MemoryJobQueue implements JobQueue {
  readonly #lanes = new Map<string, Lane>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #closed = false;

  async enqueue(queueName: string, payload: JsonValue, options: EnqueueOptions = {}): Promise<string> {
    checkQueueName(queueName);
    checkEnqueueOptions(options);
    const id = options.jobId ?? randomUUID();
    checkJobId(id);
    const lane = this.#lane(queueName);
    if (lane.jobs.has(id)) return id;
    const job: QueuedJob = {
      id,
      name: options.name ?? queueName,
      // Stored as JSON would be in Redis: the caller's later changes do not reach the handler.
      payload: jsonCopy(payload),
      attempts: options.attempts ?? 1,
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      failures: 0,
      state: 'waiting',
      waitingSince: Date.now(),
    };
    lane.jobs.set(id, job);
    if (options.delayMs) this.#delay(lane, job, options.delayMs);
    else this.#makeWaiting(lane, job);
    return id;
  }

  process<P extends JsonValue = JsonValue>(
    queueName: string,
    handler: JobHandler<P>,
    options: ProcessOptions = {},
  ): JobWorker {
    checkQueueName(queueName);
    const lane = this.#lane(queueName);
    const worker: Worker = {
      // The payload was enqueued untyped; P is the handler's claim about it, as with BullMQ.
      handler: handler as unknown as JobHandler,
      concurrency: Math.max(1, options.concurrency ?? 1),
      running: 0,
      closing: false,
      idle: [],
    };
    lane.workers.add(worker);
    this.#pump(lane);
    return {
      close: async () => {
        worker.closing = true;
        lane.workers.delete(worker);
        if (worker.running > 0) await new Promise<void>((resolve) => worker.idle.push(resolve));
      },
    };
  }

  async getState(queueName: string, jobId: string): Promise<JobState> {
    return this.#lanes.get(queueName)?.jobs.get(jobId)?.state ?? 'unknown';
  }

  async stats(queueName: string): Promise<QueueStats> {
    const lane = this.#lanes.get(queueName);
    const stats: QueueStats = { waiting: 0, delayed: 0, active: 0, oldestWaitingSince: null };
    if (!lane) return stats;
    for (const job of lane.jobs.values()) {
      if (job.state === 'waiting' || job.state === 'delayed' || job.state === 'active') stats[job.state] += 1;
    }
    // Waiting jobs leave in order, so the first one waited longest.
    stats.oldestWaitingSince = lane.waiting[0]?.waitingSince ?? null;
    return stats;
  }

  async ping(): Promise<boolean> {
    return !this.#closed;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    const workers = [...this.#lanes.values()].flatMap((lane) => [...lane.workers]);
    for (const worker of workers) worker.closing = true;
    await Promise.all(
      workers.filter((w) => w.running > 0).map((w) => new Promise<void>((resolve) => w.idle.push(resolve))),
    );
    this.#lanes.clear();
  }

  #lane(queueName: string): Lane {
    let lane = this.#lanes.get(queueName);
    if (!lane) {
      lane = new Lane();
      this.#lanes.set(queueName, lane);
    }
    return lane;
  }

  #delay(lane: Lane, job: QueuedJob, ms: number): void {
    job.state = 'delayed';
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#makeWaiting(lane, job);
    }, ms);
    // A pending retry must not keep a finished process (a CLI command, a test) alive.
    timer.unref();
    this.#timers.add(timer);
  }

  #makeWaiting(lane: Lane, job: QueuedJob): void {
    job.state = 'waiting';
    job.waitingSince = Date.now();
    lane.waiting.push(job);
    this.#pump(lane);
  }

  /** Hands waiting jobs to workers with free slots. */
  #pump(lane: Lane): void {
    for (const worker of lane.workers) {
      while (!this.#closed && !worker.closing && worker.running < worker.concurrency) {
        const job = lane.waiting.shift();
        if (!job) return;
        void this.#run(lane, worker, job);
      }
    }
  }

  async #run(lane: Lane, worker: Worker, job: QueuedJob): Promise<void> {
    job.state = 'active';
    worker.running += 1;
    try {
      await worker.handler({
        id: job.id,
        name: job.name,
        payload: jsonCopy(job.payload),
        attempt: job.failures + 1,
        attempts: job.attempts,
      });
      this.#finish(lane, job, 'completed');
    } catch {
      // The handler owns reporting its errors; here a failure only decides between retry and failed.
      job.failures += 1;
      if (job.failures < job.attempts && !this.#closed)
        this.#delay(lane, job, retryDelayMs(job.backoffMs, job.failures));
      else this.#finish(lane, job, 'failed');
    } finally {
      worker.running -= 1;
      if (worker.running === 0) for (const resolve of worker.idle.splice(0)) resolve();
      this.#pump(lane);
    }
  }

  #finish(lane: Lane, job: QueuedJob, state: 'completed' | 'failed'): void {
    job.state = state;
    lane.finished.add(job.id);
    if (lane.finished.size > FINISHED_JOBS_KEPT) {
      const [oldest] = lane.finished;
      if (oldest !== undefined) {
        lane.finished.delete(oldest);
        lane.jobs.delete(oldest);
      }
    }
  }
}
