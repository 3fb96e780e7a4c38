import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { useTestRedis } from '../../testing/redis.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { lockManagerContract } from './lockManager.contract.ts';
import { RedisLockManager } from './redisLockManager.ts';

const hasRedis = await serviceAvailable('redis');

describe.skipIf(!hasRedis)('RedisLockManager', () => {
  const testRedis = useTestRedis();
  let second: ReturnType<typeof testRedis.connection> | undefined;
  // Two managers on two connections: what two scheduler processes would have.
  lockManagerContract(() => {
    second ??= testRedis.connection();
    const prefix = `${testRedis.prefix}lock:${randomUUID()}:`;
    const a = new RedisLockManager({ redis: testRedis.redis, prefix });
    const b = new RedisLockManager({ redis: second, prefix });
    return { a, b, close: async () => {} };
  });
});
