import { PASSWORD_MASK } from '@vitrina/common/sql/uri';

/**
 * Secrets in a URI's query string (`?password=…`, `?private_key=…`, `?access_token=…`), masked the way
 * the password before the host is: shown as the mask, and a mask sent back keeps the stored value.
 * Decided by the key's name, since no engine list can know every driver's spelling.
 */

/** Parts of a key's name (lower case, letters and digits only) that mark its value as a secret. */
const SECRET_KEY_PARTS = [
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'token',
  'privatekey',
  'apikey',
  'accesskey',
  'credential',
  'authorization',
  'jwt',
  'signature',
];

export function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_KEY_PARTS.some((part) => normalized.includes(part));
}

interface QueryPair {
  raw: string;
  key: string;
  value: string;
}

/** The URI split at its query string (after the host, so a `?` in a path-less URI's host part is not it). */
function splitQuery(uri: string): { head: string; pairs: QueryPair[] } | null {
  const scheme = /^[A-Za-z][\w+.-]*:\/\//.exec(uri);
  const authorityStart = scheme ? scheme[0].length : 0;
  const question = uri.indexOf('?', authorityStart);
  if (question < 0) return null;
  const pairs = uri
    .slice(question + 1)
    .split('&')
    .map((raw) => {
      const equals = raw.indexOf('=');
      const [key, value] = equals >= 0 ? [raw.slice(0, equals), raw.slice(equals + 1)] : [raw, ''];
      return { raw, key: decode(key), value: decode(value) };
    });
  return { head: uri.slice(0, question), pairs };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function join(head: string, pairs: string[]): string {
  return `${head}?${pairs.join('&')}`;
}

/** The URI with the value of every secret query parameter replaced by the mask; the rest as written. */
export function maskQuerySecrets(uri: string, mask = PASSWORD_MASK): string {
  const split = splitQuery(uri);
  if (!split?.pairs.some((pair) => isSecretKey(pair.key) && pair.value !== '')) return uri;
  return join(
    split.head,
    split.pairs.map((pair) =>
      isSecretKey(pair.key) && pair.value !== '' ? `${pair.raw.split('=')[0]}=${mask}` : pair.raw,
    ),
  );
}

/** A URI sent back by a client: each secret parameter still holding the mask gets the stored value back. */
export function restoreQuerySecrets(uri: string, storedUri: string | null): string {
  const split = splitQuery(uri);
  if (!split?.pairs.some((pair) => isSecretKey(pair.key) && pair.value === PASSWORD_MASK)) return uri;
  const stored = new Map(
    (storedUri ? (splitQuery(storedUri)?.pairs ?? []) : []).map((pair) => [pair.key, pair]),
  );
  return join(
    split.head,
    split.pairs.map((pair) => {
      if (!isSecretKey(pair.key) || pair.value !== PASSWORD_MASK) return pair.raw;
      return stored.get(pair.key)?.raw ?? pair.raw;
    }),
  );
}

/** Query parameters (the dynamic form's `parameters.query`) with secret values masked. */
export function maskSecretValues(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      isSecretKey(key) && value !== '' ? PASSWORD_MASK : value,
    ]),
  );
}

/** Parameters sent back by a client: a masked secret keeps the stored value. */
export function restoreSecretValues(
  query: Record<string, string>,
  stored: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      isSecretKey(key) && value === PASSWORD_MASK && stored[key] !== undefined ? stored[key] : value,
    ]),
  );
}
