/** Helpers for reading the JSON syntax trees the parsers return. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asArray = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

export const asObject = (value: Json | undefined): JsonObject | null => (isObject(value) ? value : null);

export const asString = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

/** Whether a clause is present: not missing, null, empty or an empty list. */
export const present = (value: Json | undefined): boolean =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The tree without the listed keys (source positions), so two parses of the same text compare equal. */
export function withoutKeys(value: Json, keys: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  if (!isObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (!keys.has(key)) result[key] = withoutKeys(item, keys);
  return result;
}
