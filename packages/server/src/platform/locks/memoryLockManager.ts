import { randomUUID } from 'node:crypto';
import { ttlMs as checkTtlMs } from '../ttl.ts';
import type { Lock, LockManager } from './lockManager.ts';

interface Holder {
  token: string;
  expiresAt: number;
}

/** Locks within one process (the one-machine default, where there is only one scheduler to elect). */
export class MemoryLockManager implements LockManager {
  readonly #holders = new Map<string, Holder>();

  async acquire(name: string, ttlMs: number): Promise<Lock | null> {
    const ttl = checkTtlMs(ttlMs);
    if (this.#holderToken(name) !== undefined) return null;
    // Each acquisition gets its own token, so a stale Lock object can never touch a newer holder's lock.
    const token = randomUUID();
    this.#holders.set(name, { token, expiresAt: Date.now() + ttl });
    return {
      name,
      renew: async (renewMs) => {
        const renewed = checkTtlMs(renewMs);
        if (this.#holderToken(name) !== token) return false;
        this.#holders.set(name, { token, expiresAt: Date.now() + renewed });
        return true;
      },
      release: async () => {
        if (this.#holderToken(name) !== token) return false;
        this.#holders.delete(name);
        return true;
      },
    };
  }

  async close(): Promise<void> {
    this.#holders.clear();
  }

  #holderToken(name: string): string | undefined {
    const holder = this.#holders.get(name);
    if (holder && holder.expiresAt <= Date.now()) {
      this.#holders.delete(name);
      return undefined;
    }
    return holder?.token;
  }
}
