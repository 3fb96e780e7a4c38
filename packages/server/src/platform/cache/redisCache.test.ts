import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../testing/redis.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { cacheContract } from './cache.contract.ts';
import { RedisCache } from './redisCache.ts';

const hasRedis = await serviceAvailable('redis');

describe.skipIf(!hasRedis)('RedisCache', () => {
  const testRedis = useTestRedis();
  // A fresh prefix per test: no test sees another's keys.
  cacheContract(
    () => new RedisCache({ redis: testRedis.redis, prefix: `${testRedis.prefix}cache:${randomUUID()}:` }),
  );

  it('stores JSON text under its prefix, visible to a second connection', async () => {
    const prefix = `${testRedis.prefix}cache:shared:`;
    const writer = new RedisCache({ redis: testRedis.redis, prefix });
    const reader = new RedisCache({ redis: testRedis.connection(), prefix });
    await writer.set('k', { a: [1, 2] });
    expect(await testRedis.redis.get(`${prefix}k`)).toBe('{"a":[1,2]}');
    expect(await reader.get('k')).toEqual({ a: [1, 2] });
  });
});
