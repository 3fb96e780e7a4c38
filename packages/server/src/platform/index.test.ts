import { describe, expect, it, vi } from 'vitest';
import { useTestRedis } from '../testing/redis.ts';
import { SERVICES, serviceAvailable } from '../testing/services.ts';
import { createPlatform, type Platform, type StreamEvent } from './index.ts';

const hasRedis = await serviceAvailable('redis');

/** Every part answers, and a job run by the queue can use the others, as an async query does. */
async function exercise(platform: Platform): Promise<void> {
  const queueName = `smoke-${Date.now()}`;
  const live: StreamEvent[] = [];
  await platform.events.subscribe('user-1', (message) => live.push(message));
  platform.queue.process(queueName, async (job) => {
    await platform.results.put(job.id, Buffer.from('rows'), 60);
    await platform.events.publish('user-1', { job_id: job.id, status: 'success' });
  });
  const jobId = await platform.queue.enqueue(queueName, { sql: 'SELECT 1' });
  await vi.waitFor(() => expect(live.map((m) => m.event)).toEqual([{ job_id: jobId, status: 'success' }]), {
    timeout: 10_000,
  });
  expect((await platform.results.get(jobId))?.toString()).toBe('rows');
  expect(await platform.events.read('user-1', null)).toEqual(live);
  await platform.cache.set('k', { a: 1 }, 60);
  expect(await platform.cache.get('k')).toEqual({ a: 1 });
  expect(await platform.cache.increment('login:admin', 60)).toBe(1);
  expect(await platform.counters.increment('login:admin', 60)).toBe(1);
  const lock = await platform.locks.acquire('scheduler', 10_000);
  expect(lock).not.toBeNull();
  expect(await platform.locks.acquire('scheduler', 10_000)).toBeNull();
}

describe('createPlatform', () => {
  it('keeps everything in this process without a Redis URL', async () => {
    const platform = createPlatform({ redisUrl: null });
    expect(platform.kind).toBe('memory');
    try {
      await exercise(platform);
    } finally {
      await platform.close();
    }
  });

  it('bounds the in-process cache by the bytes it is given', async () => {
    const platform = createPlatform({ redisUrl: null, memoryCacheMaxBytes: 1000 });
    try {
      await platform.cache.set('small', 'x'.repeat(100));
      await platform.cache.set('large', 'x'.repeat(2000));
      expect(await platform.cache.get('small')).toBe('x'.repeat(100));
      expect(await platform.cache.get('large')).toBeUndefined();
    } finally {
      await platform.close();
    }
  });

  describe.skipIf(!hasRedis)('with Redis', () => {
    const testRedis = useTestRedis();

    it('shares everything through Redis under the key prefix', async () => {
      const keyPrefix = testRedis.prefix.slice(0, -1);
      const platform = createPlatform({ redisUrl: SERVICES.redis.url, keyPrefix });
      expect(platform.kind).toBe('redis');
      try {
        await exercise(platform);
        expect(
          await testRedis.redis.exists(
            `${keyPrefix}:cache:k`,
            `${keyPrefix}:lock:scheduler`,
            `${keyPrefix}:counter:login:admin`,
          ),
        ).toBe(3);
      } finally {
        await platform.close();
      }
    });
  });
});
