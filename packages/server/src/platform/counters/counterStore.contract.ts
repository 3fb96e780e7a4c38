import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterStore } from './counterStore.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two stores over the same counters, as two servers would have. */
export interface CounterStorePair {
  a: CounterStore;
  b: CounterStore;
  close(): Promise<void>;
}

/** The behaviour every CounterStore implementation must have. */
export function counterStoreContract(openPair: () => CounterStorePair | Promise<CounterStorePair>): void {
  describe('CounterStore contract', () => {
    let pair: CounterStorePair;
    let key: string;
    beforeEach(async () => {
      pair = await openPair();
      key = `counter-${randomUUID()}`;
    });
    afterEach(async () => {
      await pair.close();
    });

    it('counts from one, shared by both stores', async () => {
      expect(await pair.a.get(key)).toBe(0);
      expect(await pair.a.increment(key, 60)).toBe(1);
      expect(await pair.b.increment(key, 60)).toBe(2);
      expect(await pair.a.get(key)).toBe(2);
      expect(await pair.b.get(key)).toBe(2);
    });

    it('gives each of many concurrent increments its own count', async () => {
      const counts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? pair.a : pair.b).increment(key, 60)),
      );
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it('starts over when the window is over, and later increments do not extend it', async () => {
      await pair.a.increment(key, 0.3);
      await sleep(150);
      expect(await pair.b.increment(key, 0.3)).toBe(2);
      await sleep(250);
      expect(await pair.a.get(key)).toBe(0);
      expect(await pair.b.increment(key, 60)).toBe(1);
    });

    it('takes one back, never below zero, and a taken-back key is not created', async () => {
      await pair.a.increment(key, 60);
      await pair.a.increment(key, 60);
      await pair.b.decrement(key);
      expect(await pair.a.get(key)).toBe(1);
      await pair.b.decrement(key);
      await pair.b.decrement(key);
      expect(await pair.a.get(key)).toBe(0);
      const other = `${key}-never`;
      await pair.a.decrement(other);
      expect(await pair.b.get(other)).toBe(0);
      expect(await pair.b.increment(other, 60)).toBe(1);
    });

    it('forgets a count on reset', async () => {
      await pair.a.increment(key, 60);
      await pair.a.increment(key, 60);
      await pair.b.reset(key);
      expect(await pair.a.get(key)).toBe(0);
      expect(await pair.a.increment(key, 60)).toBe(1);
    });

    it('rejects a window that is not positive', async () => {
      await expect(pair.a.increment(key, 0)).rejects.toThrow(RangeError);
    });
  });
}
