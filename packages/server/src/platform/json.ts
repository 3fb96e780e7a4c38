/**
 * A value that survives JSON.stringify → JSON.parse unchanged: what the platform stores, queues and
 * publishes, so the in-process and Redis implementations give back the same shape.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A copy made through JSON, as Redis would hand it back: callers never share objects with the store. */
export function jsonCopy<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
