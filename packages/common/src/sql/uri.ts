import type { SqlDialect } from './dialect.ts';
import { dialects } from './dialects/index.ts';
import { type EngineName, UnknownEngineError } from './engines.ts';

/**
 * SQLAlchemy-style database URIs (`engine[+driver]://user:password@host:port/database?key=value`),
 * parsed and built without I/O. File-based engines take a path: `duckdb:///relative.db`,
 * `duckdb:////absolute/path.db`, `duckdb:///:memory:`.
 */
export interface ConnectionParameters {
  engine: EngineName;
  /** The `+driver` part of the scheme (`psycopg2`, `http`…), or null. */
  driver: string | null;
  username: string | null;
  password: string | null;
  /** Without brackets for IPv6 (`::1`); null for file-based engines. */
  host: string | null;
  port: number | null;
  /** The database name, or the file path for file-based engines (absolute when it starts with `/`). */
  database: string | null;
  query: Record<string, string>;
}

/** What Superset shows instead of a password in every response. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

/** A URI that cannot be a database connection; the message names what is wrong, never the password. */
export class InvalidUriError extends Error {
  override name = 'InvalidUriError';
}

/** The URI's raw (still percent-encoded) parts, with where the password sits so it can be swapped. */
interface RawUri {
  scheme: string;
  username: string | null;
  password: string | null;
  passwordSpan: [start: number, end: number] | null;
  hostAndPort: string;
  path: string | null;
  query: string | null;
}

const SCHEME = /^([A-Za-z][\w+.-]*):\/\//;

function splitUri(uri: string): RawUri | null {
  const scheme = SCHEME.exec(uri);
  if (!scheme) return null;
  const authorityStart = scheme[0].length;
  const authorityEnd = indexOfAny(uri, '/?', authorityStart);
  const authority = uri.slice(authorityStart, authorityEnd);
  // The last @ ends the user part, so an unencoded @ in a password still parses.
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at) : null;
  const colon = userinfo?.indexOf(':') ?? -1;
  const queryStart = uri.indexOf('?', authorityEnd);
  const pathEnd = queryStart >= 0 ? queryStart : uri.length;
  return {
    scheme: scheme[1]!,
    username: userinfo === null ? null : colon >= 0 ? userinfo.slice(0, colon) : userinfo,
    password: userinfo !== null && colon >= 0 ? userinfo.slice(colon + 1) : null,
    passwordSpan: colon >= 0 ? [authorityStart + colon + 1, authorityStart + at] : null,
    hostAndPort: authority.slice(at + 1),
    path: uri[authorityEnd] === '/' ? uri.slice(authorityEnd + 1, pathEnd) : null,
    query: queryStart >= 0 ? uri.slice(queryStart + 1) : null,
  };
}

function indexOfAny(text: string, characters: string, from: number): number {
  for (let i = from; i < text.length; i++) if (characters.includes(text[i]!)) return i;
  return text.length;
}

/** Decodes each run of %XX escapes; a run that is not valid UTF-8 is kept as written, not rejected. */
function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** A server engine's and a file engine's URI start, the first of each in the registry. */
function exampleSchemes(): string {
  const all = Object.values(dialects);
  const server = all.find((dialect) => !dialect.capabilities.fileBased);
  const file = all.find((dialect) => dialect.capabilities.fileBased);
  return `${server?.uriSchemes[0]}:// or ${file?.uriSchemes[0]}:///`;
}

function dialectForScheme(name: string): SqlDialect {
  const dialect = Object.values(dialects).find((candidate) => candidate.uriSchemes.includes(name));
  if (!dialect) throw new UnknownEngineError(name);
  return dialect;
}

function parseHostAndPort(text: string): { host: string | null; port: number | null } {
  let host = text;
  let portText: string | null = null;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) throw new InvalidUriError('The IPv6 host is missing its closing bracket "]"');
    host = text.slice(1, close);
    const after = text.slice(close + 1);
    if (after !== '' && !after.startsWith(':'))
      throw new InvalidUriError(`Unexpected "${after}" after the IPv6 host`);
    portText = after === '' ? null : after.slice(1);
  } else {
    const colon = text.lastIndexOf(':');
    if (colon >= 0) {
      host = text.slice(0, colon);
      portText = text.slice(colon + 1);
    }
  }
  return { host: host === '' ? null : host, port: portText === null ? null : parsePort(portText) };
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) {
    // The text is not echoed: with an unencoded "/" in the password, it is part of the password.
    throw new InvalidUriError(
      'The port must be a number between 1 and 65535 (a password containing "/" or "?" must be percent-encoded)',
    );
  }
  return port;
}

