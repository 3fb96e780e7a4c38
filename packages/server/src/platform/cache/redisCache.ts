import type { Redis } from 'ioredis';
import type { JsonValue } from '../json.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import type { Cache } from './cache.ts';

export interface RedisCacheOptions {
  /** A connection shared with other platform parts; the cache never closes it. */
  redis: Redis;
  prefix?: string;
}

// INCR and the first PEXPIRE in one atomic step: a crash between them would leave a counter that
// never resets and locks a user out for good.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** The cache shared by every server and worker: JSON text under `vitrina:cache:<key>`. */
export class RedisCache implements Cache {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: RedisCacheOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'vitrina:cache:';
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined> {
    const text = await this.#redis.get(this.#prefix + key);
    return text === null ? undefined : (JSON.parse(text) as T);
  }

  async set(key: string, value: JsonValue, ttlSeconds?: number): Promise<void> {
    const text = JSON.stringify(value);
    if (ttlSeconds === undefined) await this.#redis.set(this.#prefix + key, text);
    else await this.#redis.set(this.#prefix + key, text, 'PX', ttlSecondsToMs(ttlSeconds));
  }

  async delete(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const ttl = ttlSecondsToMs(ttlSeconds);
    const count = await this.#redis.eval(INCREMENT_SCRIPT, 1, this.#prefix + key, ttl);
    return Number(count);
  }

  async close(): Promise<void> {}
}
