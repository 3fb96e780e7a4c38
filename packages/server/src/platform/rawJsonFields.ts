import type { JsonValue } from './json.ts';

/**
 * Fields whose value arrives as JSON text already written (an engine's records, a large answer's
 * `data`): encoded here the text is spliced in as it is, and it is parsed only when something reads
 * the field. Everything else sees an ordinary enumerable field (JSON.stringify and spreads read it).
 */

/** Per object, its raw fields' texts. */
const rawFields = new WeakMap<object, Map<string, string>>();

/** Sets `key` to the value of the JSON text `text`, parsed on first read; an existing key keeps its place. */
export function setRawJsonField(target: object, key: string, text: string): void {
  let parsed: { value: JsonValue } | null = null;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      parsed ??= { value: JSON.parse(text) as JsonValue };
      return parsed.value;
    },
    // Assigned over, the field is an ordinary value again.
    set: (value: unknown) => {
      rawFields.get(target)?.delete(key);
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
    },
  });
  let fields = rawFields.get(target);
  if (!fields) {
    fields = new Map();
    rawFields.set(target, fields);
  }
  fields.set(key, text);
}

/** A shallow copy of `source` (as `{ ...source }`) whose raw fields stay raw, unread. */
export function copyWithRawFields<T extends object>(source: T): T {
  const fields = rawFields.get(source);
  if (!fields) return { ...source };
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(source)) as T;
  for (const [key, text] of fields) setRawJsonField(copy, key, text);
  return copy;
}

/** `JSON.stringify(value)` of a plain object, its raw fields' texts spliced in rather than parsed. */
export function stringifyWithRawFields(value: object): string {
  const fields = rawFields.get(value);
  if (!fields || fields.size === 0) return JSON.stringify(value);
  let text = '';
  for (const key of Object.keys(value)) {
    const piece = fields.get(key) ?? JSON.stringify((value as Record<string, unknown>)[key]);
    // As JSON.stringify: a field whose value has no JSON (undefined, a function) is left out.
    if (piece === undefined) continue;
    text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${piece}`;
  }
  return `{${text}}`;
}
