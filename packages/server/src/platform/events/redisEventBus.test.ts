import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useTestRedis } from '../../testing/redis.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { eventBusContract } from './eventBus.contract.ts';
import type { StreamEvent } from './eventBus.ts';
import { RedisEventBus } from './redisEventBus.ts';

const hasRedis = await serviceAvailable('redis');

describe.skipIf(!hasRedis)('RedisEventBus', () => {
  const testRedis = useTestRedis();
  eventBusContract(
    (options) =>
      new RedisEventBus({
        ...options,
        redis: testRedis.redis,
        prefix: `${testRedis.prefix}events:${randomUUID()}:`,
      }),
  );

  it('delivers events published by one server to subscribers and readers on another', async () => {
    const prefix = `${testRedis.prefix}events:shared:`;
    const worker = new RedisEventBus({ redis: testRedis.redis, prefix });
    const server = new RedisEventBus({ redis: testRedis.connection(), prefix });
    try {
      const received: StreamEvent[] = [];
      await server.subscribe('user-7', (message) => received.push(message));
      const id = await worker.publish('user-7', { job_id: 'q1', status: 'done' });
      await vi.waitFor(() => expect(received).toEqual([{ id, event: { job_id: 'q1', status: 'done' } }]));
      expect(await server.read('user-7', null)).toEqual(received);
      expect(await testRedis.redis.pttl(`${prefix}user-7`)).toBeGreaterThan(0);
    } finally {
      await Promise.all([worker.close(), server.close()]);
    }
  });
});
