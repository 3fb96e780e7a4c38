/** The spec's default LRU capacity (B §9). */
export const DEFAULT_LRU_CAPACITY = 100;

/** Thrown for a capacity below 1 (B §5: the LRU cache capacity must be at least 1). */
export class LruCapacityError extends Error {
  constructor(readonly capacity: number) {
    super(`The LRU cache capacity must be at least 1, got ${capacity}`);
    this.name = 'LruCapacityError';
  }
}

/** Checks a capacity: a whole number of at least 1. */
export function assertLruCapacity(capacity: number): void {
  if (!Number.isInteger(capacity) || capacity < 1) throw new LruCapacityError(capacity);
}

/**
 * A least-recently-used cache: reading or writing a key makes it the newest; past the capacity the
 * oldest entry is dropped. A Map keeps insertion order, so its first key is always the oldest.
 */
export class LruCache<V> {
  readonly capacity: number;
  private readonly entries = new Map<string, V>();

  constructor(capacity: number = DEFAULT_LRU_CAPACITY) {
    assertLruCapacity(capacity);
    this.capacity = capacity;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** The cached value, or the one `make` builds (then cached). */
  getOrSet(key: string, make: () => V): V {
    if (this.entries.has(key)) return this.get(key) as V;
    const value = make();
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
