import { Redis } from 'ioredis';
import type { Cache } from './cache/cache.ts';
import { MemoryCache } from './cache/memoryCache.ts';
import { RedisCache } from './cache/redisCache.ts';
import type { CounterStore } from './counters/counterStore.ts';
import { MemoryCounterStore } from './counters/memoryCounterStore.ts';
import { RedisCounterStore } from './counters/redisCounterStore.ts';
import type { EventBus } from './events/eventBus.ts';
import { MemoryEventBus } from './events/memoryEventBus.ts';
import { RedisEventBus } from './events/redisEventBus.ts';
import type { LockManager } from './locks/lockManager.ts';
import { MemoryLockManager } from './locks/memoryLockManager.ts';
import { RedisLockManager } from './locks/redisLockManager.ts';
import { BullmqJobQueue } from './queue/bullmqJobQueue.ts';
import type { JobQueue } from './queue/jobQueue.ts';
import { MemoryJobQueue } from './queue/memoryJobQueue.ts';
import { carryingRequestIds } from './queue/requestIdQueue.ts';
import { MemoryResultsStore } from './results/memoryResultsStore.ts';
import { RedisResultsStore } from './results/redisResultsStore.ts';
import type { ResultsStore } from './results/resultsStore.ts';

export type { Cache } from './cache/cache.ts';
export type { CounterStore } from './counters/counterStore.ts';
export type { EventBus, EventListener, StreamEvent } from './events/eventBus.ts';
export { compareEventIds } from './events/eventBus.ts';
export type { JsonValue } from './json.ts';
export type { Lock, LockManager } from './locks/lockManager.ts';
export type {
  EnqueueOptions,
  Job,
  JobHandler,
  JobQueue,
  JobState,
  JobWorker,
  ProcessOptions,
  QueueStats,
} from './queue/jobQueue.ts';
export { type ResultsStore, ResultTooLargeError } from './results/resultsStore.ts';

/**
 * The shared state of a Vitrina process. Nothing another process needs may live outside it, so that
 * N servers and M workers behave as one when they share Redis.
 */
export interface Platform {
  /** 'memory' for the one-machine default, 'redis' when processes share Redis. */
  kind: 'memory' | 'redis';
  cache: Cache;
  /** Rate-limit counters (failed sign-ins); never evicted like cache entries. */
  counters: CounterStore;
  queue: JobQueue;
  results: ResultsStore;
  events: EventBus;
  locks: LockManager;
  /** Whether Redis answers a PING (readiness); null without Redis. */
  pingRedis: (() => Promise<boolean>) | null;
  /** Stops workers (waiting for running jobs), then closes every connection. */
  close(): Promise<void>;
}

export interface PlatformOptions {
  /** redis://… shares everything through Redis; null keeps it all in this process. */
  redisUrl: string | null;
  /** Namespace of every Redis key, so several installations can share one Redis (default "vitrina"). */
  keyPrefix?: string;
  /** Background failures nobody awaits: lost connections, throwing event listeners. */
  onError?: (error: unknown, source: string) => void;
  /** The in-process cache's bound in bytes (VITRINA_CACHE_MAX_BYTES); Redis bounds its own. */
  memoryCacheMaxBytes?: number;
  /** How long a worker holds a running job without renewing it (VITRINA_WORKER_LOCK_SECONDS). */
  workerLockMs?: number;
}

export function createPlatform(options: PlatformOptions): Platform {
  const onError = options.onError ?? ((error, source) => console.error(`[platform:${source}]`, error));
  return options.redisUrl
    ? createRedisPlatform(options.redisUrl, options.keyPrefix ?? 'vitrina', onError, options.workerLockMs)
    : createMemoryPlatform(onError, options.memoryCacheMaxBytes);
}

function createMemoryPlatform(
  onError: (error: unknown, source: string) => void,
  cacheMaxBytes: number | undefined,
): Platform {
  const platform = {
    kind: 'memory' as const,
    cache: new MemoryCache({ maxBytes: cacheMaxBytes }),
    counters: new MemoryCounterStore(),
    queue: carryingRequestIds(new MemoryJobQueue()),
    results: new MemoryResultsStore(),
    events: new MemoryEventBus({ onError: (error) => onError(error, 'events') }),
    locks: new MemoryLockManager(),
  };
  return { ...platform, pingRedis: null, close: () => closeParts(platform) };
}

function createRedisPlatform(
  url: string,
  prefix: string,
  onError: (error: unknown, source: string) => void,
  workerLockMs: number | undefined,
): Platform {
  // Two connections on purpose. Cache, results, events and locks are on the request path and should
  // fail fast while Redis is down; BullMQ requires maxRetriesPerRequest: null (wait forever) on its own.
  // The event bus adds a subscriber connection and each BullMQ worker a blocking one, on demand.
  // Commands on the request path give up after one reconnection attempt (about a second), so a request
  // answers 503 (platform/unavailable.ts) rather than hanging; both reconnect by themselves, at most a
  // second apart, so the first request after Redis is back succeeds.
  const commands = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: reconnectDelay });
  const queueConnection = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
  reportConnectionState(commands, 'redis', onError);
  reportConnectionState(queueConnection, 'redis-queue', onError);
  const platform = {
    kind: 'redis' as const,
    cache: new RedisCache({ redis: commands, prefix: `${prefix}:cache:` }),
    counters: new RedisCounterStore({ redis: commands, prefix: `${prefix}:counter:` }),
    queue: carryingRequestIds(
      new BullmqJobQueue({
        connection: queueConnection,
        prefix: `${prefix}:queue`,
        ...(workerLockMs !== undefined && { lockMs: workerLockMs }),
        onError: (error) => onError(error, 'queue'),
      }),
    ),
    results: new RedisResultsStore({ redis: commands, prefix: `${prefix}:results:` }),
    events: new RedisEventBus({
      redis: commands,
      prefix: `${prefix}:events:`,
      onError: (error) => onError(error, 'events'),
    }),
    locks: new RedisLockManager({ redis: commands, prefix: `${prefix}:lock:` }),
  };
  return {
    ...platform,
    pingRedis: async () => (await commands.ping()) === 'PONG',
    close: async () => {
      await closeParts(platform);
      await Promise.all([quit(commands), quit(queueConnection)]);
    },
  };
}

/** Milliseconds before the n-th attempt to reconnect: quickly at first, then once a second for good. */
function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 100, 1000);
}

/**
 * One error line when a connection is lost and one when it is back, not one per reconnection attempt
 * (a Redis down for a minute would otherwise write sixty stack traces).
 */
function reportConnectionState(
  redis: Redis,
  source: string,
  onError: (error: unknown, source: string) => void,
): void {
  let lost = false;
  redis.on('error', (error: unknown) => {
    if (lost) return;
    lost = true;
    onError(error, source);
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    console.warn(`[platform:${source}] Redis connection is back`);
  });
}

/** The queue first: its running jobs may still write results, events and cache entries. */
async function closeParts(parts: Omit<Platform, 'close' | 'kind' | 'pingRedis'>): Promise<void> {
  await parts.queue.close();
  await Promise.all([
    parts.events.close(),
    parts.cache.close(),
    parts.counters.close(),
    parts.results.close(),
    parts.locks.close(),
  ]);
}

/** QUIT lets pending replies arrive, but waits for Redis to come back if it is down; do not hang shutdown. */
async function quit(redis: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 2000);
  });
  await Promise.race([
    redis.quit().then(
      () => undefined,
      () => undefined,
    ),
    giveUp,
  ]);
  clearTimeout(timer);
  redis.disconnect();
}
