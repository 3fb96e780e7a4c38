/**
 * Where SQL Lab keeps query results between the worker that ran the query and the server that
 * returns them: opaque bytes under a key, for a limited time.
 */
export interface ResultsStore {
  /** Stores data (a string is stored as UTF-8) for ttlSeconds, replacing any earlier value. */
  put(key: string, data: Buffer | string, ttlSeconds: number): Promise<void>;
  /** The bytes stored under key, or undefined when missing, expired or evicted. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Raised by put when one result is bigger than the store can ever hold. */
export class ResultTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`a result of ${bytes} bytes exceeds the results store limit of ${maxBytes} bytes`);
    this.name = 'ResultTooLargeError';
  }
}
