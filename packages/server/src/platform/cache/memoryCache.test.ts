import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../json.ts';
import { cacheContract } from './cache.contract.ts';
import { MemoryCache, stringBytes } from './memoryCache.ts';

const MB = 1024 * 1024;

/** A chart-data-like result: 100,000 rows of five columns, about 11 MB as JSON. */
function hundredThousandRows(seed: number) {
  return Array.from({ length: 100_000 }, (_, i) => ({
    order_date: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}T00:00:00`,
    region: ['North', 'South', 'East', 'West'][i % 4]!,
    category: `Category ${i % 17}`,
    revenue: (i * 7919 + seed) % 100_000,
    quantity: i % 50,
  }));
}

describe('MemoryCache', () => {
  cacheContract(() => new MemoryCache());

  it('drops the least recently used entries beyond the byte limit', async () => {
    // Each entry is about 370 bytes (300 characters, quotes, key, bookkeeping): three fit.
    const cache = new MemoryCache({ maxBytes: 1200 });
    const text = 'x'.repeat(300);
    await cache.set('a', text);
    await cache.set('b', text);
    await cache.get('a');
    await cache.set('c', text);
    await cache.set('d', text);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(text);
    expect(await cache.get('c')).toBe(text);
    expect(await cache.get('d')).toBe(text);
    expect(cache.storedBytes).toBeLessThanOrEqual(1200);
  });

  it('counts the bytes of a 100,000-row entry', async () => {
    const cache = new MemoryCache();
    const rows = hundredThousandRows(1);
    await cache.set('chart', { data: rows });
    const json = JSON.stringify({ data: rows }).length;
    expect(json).toBeGreaterThan(10 * MB);
    expect(cache.storedBytes).toBeGreaterThanOrEqual(json);
    expect(cache.storedBytes).toBeLessThan(json + 1024);
  });

  // Review finding: the cache was bounded by entry count (10,000), so 10,000 entries of 11 MB each
  // (110 GB) were all allowed. Scaled down: ten 100,000-row entries against a 64 MB limit.
  it('keeps entries of 11 MB each within the byte limit, evicting the oldest', async () => {
    const cache = new MemoryCache({ maxBytes: 64 * MB });
    for (let i = 0; i < 10; i++) await cache.set(`chart-${i}`, { data: hundredThousandRows(i) });
    expect(cache.storedBytes).toBeLessThanOrEqual(64 * MB);
    expect(await cache.get('chart-0')).toBeUndefined();
    expect(await cache.get('chart-1')).toBeUndefined();
    const newest = await cache.get<{ data: JsonValue[] }>('chart-9');
    expect(newest?.data).toHaveLength(100_000);
  });

  it("does not cache an entry larger than the whole limit, and drops the key's older value", async () => {
    const cache = new MemoryCache({ maxBytes: 1000 });
    await cache.set('small', 'kept');
    await cache.set('big', 'old');
    await cache.set('big', 'y'.repeat(2000));
    expect(await cache.get('big')).toBeUndefined();
    expect(await cache.get('small')).toBe('kept');
  });

  it('counts tiny entries too, so many counters cannot grow without bound', async () => {
    const cache = new MemoryCache({ maxBytes: 10_000 });
    for (let i = 0; i < 1000; i++) await cache.increment(`login:${i}`, 60);
    expect(cache.storedBytes).toBeLessThanOrEqual(10_000);
    expect(await cache.get('login:0')).toBeUndefined();
    expect(await cache.get('login:999')).toBe(1);
  });

  it('counts text outside Latin-1 at two bytes a character, as V8 stores it', () => {
    expect(stringBytes('Sales')).toBe(5);
    expect(stringBytes('Продажи')).toBe(14);
  });
});
