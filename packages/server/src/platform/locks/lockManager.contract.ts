import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LockManager } from './lockManager.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two managers that compete for the same locks, as two processes would. */
export interface LockManagerPair {
  a: LockManager;
  b: LockManager;
  close(): Promise<void>;
}

/** The behaviour every LockManager implementation must have. */
export function lockManagerContract(openPair: () => LockManagerPair | Promise<LockManagerPair>): void {
  describe('LockManager contract', () => {
    let pair: LockManagerPair;
    beforeEach(async () => {
      pair = await openPair();
    });
    afterEach(async () => {
      await pair.close();
    });

    it('gives a lock to one holder at a time', async () => {
      const lock = await pair.a.acquire('scheduler', 10_000);
      expect(lock?.name).toBe('scheduler');
      expect(await pair.b.acquire('scheduler', 10_000)).toBeNull();
      expect(await pair.a.acquire('scheduler', 10_000)).toBeNull();
      expect(await pair.b.acquire('other', 10_000)).not.toBeNull();
      expect(await lock!.release()).toBe(true);
      expect(await pair.b.acquire('scheduler', 10_000)).not.toBeNull();
    });

    it('lets exactly one of many simultaneous attempts win', async () => {
      const attempts = Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? pair.a : pair.b).acquire('race', 10_000),
      );
      const locks = await Promise.all(attempts);
      expect(locks.filter((lock) => lock !== null)).toHaveLength(1);
    });

    it('frees the lock when it expires', async () => {
      const stale = await pair.a.acquire('expiring', 200);
      expect(stale).not.toBeNull();
      await sleep(400);
      const fresh = await pair.b.acquire('expiring', 10_000);
      expect(fresh).not.toBeNull();
      // The expired holder can neither renew nor release the new holder's lock.
      expect(await stale!.renew(10_000)).toBe(false);
      expect(await stale!.release()).toBe(false);
      expect(await pair.a.acquire('expiring', 10_000)).toBeNull();
      expect(await fresh!.release()).toBe(true);
    });

    it('keeps a renewed lock past its first TTL', async () => {
      const lock = await pair.a.acquire('renewed', 300);
      expect(await lock!.renew(10_000)).toBe(true);
      await sleep(500);
      expect(await pair.b.acquire('renewed', 10_000)).toBeNull();
      expect(await lock!.release()).toBe(true);
    });

    it('releases once; a second release does nothing', async () => {
      const lock = await pair.a.acquire('once', 10_000);
      expect(await lock!.release()).toBe(true);
      const next = await pair.b.acquire('once', 10_000);
      expect(await lock!.release()).toBe(false);
      expect(await lock!.renew(10_000)).toBe(false);
      expect(await pair.a.acquire('once', 10_000)).toBeNull();
      expect(await next!.release()).toBe(true);
    });

    it('rejects a TTL that is not positive', async () => {
      await expect(pair.a.acquire('bad', 0)).rejects.toThrow(RangeError);
    });
  });
}
