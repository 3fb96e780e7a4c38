import { ttlSecondsToMs } from '../ttl.ts';
import type { CounterStore } from './counterStore.ts';

interface Counter {
  count: number;
  expiresAt: number;
}

/** Past this many keys, expired ones are swept on the next increment, so rotating keys cannot grow the map forever. */
const SWEEP_ABOVE = 10_000;

/** Counters of one process (the one-machine default). JavaScript runs one callback at a time, so every step is atomic. */
export class MemoryCounterStore implements CounterStore {
  readonly #counters = new Map<string, Counter>();

  async increment(key: string, windowSeconds: number): Promise<number> {
    const windowMs = ttlSecondsToMs(windowSeconds);
    const now = Date.now();
    if (this.#counters.size > SWEEP_ABOVE) this.#sweep(now);
    const current = this.#live(key, now);
    const next = current
      ? { count: current.count + 1, expiresAt: current.expiresAt }
      : { count: 1, expiresAt: now + windowMs };
    this.#counters.set(key, next);
    return next.count;
  }

  async decrement(key: string): Promise<void> {
    const current = this.#live(key, Date.now());
    if (!current) return;
    if (current.count <= 1) this.#counters.delete(key);
    else this.#counters.set(key, { ...current, count: current.count - 1 });
  }

  async get(key: string): Promise<number> {
    return this.#live(key, Date.now())?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    this.#counters.delete(key);
  }

  async close(): Promise<void> {
    this.#counters.clear();
  }

  #live(key: string, now: number): Counter | undefined {
    const counter = this.#counters.get(key);
    if (counter && counter.expiresAt <= now) {
      this.#counters.delete(key);
      return undefined;
    }
    return counter;
  }

  #sweep(now: number): void {
    for (const [key, counter] of this.#counters) if (counter.expiresAt <= now) this.#counters.delete(key);
  }
}
