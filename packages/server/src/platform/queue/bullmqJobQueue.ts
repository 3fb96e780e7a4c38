import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JsonValue } from '../json.ts';
import { StoreUnavailableError } from '../unavailable.ts';
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
} from './jobQueue.ts';

export interface BullmqJobQueueOptions {
  /**
   * Shared by this queue's producers and workers and never closed here. BullMQ requires
   * `maxRetriesPerRequest: null` on it; each worker duplicates it for its blocking reads.
   */
  connection: Redis;
  /** Prefix of every BullMQ key. */
  prefix?: string;
  /**
   * How long a worker holds a running job between renewals (BullMQ's lockDuration, default 30 s). A
   * job whose worker died is "stalled" once its lock expires: getState says so, and another worker's
   * stalled-job check (as often as this) hands it back to the queue.
   */
  lockMs?: number;
  /** Worker-level failures (lost connection, stalled-job checks), not handler errors. */
  onError?: (error: unknown) => void;
}

// The connection waits for Redis forever (BullMQ's requirement), fine for workers but not for a request
// that enqueues: while it is known to be down, producers fail at once with a 503 instead. Known down:
// lost and not ready again since — a reconnection attempt's 'connecting' counts too (a command sent
// then would wait for Redis forever), the first connection at start-up does not.
const DOWN_STATES = new Set(['reconnecting', 'close', 'end']);

/** Jobs shared by every server and worker process, through BullMQ. */
export class BullmqJobQueue implements JobQueue {
  readonly #connection: Redis;
  readonly #prefix: string;
  readonly #onError: (error: unknown) => void;
  readonly #lockMs: number;
  readonly #queues = new Map<string, Queue>();
  readonly #workers = new Set<Worker>();
  /** The connection closed and has not been ready since. */
  #lost = false;

  constructor(options: BullmqJobQueueOptions) {
    this.#connection = options.connection;
    this.#connection.on('close', () => {
      this.#lost = true;
    });
    this.#connection.on('ready', () => {
      this.#lost = false;
    });
    this.#prefix = options.prefix ?? 'vitrina:queue';
    this.#lockMs = options.lockMs ?? 30_000;
    this.#onError = options.onError ?? ((error) => console.error('[queue]', error));
  }

  async enqueue(queueName: string, payload: JsonValue, options: EnqueueOptions = {}): Promise<string> {
    checkEnqueueOptions(options);
    // Our own UUIDs rather than BullMQ's per-queue counters: ids stay unique across queues.
    const id = options.jobId ?? randomUUID();
    checkJobId(id);
    this.#failWhileDown();
    await this.#queue(queueName).add(options.name ?? queueName, payload, {
      jobId: id,
      delay: options.delayMs ?? 0,
      attempts: options.attempts ?? 1,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { count: FINISHED_JOBS_KEPT },
      removeOnFail: { count: FINISHED_JOBS_KEPT },
    });
    return id;
  }

  process<P extends JsonValue = JsonValue>(
    queueName: string,
    handler: JobHandler<P>,
    options: ProcessOptions = {},
  ): JobWorker {
    checkQueueName(queueName);
    const worker = new Worker<P>(
      queueName,
      async (job) => {
        await handler({
          id: job.id ?? '',
          name: job.name,
          payload: job.data,
          // attemptsMade counts the runs that already failed.
          attempt: job.attemptsMade + 1,
          attempts: job.opts.attempts ?? 1,
        });
      },
      {
        connection: this.#connection,
        prefix: this.#prefix,
        concurrency: Math.max(1, options.concurrency ?? 1),
        lockDuration: this.#lockMs,
        stalledInterval: this.#lockMs,
      },
    );
    // Without a listener an 'error' event would crash the process.
    worker.on('error', (error) => this.#onError(error));
    this.#workers.add(worker);
    return {
      close: async () => {
        this.#workers.delete(worker);
        await worker.close();
      },
    };
  }

  async getState(queueName: string, jobId: string): Promise<JobState> {
    this.#failWhileDown();
    const queue = this.#queue(queueName);
    const state = await queue.getJobState(jobId);
    switch (state) {
      case 'active':
        // A live worker renews the job's lock; without one the worker died and the job waits for
        // another worker's stalled-job check.
        return (await this.#connection.exists(`${queue.toKey(jobId)}:lock`)) ? 'active' : 'stalled';
      case 'completed':
      case 'failed':
      case 'delayed':
        return state;
      case 'waiting':
      case 'prioritized':
      case 'waiting-children':
        return 'waiting';
      default:
        return 'unknown';
    }
  }

  async stats(queueName: string): Promise<QueueStats> {
    this.#failWhileDown();
    const queue = this.#queue(queueName);
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    // Ascending: the job that entered the wait list first.
    const [oldest] = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true);
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      delayed: counts.delayed ?? 0,
      active: counts.active ?? 0,
      oldestWaitingSince: oldest?.timestamp ?? null,
    };
  }

  #failWhileDown(): void {
    if (this.#lost || DOWN_STATES.has(this.#connection.status)) throw new StoreUnavailableError('redis');
  }

  async ping(): Promise<boolean> {
    return (await this.#connection.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    const workers = [...this.#workers];
    this.#workers.clear();
    await Promise.all(workers.map((worker) => worker.close()));
    const queues = [...this.#queues.values()];
    this.#queues.clear();
    await Promise.all(queues.map((queue) => queue.close()));
  }

  #queue(queueName: string): Queue {
    checkQueueName(queueName);
    let queue = this.#queues.get(queueName);
    if (!queue) {
      queue = new Queue(queueName, { connection: this.#connection, prefix: this.#prefix });
      queue.on('error', (error) => this.#onError(error));
      this.#queues.set(queueName, queue);
    }
    return queue;
  }
}
