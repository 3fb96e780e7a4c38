import type { Redis } from 'ioredis';
import { ttlSecondsToMs } from './ttl.ts';

/** What every Redis-backed platform part (cache, counters, locks, results, events) is given. */
export interface RedisPartOptions {
  /** A connection shared with other platform parts; the part never closes it. */
  redis: Redis;
  /** Put before each of the part's keys (`vitrina:cache:` …), so parts and deployments keep apart. */
  prefix?: string;
}

// INCR and the window's PEXPIRE in one script: a crash between the two would leave a counter that
// never resets and locks an account out for good.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * Adds 1 to the integer at `key` and answers the new count. The window starts at the first increment;
 * later ones do not extend it.
 */
export async function incrementInWindow(redis: Redis, key: string, windowSeconds: number): Promise<number> {
  const windowMs = ttlSecondsToMs(windowSeconds);
  return Number(await redis.eval(INCREMENT_SCRIPT, 1, key, windowMs));
}
