import { describe, expect, it } from 'vitest';
import { cacheContract } from './cache.contract.ts';
import { MemoryCache } from './memoryCache.ts';

describe('MemoryCache', () => {
  cacheContract(() => new MemoryCache());

  it('drops the least recently used entries beyond maxEntries', async () => {
    const cache = new MemoryCache({ maxEntries: 2 });
    await cache.set('a', 1);
    await cache.set('b', 2);
    await cache.get('a');
    await cache.set('c', 3);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('c')).toBe(3);
  });
});
