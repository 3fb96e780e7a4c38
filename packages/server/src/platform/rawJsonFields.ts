import type { JsonValue } from './json.ts';

/**
 * Fields whose value arrives as JSON already written, as UTF-8 bytes (an engine's records, a large
 * answer's `data`): encoded here the bytes are spliced in as they are — never decoded to a string —
 * and they are parsed only when something reads the field. Everything else sees an ordinary
 * enumerable field (JSON.stringify and spreads read it).
 */

/** Per object, its raw fields' bytes. */
const rawFields = new WeakMap<object, Map<string, Buffer>>();

/** Sets `key` to the value of the JSON in `bytes`, parsed on first read; an existing key keeps its place. */
export function setRawJsonField(target: object, key: string, bytes: Buffer): void {
  let parsed: { value: JsonValue } | null = null;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      parsed ??= { value: JSON.parse(bytes.toString('utf8')) as JsonValue };
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
  fields.set(key, bytes);
}

/** A shallow copy of `source` (as `{ ...source }`) whose raw fields stay raw, unread. */
export function copyWithRawFields<T extends object>(source: T): T {
  const fields = rawFields.get(source);
  if (!fields) return { ...source };
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(source)) as T;
  for (const [key, bytes] of fields) setRawJsonField(copy, key, bytes);
  return copy;
}

/** `{ [name]: source[name] ?? null, … }` for `names` in order, raw fields staying raw, unread. */
export function pickWithRawFields(source: object, names: readonly string[]): Record<string, unknown> {
  const fields = rawFields.get(source);
  const pick: Record<string, unknown> = {};
  for (const name of names) {
    const raw = fields?.get(name);
    if (raw) setRawJsonField(pick, name, raw);
    else pick[name] = (source as Record<string, unknown>)[name] ?? null;
  }
  return pick;
}

/**
 * `JSON.stringify(value)` of a plain object as UTF-8 bytes, its raw fields' bytes spliced in rather
 * than parsed: the text around them is encoded, the raw bytes are copied once into the answer.
 */
export function encodeWithRawFields(value: object): Buffer {
  const fields = rawFields.get(value);
  if (!fields || fields.size === 0) return Buffer.from(JSON.stringify(value), 'utf8');
  const pieces: Buffer[] = [];
  let text = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const raw = fields.get(key);
    const piece = raw ? '' : JSON.stringify((value as Record<string, unknown>)[key]);
    // As JSON.stringify: a field whose value has no JSON (undefined, a function) is left out.
    if (piece === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${piece}`;
    first = false;
    if (raw) {
      pieces.push(Buffer.from(text, 'utf8'), raw);
      text = '';
    }
  }
  pieces.push(Buffer.from(`${text}}`, 'utf8'));
  return Buffer.concat(pieces);
}
