import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResultsStore } from './resultsStore.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every ResultsStore implementation must have. */
export function resultsStoreContract(open: () => ResultsStore | Promise<ResultsStore>): void {
  describe('ResultsStore contract', () => {
    let store: ResultsStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('round-trips every byte value unchanged', async () => {
      const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const data = Buffer.concat([everyByte, randomBytes(200_000), everyByte]);
      await store.put('binary', data, 60);
      const back = await store.get('binary');
      expect(Buffer.isBuffer(back)).toBe(true);
      expect(back!.equals(data)).toBe(true);
    });

    it('stores a string as UTF-8', async () => {
      const text = '{"data":[["Москва",1]]}';
      await store.put('text', text, 60);
      expect((await store.get('text'))!.equals(Buffer.from(text, 'utf8'))).toBe(true);
    });

    it('keeps an empty result apart from a missing one', async () => {
      await store.put('empty', Buffer.alloc(0), 60);
      expect((await store.get('empty'))?.byteLength).toBe(0);
      expect(await store.get('missing')).toBeUndefined();
    });

    it('is not affected by later changes to the caller buffer', async () => {
      const data = Buffer.from('abc');
      await store.put('k', data, 60);
      data[0] = 0x7a;
      expect((await store.get('k'))!.toString()).toBe('abc');
    });

    it('replaces and deletes', async () => {
      await store.put('k', 'one', 60);
      await store.put('k', 'two', 60);
      expect((await store.get('k'))!.toString()).toBe('two');
      await store.delete('k');
      expect(await store.get('k')).toBeUndefined();
    });

    it('expires a result after its TTL', async () => {
      await store.put('short', 'x', 0.2);
      await store.put('long', 'y', 60);
      await sleep(400);
      expect(await store.get('short')).toBeUndefined();
      expect((await store.get('long'))!.toString()).toBe('y');
    });

    it('rejects a TTL that is not positive', async () => {
      await expect(store.put('k', 'x', 0)).rejects.toThrow(RangeError);
    });
  });
}
