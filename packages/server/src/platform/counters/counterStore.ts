/**
 * Shared counters over a fixed window, for limits that must hold across servers (failed sign-ins per
 * account and per address). Separate from the cache on purpose: a cache may evict an entry to make
 * room, and an evicted counter is a limit that no longer applies.
 */
export interface CounterStore {
  /**
   * Adds 1 and answers the new count, atomically: of N concurrent callers each gets a different count,
   * so "increment, then compare with the limit" lets exactly `limit` of them through. The window starts
   * at the first increment; later ones do not extend it, so the count resets on its own.
   */
  increment(key: string, windowSeconds: number): Promise<number>;
  /** Takes one back (a success that should not use up the budget); never below zero. */
  decrement(key: string): Promise<void>;
  /** The current count; 0 for a key never counted or whose window is over. */
  get(key: string): Promise<number>;
  /** Forgets the count (an administrator unlocks an account). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
