import type { ConnectionSpec } from './driver.ts';

/**
 * The options a driver takes from a database's URI query (`?sslmode=require`) and from
 * `extra.engine_params.connect_args`. Each driver declares the keys it accepts and their types; the
 * databases API refuses anything else, and the driver reads only declared keys through the readers
 * below, so an option that widens file or network access can never reach a client library.
 */

/** A value's type; a list names the only values allowed (compared ignoring case). */
export type OptionType = 'string' | 'boolean' | 'number' | readonly string[];

export type OptionTypes = Readonly<Record<string, OptionType>>;

/** A connect_args value, or the URI query text of the same key, as the declared type; else undefined. */
function rawOption(spec: ConnectionSpec, key: string): unknown {
  return spec.connectArgs?.[key] ?? spec.query[key];
}

/** `true`/`false` from connect_args, or the text `true`/`false` from the URI query. */
export function booleanOption(spec: ConnectionSpec, key: string): boolean | undefined {
  const value = rawOption(spec, key);
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** A finite number from connect_args, or numeric text from the URI query. */
export function numberOption(spec: ConnectionSpec, key: string): number | undefined {
  const value = rawOption(spec, key);
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : undefined;
}

/** A string from connect_args or the URI query. */
export function stringOption(spec: ConnectionSpec, key: string): string | undefined {
  const value = rawOption(spec, key);
  return typeof value === 'string' ? value : undefined;
}

/** One of a list's values, lower-cased (lists are compared ignoring case). */
export function choiceOption(spec: ConnectionSpec, key: string): string | undefined {
  return stringOption(spec, key)?.toLowerCase();
}

/** The problem with one value for a declared type, or null when it fits. */
export function optionTypeProblem(type: OptionType, value: unknown, fromText: boolean): string | null {
  if (Array.isArray(type)) {
    const allowed = type as readonly string[];
    return typeof value === 'string' && allowed.includes(value.toLowerCase())
      ? null
      : `must be one of ${allowed.join(', ')}`;
  }
  switch (type) {
    case 'string':
      return typeof value === 'string' ? null : 'must be a string';
    case 'boolean':
      if (typeof value === 'boolean' || (fromText && (value === 'true' || value === 'false'))) return null;
      return 'must be true or false';
    case 'number': {
      const text = fromText && typeof value === 'string' && value.trim() !== '';
      const number = typeof value === 'number' ? value : text ? Number(value) : Number.NaN;
      return Number.isFinite(number) ? null : 'must be a number';
    }
    default:
      return 'has an unknown type';
  }
}
