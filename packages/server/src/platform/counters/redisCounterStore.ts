import type { Redis } from 'ioredis';
import { incrementInWindow, type RedisPartOptions } from '../redisPart.ts';
import type { CounterStore } from './counterStore.ts';

// Only an existing counter is decremented (DECR would create one without a window), and one that
// reaches zero is removed.
const DECREMENT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count`;

/** Counters shared by every server: one integer key per counter under `vitrina:counter:`. */
export class RedisCounterStore implements CounterStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: RedisPartOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'vitrina:counter:';
  }

  async increment(key: string, windowSeconds: number): Promise<number> {
    return incrementInWindow(this.#redis, this.#prefix + key, windowSeconds);
  }

  async decrement(key: string): Promise<void> {
    await this.#redis.eval(DECREMENT_SCRIPT, 1, this.#prefix + key);
  }

  async get(key: string): Promise<number> {
    return Number((await this.#redis.get(this.#prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }

  async close(): Promise<void> {}
}
