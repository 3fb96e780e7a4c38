import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisPartOptions } from '../redisPart.ts';
import { ttlMs as checkTtlMs } from '../ttl.ts';
import type { Lock, LockManager } from './lockManager.ts';

// Compare-and-act in one atomic script: a GET followed by DEL could delete a lock that expired and
// was taken by another process in between.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** Locks across processes: SET NX PX with a random token that only its holder knows. */
export class RedisLockManager implements LockManager {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: RedisPartOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix ?? 'vitrina:lock:';
  }

  async acquire(name: string, ttlMs: number): Promise<Lock | null> {
    const key = this.#prefix + name;
    const token = randomUUID();
    const ok = await this.#redis.set(key, token, 'PX', checkTtlMs(ttlMs), 'NX');
    if (ok !== 'OK') return null;
    const redis = this.#redis;
    return {
      name,
      async renew(renewMs) {
        return Number(await redis.eval(RENEW_SCRIPT, 1, key, token, checkTtlMs(renewMs))) === 1;
      },
      async release() {
        return Number(await redis.eval(RELEASE_SCRIPT, 1, key, token)) === 1;
      },
    };
  }

  async close(): Promise<void> {}
}
