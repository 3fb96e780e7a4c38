import type { JsonValue } from '../json.ts';

/**
 * A shared key-value cache for JSON values (chart data, metadata lookups, rate-limit counters).
 * A missing and an expired key look the same: undefined.
 */
export interface Cache {
  /** The value under key; T is the caller's claim about its shape, not a runtime check. */
  get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined>;
  /**
   * The JSON stored under key as UTF-8 bytes, not parsed: a reader that sends the value on as it is (a
   * cached chart data answer) skips decoding it and encoding it again. The bytes may be the stored
   * ones themselves: read them, never write into them.
   */
  getBytes(key: string): Promise<Buffer | undefined>;
  /** Stores value; without ttlSeconds it stays until evicted or deleted. */
  set(key: string, value: JsonValue, ttlSeconds?: number): Promise<void>;
  /**
   * As set, for a value the caller already holds as JSON (`JSON.stringify` of a JsonValue, as text or
   * UTF-8 bytes), so a large value is not encoded twice; get gives back the parsed value.
   */
  setEncoded(key: string, json: string | Buffer, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Adds 1 and returns the new count. The TTL starts at the first increment and later increments do
   * not extend it, so "at most N per window" counters (login attempts) reset on their own.
   */
  increment(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}
