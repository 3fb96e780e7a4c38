import { LRUCache } from 'lru-cache';
import { ownedBytes } from '../ownedBytes.ts';
import { ttlSecondsToMs } from '../ttl.ts';
import { type ResultsStore, ResultTooLargeError } from './resultsStore.ts';

export interface MemoryResultsStoreOptions {
  /** Total bytes kept; the least recently used results are dropped to stay under it. */
  maxBytes?: number;
}

export const DEFAULT_MEMORY_RESULTS_BYTES = 256 * 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * What an entry takes: its bytes, its key, and what it holds beyond them (the Buffer and its backing
 * store, the LRU's slots), so that many small results are bounded by what they really take.
 */
function entrySize(data: Buffer, key: string): number {
  return data.byteLength + key.length + ENTRY_OVERHEAD_BYTES;
}

/** The one-process results store, bounded in total size so big query results cannot exhaust memory. */
export class MemoryResultsStore implements ResultsStore {
  readonly #maxBytes: number;
  readonly #results: LRUCache<string, Buffer>;

  constructor(options: MemoryResultsStoreOptions = {}) {
    this.#maxBytes = options.maxBytes ?? DEFAULT_MEMORY_RESULTS_BYTES;
    this.#results = new LRUCache<string, Buffer>({
      maxSize: this.#maxBytes,
      sizeCalculation: entrySize,
    });
  }

  async put(key: string, data: Buffer | string, ttlSeconds: number): Promise<void> {
    const ttl = ttlSecondsToMs(ttlSeconds);
    // A copy: the caller may reuse its buffer, and Redis would not see such changes either. Its own
    // memory, so what the LRU counts is what it holds (ownedBytes.ts).
    const bytes = ownedBytes(data);
    // lru-cache would silently skip an oversized entry; a lost result must be an error instead.
    if (entrySize(bytes, key) > this.#maxBytes)
      throw new ResultTooLargeError(bytes.byteLength, this.#maxBytes);
    this.#results.set(key, bytes, { ttl });
  }

  async get(key: string): Promise<Buffer | undefined> {
    const bytes = this.#results.get(key);
    return bytes === undefined ? undefined : Buffer.from(bytes);
  }

  async delete(key: string): Promise<void> {
    this.#results.delete(key);
  }

  async close(): Promise<void> {
    this.#results.clear();
  }
}
