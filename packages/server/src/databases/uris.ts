import type { DatabaseParameters } from '@vitrina/common';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import {
  buildDatabaseUri,
  type ConnectionParameters,
  maskUriPassword,
  PASSWORD_MASK,
  parseDatabaseUri,
  unmaskUri,
} from '@vitrina/common/sql/uri';

/**
 * URIs as the databases API keeps them: the metastore holds the URI with its password replaced by the
 * mask (the password itself is encrypted in its own column), so a stored URI can be shown as it is.
 */

export function parseStoredUri(uri: string): ConnectionParameters {
  return parseDatabaseUri(uri);
}

/** What a write resolves to: the URI to store (masked), the real password, and the parsed parts. */
export interface PreparedUri {
  storedUri: string;
  password: string | null;
  parsed: ConnectionParameters;
}

/**
 * A URI a client sent: a mask in place of the password means "keep the stored one". Throws
 * InvalidUriError / UnknownEngineError as parseDatabaseUri does.
 */
export function prepareUri(input: string, storedPassword: string | null): PreparedUri {
  const unmasked = unmaskUri(input.trim(), storedPassword);
  const parsed = parseDatabaseUri(unmasked);
  const password = parsed.password === '' ? null : parsed.password;
  return { storedUri: maskUriPassword(unmasked), password, parsed };
}

/**
 * A URI built from dynamic-form parameters for an engine; a masked password keeps the stored one.
 * Missing required fields are returned for a CONNECTION_MISSING_PARAMETERS_ERROR.
 */
export function uriFromParameters(
  engine: EngineName,
  parameters: DatabaseParameters,
  storedPassword: string | null,
): { uri: string } | { missing: string[] } {
  const fileBased = getDialect(engine).capabilities.fileBased;
  const text = (value: unknown): string | null =>
    value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim();
  const missing = (fileBased ? ['database'] : ['host']).filter((key) => text(parameters[key]) === null);
  if (missing.length > 0) return { missing };
  const password =
    parameters.password === PASSWORD_MASK
      ? storedPassword
      : typeof parameters.password === 'string' && parameters.password !== ''
        ? parameters.password
        : null;
  const port = parameters.port === undefined || parameters.port === null ? null : Number(parameters.port);
  const query = Object.fromEntries(
    Object.entries(parameters.query ?? {}).map(([key, value]) => [key, String(value)]),
  );
  return {
    uri: buildDatabaseUri({
      engine,
      driver: null,
      username: fileBased ? null : text(parameters.username),
      password: fileBased ? null : password,
      host: fileBased ? null : text(parameters.host),
      port: fileBased || port === null || Number.isNaN(port) ? null : port,
      database: text(parameters.database),
      query,
    }),
  };
}

/** A stored URI's parts as dynamic-form parameters, the password masked when one is stored. */
export function parametersOf(parsed: ConnectionParameters, hasPassword: boolean): DatabaseParameters {
  if (getDialect(parsed.engine).capabilities.fileBased) {
    return { database: parsed.database ?? '', query: parsed.query };
  }
  return {
    host: parsed.host ?? '',
    ...(parsed.port !== null && { port: parsed.port }),
    username: parsed.username ?? '',
    ...(hasPassword && { password: PASSWORD_MASK }),
    database: parsed.database ?? '',
    query: parsed.query,
  };
}

/** Any password left in a URI (rows written before encryption) hidden for display. */
export function displayUri(uri: string): string {
  return maskUriPassword(uri);
}

export { PASSWORD_MASK };
