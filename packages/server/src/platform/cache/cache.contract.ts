import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from './cache.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every Cache implementation must have. */
export function cacheContract(open: () => Cache | Promise<Cache>): void {
  describe('Cache contract', () => {
    let cache: Cache;
    beforeEach(async () => {
      cache = await open();
    });
    afterEach(async () => {
      await cache.close();
    });

    it('stores a value given as JSON text and hands it back parsed', async () => {
      const value = { title: 'Продажи', rows: [{ n: 1.5, at: 1672531231000 }], none: null };
      await cache.setEncoded('encoded', JSON.stringify(value));
      expect(await cache.get('encoded')).toEqual(value);
      await cache.setEncoded('encoded', '2', 60);
      expect(await cache.get('encoded')).toBe(2);
    });

    it('returns undefined for a key never set', async () => {
      expect(await cache.get('missing')).toBeUndefined();
    });

    it('round-trips JSON values and hands back copies', async () => {
      const value = { title: 'Продажи', n: 1.5, ok: true, none: null, list: [1, 'two', { three: 3 }] };
      await cache.set('doc', value);
      const first = await cache.get<typeof value>('doc');
      expect(first).toEqual(value);
      first!.title = 'changed';
      expect(await cache.get('doc')).toEqual(value);
      await cache.set('scalar', 0);
      expect(await cache.get('scalar')).toBe(0);
    });

    it('hands back the stored JSON as UTF-8 bytes, as it is', async () => {
      const value = { title: 'Продажи', list: [1, 'two'] };
      await cache.set('text', value);
      expect((await cache.getBytes('text'))?.toString('utf8')).toBe(JSON.stringify(value));
      expect(await cache.getBytes('missing')).toBeUndefined();
    });

    it('stores JSON given as bytes: read back as bytes and as the parsed value', async () => {
      // A view into a larger buffer, as Buffer.from and slices give: what it shows is what is kept.
      const larger = Buffer.from('xx{"n":12.0,"t":"Продажи"}yy', 'utf8');
      const json = larger.subarray(2, larger.length - 2);
      await cache.setEncoded('bytes', json, 60);
      larger.fill(0x20);
      expect((await cache.getBytes('bytes'))?.toString('utf8')).toBe('{"n":12.0,"t":"Продажи"}');
      expect(await cache.get('bytes')).toEqual({ n: 12, t: 'Продажи' });
    });

    it('overwrites and deletes', async () => {
      await cache.set('k', 'one');
      await cache.set('k', 'two');
      expect(await cache.get('k')).toBe('two');
      await cache.delete('k');
      expect(await cache.get('k')).toBeUndefined();
      await cache.delete('never-set');
    });

    it('expires a value after its TTL and keeps one without a TTL', async () => {
      await cache.set('short', 'x', 0.2);
      await cache.set('long', 'y', 60);
      await cache.set('forever', 'z');
      expect(await cache.get('short')).toBe('x');
      await sleep(400);
      expect(await cache.get('short')).toBeUndefined();
      expect(await cache.get('long')).toBe('y');
      expect(await cache.get('forever')).toBe('z');
    });

    it('rejects a TTL that is not positive', async () => {
      await expect(cache.set('k', 1, 0)).rejects.toThrow(RangeError);
      await expect(cache.increment('k', -1)).rejects.toThrow(RangeError);
    });

    it('counts per key, and the counter reads back as a number', async () => {
      expect(await cache.increment('a', 60)).toBe(1);
      expect(await cache.increment('a', 60)).toBe(2);
      expect(await cache.increment('b', 60)).toBe(1);
      expect(await cache.increment('a', 60)).toBe(3);
      expect(await cache.get('a')).toBe(3);
    });

    it('counts atomically under concurrent increments', async () => {
      const counts = await Promise.all(Array.from({ length: 25 }, () => cache.increment('burst', 60)));
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    it('starts the counter window at the first increment; later increments do not extend it', async () => {
      expect(await cache.increment('window', 0.4)).toBe(1);
      await sleep(250);
      expect(await cache.increment('window', 0.4)).toBe(2);
      await sleep(300);
      // 0.55 s after the first increment: the window closed even though the second was 0.3 s ago.
      expect(await cache.get('window')).toBeUndefined();
      expect(await cache.increment('window', 0.4)).toBe(1);
    });

    it('refuses to increment a value that is not an integer', async () => {
      await cache.set('text', 'abc');
      await expect(cache.increment('text', 60)).rejects.toThrow();
    });
  });
}
