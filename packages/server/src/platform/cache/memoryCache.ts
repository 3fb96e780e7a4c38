import { LRUCache } from 'lru-cache';
import type { JsonValue } from '../json.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import type { Cache } from './cache.ts';

export interface MemoryCacheOptions {
  /** Least recently used entries are dropped beyond this count. */
  maxEntries?: number;
}

/** The one-process cache. */
export class MemoryCache implements Cache {
  // Values are kept as JSON text: every hit is a fresh copy with exactly the shape Redis would return.
  readonly #entries: LRUCache<string, string>;

  constructor(options: MemoryCacheOptions = {}) {
    this.#entries = new LRUCache<string, string>({ max: options.maxEntries ?? 10_000 });
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined> {
    const text = this.#entries.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async set(key: string, value: JsonValue, ttlSeconds?: number): Promise<void> {
    const ttl = ttlSeconds === undefined ? 0 : ttlSecondsToMs(ttlSeconds);
    this.#entries.set(key, JSON.stringify(value), { ttl });
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const ttl = ttlSecondsToMs(ttlSeconds);
    const text = this.#entries.get(key);
    const current = text === undefined ? 0 : JSON.parse(text);
    if (!Number.isInteger(current)) throw new TypeError(`cache key "${key}" does not hold an integer`);
    const next = current + 1;
    // Keep the window of an existing counter; a key that had no TTL gets one, as in Redis.
    const hasTtl = text !== undefined && Number.isFinite(this.#entries.getRemainingTTL(key));
    this.#entries.set(key, String(next), { ttl, noUpdateTTL: hasTtl });
    return next;
  }

  async close(): Promise<void> {
    this.#entries.clear();
  }
}
