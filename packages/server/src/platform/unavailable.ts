/**
 * A shared store that cannot be reached: Redis, or the metadata store's PostgreSQL. Requests that need
 * it answer 503 (http/errorHandler.ts) instead of hanging or a bare 500, and the store's clients
 * reconnect by themselves, so the next request after it is back succeeds.
 */
export type SharedStore = 'redis' | 'metastore';

const UNAVAILABLE = Symbol('vitrina.unavailableStore');

export class StoreUnavailableError extends Error {
  constructor(
    readonly store: SharedStore,
    cause?: unknown,
  ) {
    super(`${store} is unavailable`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

// ioredis: commands given up after the connection's retries, on a closed connection, or refused
// while offline. Only the Redis client throws these names and messages.
const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_MESSAGES = [/^Connection is closed\.?$/, /enableOfflineQueue options is false/];

/** Marks an error as saying `store` is unreachable (the store's client knows; the error's text may not). */
export function markUnavailable(error: unknown, store: SharedStore): void {
  if (error instanceof Error && Object.isExtensible(error)) {
    Object.defineProperty(error, UNAVAILABLE, { value: store, enumerable: false });
  }
}

/** Which shared store an error says is unreachable, or null when it is some other failure. */
export function unavailableStoreOf(error: unknown): SharedStore | null {
  if (error instanceof StoreUnavailableError) return error.store;
  if (!(error instanceof Error)) return null;
  const marked = (error as { [UNAVAILABLE]?: SharedStore })[UNAVAILABLE];
  if (marked) return marked;
  if (REDIS_ERROR_NAMES.has(error.name) || REDIS_MESSAGES.some((pattern) => pattern.test(error.message))) {
    return 'redis';
  }
  return null;
}
