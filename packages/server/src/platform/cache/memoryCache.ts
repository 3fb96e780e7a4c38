import { LRUCache } from 'lru-cache';
import type { JsonValue } from '../json.ts';
import { ownedBytes } from '../ownedBytes.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import type { Cache } from './cache.ts';

/** The default bound of the in-process cache (VITRINA_CACHE_MAX_BYTES). */
export const DEFAULT_MEMORY_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** Bookkeeping per entry (key slot, timers, list links), so a flood of tiny counters is bounded too. */
const ENTRY_OVERHEAD_BYTES = 64;

export interface MemoryCacheOptions {
  /**
   * Least recently used entries are dropped when the stored entries pass this many bytes; an entry
   * larger than the whole limit is not cached.
   */
  maxBytes?: number;
}

/**
 * What a string costs in the heap: V8 keeps text of Latin-1 characters at one byte per character and
 * any other text at two. Stringifying the value was already linear, so the scan costs no more.
 */
export function stringBytes(text: string): number {
  return /[\u0100-\uffff]/.test(text) ? text.length * 2 : text.length;
}

/** JSON as stored: text, or UTF-8 bytes (a large answer given as bytes is kept as it came). */
type Stored = string | Buffer;

const sizeOf = (stored: Stored): number =>
  typeof stored === 'string' ? stringBytes(stored) : stored.byteLength;

const textOf = (stored: Stored): string => (typeof stored === 'string' ? stored : stored.toString('utf8'));

/** The one-process cache, bounded in bytes (a chart's 100,000 rows are megabytes; a counter is not). */
export class MemoryCache implements Cache {
  // Values are kept as JSON: every get is a fresh copy with exactly the shape Redis would return,
  // and the JSON's length is the entry's size without walking the value again.
  readonly #entries: LRUCache<string, Stored>;

  constructor(options: MemoryCacheOptions = {}) {
    const maxBytes = options.maxBytes ?? DEFAULT_MEMORY_CACHE_MAX_BYTES;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
      throw new RangeError('maxBytes must be a positive integer');
    this.#entries = new LRUCache<string, Stored>({
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      sizeCalculation: (stored, key) => sizeOf(stored) + stringBytes(key) + ENTRY_OVERHEAD_BYTES,
    });
  }

  /** The bytes the entries take by the cache's estimate; never more than maxBytes. */
  get storedBytes(): number {
    return this.#entries.calculatedSize;
  }

  async get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined> {
    const stored = this.#entries.get(key);
    return stored === undefined ? undefined : (JSON.parse(textOf(stored)) as T);
  }

  async getBytes(key: string): Promise<Buffer | undefined> {
    const stored = this.#entries.get(key);
    if (stored === undefined) return undefined;
    return typeof stored === 'string' ? Buffer.from(stored, 'utf8') : stored;
  }

  async set(key: string, value: JsonValue, ttlSeconds?: number): Promise<void> {
    await this.setEncoded(key, JSON.stringify(value), ttlSeconds);
  }

  async setEncoded(key: string, json: string | Buffer, ttlSeconds?: number): Promise<void> {
    const ttl = ttlSeconds === undefined ? 0 : ttlSecondsToMs(ttlSeconds);
    // Bytes that share a pool's slab would keep the whole slab: those are copied to their own memory.
    const stored = typeof json === 'string' || ownsItsMemory(json) ? json : ownedBytes(json);
    // Too large for the limit: lru-cache stores nothing and drops the key's older value with it.
    this.#entries.set(key, stored, { ttl });
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const ttl = ttlSecondsToMs(ttlSeconds);
    const stored = this.#entries.get(key);
    const current = stored === undefined ? 0 : JSON.parse(textOf(stored));
    if (!Number.isInteger(current)) throw new TypeError(`cache key "${key}" does not hold an integer`);
    const next = current + 1;
    // Keep the window of an existing counter; a key that had no TTL gets one, as in Redis.
    const hasTtl = stored !== undefined && Number.isFinite(this.#entries.getRemainingTTL(key));
    this.#entries.set(key, String(next), { ttl, noUpdateTTL: hasTtl });
    return next;
  }

  async close(): Promise<void> {
    this.#entries.clear();
  }
}

/** Whether the buffer is the whole of its memory (not a view into a larger one). */
function ownsItsMemory(bytes: Buffer): boolean {
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength;
}