function parseQuery(text: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (!text) return query;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const [key, value] = equals >= 0 ? [pair.slice(0, equals), pair.slice(equals + 1)] : [pair, ''];
    // Form-style `+` means a space, as Python's parse_qsl (used by SQLAlchemy) reads it.
    query[percentDecode(key.replaceAll('+', ' '))] = percentDecode(value.replaceAll('+', ' '));
  }
  return query;
}

/** Parses a SQLAlchemy-style URI; throws InvalidUriError or UnknownEngineError saying what is wrong. */
export function parseDatabaseUri(uri: string): ConnectionParameters {
  const raw = splitUri(uri.trim());
  if (!raw) {
    throw new InvalidUriError(`The URI has no scheme: it should start like ${exampleSchemes()}`);
  }
  const plus = raw.scheme.indexOf('+');
  const schemeName = (plus >= 0 ? raw.scheme.slice(0, plus) : raw.scheme).toLowerCase();
  const driver = plus >= 0 ? raw.scheme.slice(plus + 1) : null;
  const dialect = dialectForScheme(schemeName);
  const { host, port } = parseHostAndPort(raw.hostAndPort);
  const database = raw.path ? percentDecode(raw.path) : null;
  const username = raw.username ? percentDecode(raw.username) : null;

  if (dialect.capabilities.fileBased) {
    if (host !== null || port !== null || raw.username !== null) {
      throw new InvalidUriError(
        `A ${dialect.displayName} URI takes a file path, not a host: write ${schemeName}:///relative/path or ${schemeName}:////absolute/path`,
      );
    }
    if (database === null) {
      throw new InvalidUriError(
        `The ${dialect.displayName} URI is missing the database file path (${schemeName}:///path/to/file or ${schemeName}:///:memory:)`,
      );
    }
  } else if (host === null) {
    throw new InvalidUriError(
      `The ${dialect.displayName} URI is missing a host (${schemeName}://user@host:port/…)`,
    );
  }

  return {
    engine: dialect.engine,
    driver: driver === '' ? null : driver,
    username,
    password: raw.password === null ? null : percentDecode(raw.password),
    host,
    port,
    database,
    query: parseQuery(raw.query),
  };
}

/** Keeps `/` (file paths, Trino's catalog/schema) and any Unicode readable; escapes what would end the path. */
function encodePath(path: string): string {
  return path.replaceAll('%', '%25').replaceAll('?', '%3F');
}

/** The inverse of parseDatabaseUri; the result is checked by parsing it, so it is always valid. */
export function buildDatabaseUri(params: ConnectionParameters): string {
  const dialect = dialects[params.engine];
  const scheme = params.driver ? `${dialect.uriSchemes[0]}+${params.driver}` : dialect.uriSchemes[0];
  const password = params.password === null ? '' : `:${encodeURIComponent(params.password)}`;
  const userinfo =
    params.username !== null || params.password !== null
      ? `${encodeURIComponent(params.username ?? '')}${password}@`
      : '';
  const host = params.host === null ? '' : params.host.includes(':') ? `[${params.host}]` : params.host;
  const port = params.port === null ? '' : `:${params.port}`;
  const path = params.database === null ? '' : `/${encodePath(params.database)}`;
  const queryPairs = Object.entries(params.query).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  const query = queryPairs.length > 0 ? `?${queryPairs.join('&')}` : '';
  const uri = `${scheme}://${userinfo}${host}${port}${path}${query}`;
  parseDatabaseUri(uri);
  return uri;
}

function replacePassword(uri: string, raw: RawUri, replacement: string | null): string {
  const [start, end] = raw.passwordSpan!;
  // A null replacement drops the password together with the colon before it.
  return replacement === null
    ? uri.slice(0, start - 1) + uri.slice(end)
    : uri.slice(0, start) + replacement + uri.slice(end);
}

/** The URI with its password, if it has a non-empty one, replaced by PASSWORD_MASK; the rest stays as written. */
export function maskUriPassword(uri: string): string {
  const raw = splitUri(uri);
  if (!raw?.password) return uri;
  return replacePassword(uri, raw, PASSWORD_MASK);
}

/**
 * A URI sent back by a client whose password is still the mask gets the stored password back
 * (as Superset does on PUT); any other URI is returned unchanged.
 */
export function unmaskUri(newUri: string, storedPassword: string | null): string {
  const raw = splitUri(newUri);
  if (raw === null || raw.password !== PASSWORD_MASK) return newUri;
  return replacePassword(newUri, raw, storedPassword === null ? null : encodeURIComponent(storedPassword));
}
