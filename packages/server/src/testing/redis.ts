import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { afterAll } from 'vitest';
import { SERVICES } from './services.ts';

export interface TestRedis {
  /** One connection shared by the suite's tests, opened on first use. */
  readonly redis: Redis;
  /** A further connection (for "another process"), quit after the suite. */
  connection(options?: RedisOptions): Redis;
  /** A key prefix unique to this test run, so parallel runs never see each other's keys. */
  readonly prefix: string;
}

/**
 * For Redis-backed tests (call it inside a describe.skipIf(!hasRedis) block): connections are only
 * opened when a test asks for one, and every key under the run's prefix is deleted at the end.
 */
export function useTestRedis(): TestRedis {
  const prefix = `vitrina-test-${randomUUID().slice(0, 8)}:`;
  const opened: Redis[] = [];
  afterAll(async () => {
    const [first] = opened;
    if (first) {
      for await (const keys of first.scanStream({ match: `${prefix}*`, count: 500 })) {
        if ((keys as string[]).length > 0) await first.del(...(keys as string[]));
      }
    }
    await Promise.all(opened.map((redis) => redis.quit()));
  });
  let shared: Redis | undefined;
  const connection = (options: RedisOptions = {}) => {
    const redis = new Redis(SERVICES.redis.url, options);
    opened.push(redis);
    return redis;
  };
  return {
    prefix,
    connection,
    get redis() {
      shared ??= connection();
      return shared;
    },
  };
}
