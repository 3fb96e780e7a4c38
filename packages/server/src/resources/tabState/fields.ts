/**
 * Request fields of the legacy tab views. Superset's client posts them form-encoded with every value
 * JSON-encoded (`sql="\"select 1\""`); API clients may send a JSON body with plain values instead.
 */

export class FieldError extends Error {}

/** Each field of the body, decoded: form values through JSON (plain text when not JSON), JSON values as they are. */
export function decodeBody(body: unknown, contentType: string | undefined): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new FieldError('The body must hold fields');
  const form = (contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    fields[name] = form && typeof value === 'string' ? decodeFormValue(value) : value;
  }
  return fields;
}

function decodeFormValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An object field that may also arrive as JSON text (`queryEditor`, `table`). */
export function objectField(value: unknown, name: string): Record<string, unknown> {
  const decoded = typeof value === 'string' ? decodeFormValue(value) : value;
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) {
    throw new FieldError(`${name} must be a JSON object`);
  }
  return decoded as Record<string, unknown>;
}

export function optionalText(value: unknown, name: string): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  throw new FieldError(`${name} must be text or null`);
}

/** Integer ids and limits; numeric text ('5') counts, as form clients send ids as text. */
export function optionalInteger(value: unknown, name: string): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new FieldError(`${name} must be an integer or null`);
}

/** Booleans stored as 0/1 flags; 0 and 1 themselves are accepted too. */
export function optionalFlag(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === 1) return 1;
  if (value === false || value === 0 || value === null) return 0;
  throw new FieldError(`${name} must be true or false`);
}

/** Template parameters are kept as JSON text; an object is encoded. */
export function optionalJsonText(value: unknown, name: string): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  throw new FieldError(`${name} must be JSON text or an object`);
}

/** extra_json is kept as the text of a JSON object. */
export function optionalJsonObject(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '{}';
  const decoded = typeof value === 'string' ? decodeFormValue(value) : value;
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) {
    throw new FieldError(`${name} must be a JSON object`);
  }
  return JSON.stringify(decoded);
}
