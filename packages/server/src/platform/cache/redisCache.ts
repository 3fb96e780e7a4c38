import type { Redis } from 'ioredis';
import type { JsonValue } from '../json.ts';
import { incrementInWindow, type RedisPartOptions } from '../redisPart.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import type { Cache } from './cache.ts';

/** The cache shared by every server and worker: JSON text under `vitrina:cache:<key>`. */
export class RedisCache implements Cache {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: RedisPartOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'vitrina:cache:';
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined> {
    const text = await this.#redis.get(this.#prefix + key);
    return text === null ? undefined : (JSON.parse(text) as T);
  }

  async getBytes(key: string): Promise<Buffer | undefined> {
    return (await this.#redis.getBuffer(this.#prefix + key)) ?? undefined;
  }

  async set(key: string, value: JsonValue, ttlSeconds?: number): Promise<void> {
    await this.setEncoded(key, JSON.stringify(value), ttlSeconds);
  }

  async setEncoded(key: string, json: string | Buffer, ttlSeconds?: number): Promise<void> {
    if (ttlSeconds === undefined) await this.#redis.set(this.#prefix + key, json);
    else await this.#redis.set(this.#prefix + key, json, 'PX', ttlSecondsToMs(ttlSeconds));
  }

  async delete(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    return incrementInWindow(this.#redis, this.#prefix + key, ttlSeconds);
  }

  async close(): Promise<void> {}
}
