import type { JsonValue } from '../../platform/json.ts';

/** Any value as JSON: undefined and non-finite numbers → null, bigints → text, Dates → epoch ms. */
export function toJson(value: unknown): JsonValue {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object' && value !== null) {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJson(v);
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value as JsonValue;
}

/** Whether toJson would give back an equal value: then the value itself can be used. */
function isJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(isJson);
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      for (const key in value) if (!isJson((value as Record<string, unknown>)[key])) return false;
      return true;
    default:
      return false;
  }
}

/**
 * Records as JSON, as `toJson(records)` gives them, without copying the records that already are
 * (nearly all: drivers hand out JSON-friendly values): a 10,000-row answer is no longer built twice.
 */
export function jsonRecords(records: readonly Record<string, unknown>[]): JsonValue[] {
  const out: JsonValue[] = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as Record<string, unknown>;
    out[i] = isJson(record) ? (record as { [key: string]: JsonValue }) : toJson(record);
  }
  return out;
}
