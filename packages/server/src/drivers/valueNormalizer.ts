/**
 * Turns driver values into the JSON-friendly forms of driver.ts, the same for every engine:
 * - integers: numbers while exact (|n| ≤ 2^53 − 1), otherwise decimal strings; decimals: numbers, as
 *   Superset's float() of a Decimal, except whole values past 2^53 (a SUM of BIGINT), which stay exact text;
 * - timestamps without a time zone: `YYYY-MM-DDTHH:MM:SS[.ffffff]` (fraction only when non-zero,
 *   trailing zeros dropped); with a time zone: the same in UTC with a `Z`;
 * - dates: `YYYY-MM-DD`; times: `HH:MM:SS[.ffffff]`; booleans: booleans; binary: base64;
 * - NaN and ±Infinity: null (JSON has no such numbers); JSON values: their text;
 * - arrays and structs: arrays and objects of normalized values.
 */

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

export function normalizeBigInt(value: bigint): number | string {
  return value <= MAX_SAFE && value >= MIN_SAFE ? Number(value) : value.toString();
}

/**
 * Integer text known to be `[-+]?\d+` as normalizeBigInt(BigInt(text)) gives it: up to 15 digits
 * (always below 2^53) without a BigInt, `+ 0` turning `-0` into 0 as BigInt does.
 */
function integerDigitsValue(digits: string): number | string {
  const unsigned =
    digits.charCodeAt(0) > 0x39 || digits.charCodeAt(0) < 0x30 ? digits.length - 1 : digits.length;
  return unsigned <= 15 ? Number(digits) + 0 : normalizeBigInt(BigInt(digits));
}

/** An integer as text (pg int8, ClickHouse UInt64…): a number when exact, else the text. */
export function normalizeIntegerText(text: string): number | string {
  const trimmed = text.trim();
  if (!/^[-+]?\d+$/.test(trimmed)) return text;
  return integerDigitsValue(trimmed);
}

/**
 * A DECIMAL as the engine prints it (`290235938.06`): a JSON number, as Superset answers decimals, so
 * clients can add them up. A whole value beyond 2^53 keeps its exact text, as big integers do; text
 * that is not a finite number (`NaN`) is returned as it is.
 */
export function normalizeDecimalText(text: string): number | string {
  const trimmed = text.trim();
  const whole = /^([-+]?\d+)(?:\.0*)?$/.exec(trimmed);
  if (whole?.[1]) return integerDigitsValue(whole[1]);
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : text;
}

export function normalizeNumber(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** A float as text (pg float8 'NaN', 'Infinity'): a number, or null when not finite. */
export function normalizeFloatText(text: string): number | null {
  return normalizeNumber(Number(text));
}

function trimFraction(fraction: string | undefined): string {
  if (!fraction) return '';
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed === '' ? '' : `.${trimmed}`;
}

const TIMESTAMP_TEXT =
  /^(-?\d{4,}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(?:\s*(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?))?$/;

/**
 * A timestamp as an engine prints it (`2024-03-13 10:37:42.123456`, with or without a zone offset)
 * in the shared ISO form. Text that is not a timestamp (`infinity`) is returned as it is.
 */
export function normalizeTimestampText(text: string): string {
  const match = TIMESTAMP_TEXT.exec(text.trim());
  if (!match) return text;
  const [, date, time, fraction, zone] = match;
  const clock = time && time.length === 5 ? `${time}:00` : (time ?? '00:00:00');
  if (!zone) return `${date}T${clock}${trimFraction(fraction)}`;
  return toUtc(`${date}T${clock}`, zone, fraction);
}

function toUtc(local: string, zone: string, fraction: string | undefined): string {
  if (zone === 'Z') return `${local}${trimFraction(fraction)}Z`;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(/:/g, '');
  const offsetSeconds =
    sign *
    (Number(digits.slice(0, 2)) * 3600 +
      Number(digits.slice(2, 4) || '0') * 60 +
      Number(digits.slice(4, 6) || '0'));
  const parsed = Date.parse(`${local}Z`);
  if (Number.isNaN(parsed)) return `${local}${trimFraction(fraction)}${zone}`;
  const utc = new Date(parsed - offsetSeconds * 1000).toISOString().slice(0, 19);
  return `${utc}${trimFraction(fraction)}Z`;
}

/** A JS Date that stands for an instant: ISO in UTC with `Z`, milliseconds only when non-zero. */
export function normalizeInstant(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  return normalizeTimestampText(date.toISOString());
}

/** A JS Date whose UTC fields hold a wall-clock time without zone (as some drivers build them). */
export function normalizeWallClock(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  return normalizeTimestampText(date.toISOString().replace('Z', ''));
}

/** A date as text (`2024-03-13` or a timestamp at midnight): `YYYY-MM-DD`. */
export function normalizeDateText(text: string): string {
  const match = /^(-?\d{4,}-\d{2}-\d{2})/.exec(text.trim());
  return match?.[1] ?? text;
}

export function normalizeTimeText(text: string): string {
  const match = /^(\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(text.trim());
  if (!match) return text;
  return `${match[1]}${trimFraction(match[2])}${match[3] ?? ''}`;
}

export function pad(value: number | bigint, width: number): string {
  const text = (value < 0 ? -value : value).toString().padStart(width, '0');
  return value < 0 ? `-${text}` : text;
}

/** Days since 1970-01-01 as `YYYY-MM-DD`. */
export function dateFromEpochDays(days: number): string {
  const date = new Date(days * 86_400_000);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** Microseconds since the epoch as an ISO timestamp (UTC wall clock), keeping microseconds. */
export function timestampFromEpochMicros(micros: bigint, zoned: boolean): string {
  const millis = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const subMillis = Number(((micros % 1000n) + 1000n) % 1000n);
  const date = new Date(Number(millis));
  if (Number.isNaN(date.getTime())) return micros.toString();
  const base = date.toISOString().slice(0, 19);
  const fraction = `${pad(date.getUTCMilliseconds(), 3)}${pad(subMillis, 3)}`;
  return `${base}${trimFraction(fraction)}${zoned ? 'Z' : ''}`;
}

/** Microseconds since midnight as `HH:MM:SS[.ffffff]`. */
export function timeFromMicros(micros: bigint): string {
  const total = micros < 0n ? 0n : micros;
  const seconds = total / 1_000_000n;
  const fraction = pad(total % 1_000_000n, 6);
  return `${pad(seconds / 3600n, 2)}:${pad((seconds / 60n) % 60n, 2)}:${pad(seconds % 60n, 2)}${trimFraction(fraction)}`;
}

export function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * Any plain JS value a driver produced, when nothing more specific is known about its column:
 * bigint, Date (an instant), Buffer, arrays and objects are normalized recursively.
 */
export function normalizeValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return normalizeNumber(value);
    case 'bigint':
      return normalizeBigInt(value);
    case 'string':
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      return String(value);
  }
  if (value instanceof Date) return normalizeInstant(value);
  if (value instanceof Uint8Array) return bytesToBase64(value);
  if (Array.isArray(value)) return value.map(normalizeValue);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>))
    out[key] = normalizeValue(inner);
  return out;
}
