import type { Redis } from 'ioredis';
import type { RedisPartOptions } from '../redisPart.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import type { ResultsStore } from './resultsStore.ts';

/** Results shared by every server and worker, stored as raw bytes (getBuffer keeps them binary-safe). */
export class RedisResultsStore implements ResultsStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: RedisPartOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'vitrina:results:';
  }

  async put(key: string, data: Buffer | string, ttlSeconds: number): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await this.#redis.set(this.#prefix + key, bytes, 'PX', ttlSecondsToMs(ttlSeconds));
  }

  async get(key: string): Promise<Buffer | undefined> {
    return (await this.#redis.getBuffer(this.#prefix + key)) ?? undefined;
  }

  async delete(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }

  async close(): Promise<void> {}
}
