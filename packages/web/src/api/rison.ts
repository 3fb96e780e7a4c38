/**
 * A rison encoder for the `q` parameter of list endpoints: objects `(k:v)`, arrays `!(a,b)`,
 * `!t`/`!f`/`!n`, bare strings when they are safe identifiers, otherwise `'quoted'` with `!` escapes.
 */
export type RisonValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | RisonValue[]
  | { [key: string]: RisonValue };

const SAFE_IDENTIFIER = /^[^-0-9 '!:(),*@$][^ '!:(),*@$]*$/;

function encodeString(value: string): string {
  if (SAFE_IDENTIFIER.test(value)) return value;
  return `'${value.replace(/[!']/g, (char) => `!${char}`)}'`;
}

export function encodeRison(value: RisonValue): string {
  if (value === null || value === undefined) return '!n';
  if (value === true) return '!t';
  if (value === false) return '!f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '!n';
    return String(value).replace('+', '');
  }
  if (typeof value === 'string') return encodeString(value);
  if (Array.isArray(value)) return `!(${value.map(encodeRison).join(',')})`;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `(${entries.map(([key, item]) => `${encodeString(key)}:${encodeRison(item)}`).join(',')})`;
}
