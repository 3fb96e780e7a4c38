import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../testing/redis.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { RedisResultsStore } from './redisResultsStore.ts';
import { resultsStoreContract } from './resultsStore.contract.ts';

const hasRedis = await serviceAvailable('redis');

describe.skipIf(!hasRedis)('RedisResultsStore', () => {
  const testRedis = useTestRedis();
  resultsStoreContract(
    () =>
      new RedisResultsStore({
        redis: testRedis.redis,
        prefix: `${testRedis.prefix}results:${randomUUID()}:`,
      }),
  );

  it('lets another process read what a worker stored', async () => {
    const prefix = `${testRedis.prefix}results:shared:`;
    const worker = new RedisResultsStore({ redis: testRedis.redis, prefix });
    const server = new RedisResultsStore({ redis: testRedis.connection(), prefix });
    await worker.put('query-1', Buffer.from([0, 255, 10, 13]), 60);
    expect([...(await server.get('query-1'))!]).toEqual([0, 255, 10, 13]);
  });
});
