import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { useTestRedis } from '../../testing/redis.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { counterStoreContract } from './counterStore.contract.ts';
import { RedisCounterStore } from './redisCounterStore.ts';

const hasRedis = await serviceAvailable('redis');

describe.skipIf(!hasRedis)('RedisCounterStore', () => {
  const testRedis = useTestRedis();
  let second: ReturnType<typeof testRedis.connection> | undefined;
  // Two stores on two connections: what two servers would have.
  counterStoreContract(() => {
    second ??= testRedis.connection();
    const prefix = `${testRedis.prefix}counter:${randomUUID()}:`;
    const a = new RedisCounterStore({ redis: testRedis.redis, prefix });
    const b = new RedisCounterStore({ redis: second, prefix });
    return { a, b, close: async () => {} };
  });
});
