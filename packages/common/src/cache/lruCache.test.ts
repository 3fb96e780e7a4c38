import { describe, expect, it } from 'vitest';
import { DEFAULT_LRU_CAPACITY, LruCache, LruCapacityError } from './lruCache.ts';

describe('LruCache', () => {
  it('holds 100 entries by default', () => {
    const cache = new LruCache<number>();
    expect(cache.capacity).toBe(DEFAULT_LRU_CAPACITY);
    for (let i = 0; i < 101; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(100);
    expect(cache.has('k0')).toBe(false);
    expect(cache.get('k100')).toBe(100);
  });

  it('drops the least recently used entry, counting reads as use', () => {
    const cache = new LruCache<string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('builds a missing value once', () => {
    const cache = new LruCache<number>(3);
    let builds = 0;
    const make = () => ++builds;
    expect(cache.getOrSet('x', make)).toBe(1);
    expect(cache.getOrSet('x', make)).toBe(1);
    expect(builds).toBe(1);
  });

  it('refuses a capacity below 1', () => {
    expect(() => new LruCache(0)).toThrow(LruCapacityError);
    expect(() => new LruCache(-5)).toThrow(LruCapacityError);
    expect(() => new LruCache(1.5)).toThrow(LruCapacityError);
    expect(new LruCache(1).capacity).toBe(1);
  });
});
