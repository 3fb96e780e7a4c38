/** Helpers for reading the JSON syntax trees the parsers return. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asArray = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

export const asObject = (value: Json | undefined): JsonObject | null => (isObject(value) ? value : null);

export const asString = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

/**
 * The key of a one-key object and its value as an object (`{}` when it is none): how libpg-query names a
 * node's type and serde (sqlparser-rs) an enum's variant. Anything but an object is `['', {}]`.
 */
export const oneKeyEntry = (wrapped: Json): [string, JsonObject] => {
  const [key, value] = isObject(wrapped) ? (Object.entries(wrapped)[0] ?? ['', null]) : ['', null];
  return [key, asObject(value) ?? {}];
};

/** Whether a clause is present: not missing, null, empty or an empty list. */
export const present = (value: Json | undefined): boolean =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * What a walk over a parser's JSON tree does at each object. `object` sees every object first and
 * answers true when it took care of the object's children itself; otherwise each key is offered to
 * `entry` (the key names the node in trees of one-key objects), which answers true when it took care
 * of that value, and every value not taken care of is walked in turn.
 */
export interface JsonVisitor<S> {
  object?(node: JsonObject, scope: S): boolean;
  entry?(key: string, value: Json, scope: S): boolean;
}

/** Walks every object of a tree depth-first, in document order, carrying a scope down. */
export function walkJson<S>(node: Json, scope: S, visitor: JsonVisitor<S>): void {
  if (Array.isArray(node)) {
    for (const item of node) walkJson(item, scope, visitor);
    return;
  }
  if (!isObject(node) || visitor.object?.(node, scope)) return;
  for (const [key, value] of Object.entries(node)) {
    if (!visitor.entry?.(key, value, scope)) walkJson(value, scope, visitor);
  }
}

/** Whether any key of any object in the tree, with its value, meets the test. */
export function someEntry(node: Json, test: (key: string, value: Json) => boolean): boolean {
  let found = false;
  walkJson(node, null, {
    object: () => found,
    entry: (key, value) => {
      found ||= test(key, value);
      return found;
    },
  });
  return found;
}

/** The tree without the listed keys (source positions), so two parses of the same text compare equal. */
export function withoutKeys(value: Json, keys: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  if (!isObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (!keys.has(key)) result[key] = withoutKeys(item, keys);
  return result;
}
