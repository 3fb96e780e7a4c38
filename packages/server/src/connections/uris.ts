import type { DatabaseParameters } from '@vitrina/common';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
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
import {
  maskQuerySecrets,
  maskSecretValues,
  restoreQuerySecrets,
  restoreSecretValues,
} from '../security/uriSecrets.ts';

/**
 * URIs as the databases API keeps them: the metastore holds the URI with its password replaced by the
 * mask (the password itself is encrypted in its own column). Secrets in the query string
 * (security/uriSecrets.ts) are masked whenever a URI is shown, and a mask sent back keeps them.
 */

/** A stored database as the engines see it: its engine, its dialect and its parsed (masked) URI. */
export interface DatabaseDescription {
  engine: EngineName;
  dialect: SqlDialect;
  uri: ConnectionParameters;
}

/**
 * The one reading of a stored database row's URI. Throws InvalidUriError / UnknownEngineError as
 * parseDatabaseUri does (a URI no dialect reads any more).
 */
export function describeDatabase(row: { sqlalchemy_uri: string }): DatabaseDescription {
  const uri = parseDatabaseUri(row.sqlalchemy_uri);
  return { engine: uri.engine, dialect: getDialect(uri.engine), uri };
}

/** What a write resolves to: the URI to store (masked), the real password, and the parsed parts. */
export interface PreparedUri {
  storedUri: string;
  password: string | null;
  parsed: ConnectionParameters;
}

/**
 * A URI a client sent: a mask in place of the password, or of a secret query parameter, means "keep the
 * stored one". Throws InvalidUriError / UnknownEngineError as parseDatabaseUri does.
 */
export function prepareUri(
  input: string,
  storedPassword: string | null,
  storedUri: string | null = null,
): PreparedUri {
  const unmasked = restoreQuerySecrets(unmaskUri(input.trim(), storedPassword), storedUri);
  const parsed = parseDatabaseUri(unmasked);
  const password = parsed.password === '' ? null : parsed.password;
  return { storedUri: maskUriPassword(unmasked), password, parsed };
}

/**
 * A URI built from dynamic-form parameters for an engine; a masked password (or masked secret query
 * value) keeps the stored one. Missing required fields are returned for a CONNECTION_MISSING_PARAMETERS_ERROR.
 */
export function uriFromParameters(
  engine: EngineName,
  parameters: DatabaseParameters,
  storedPassword: string | null,
  storedQuery: Record<string, string> = {},
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
  const query = restoreSecretValues(
    Object.fromEntries(Object.entries(parameters.query ?? {}).map(([key, value]) => [key, String(value)])),
    storedQuery,
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

/** A stored URI's parts as dynamic-form parameters, the password and query secrets masked. */
export function parametersOf(parsed: ConnectionParameters, hasPassword: boolean): DatabaseParameters {
  if (getDialect(parsed.engine).capabilities.fileBased) {
    return { database: parsed.database ?? '', query: maskSecretValues(parsed.query) };
  }
  return {
    host: parsed.host ?? '',
    ...(parsed.port !== null && { port: parsed.port }),
    username: parsed.username ?? '',
    ...(hasPassword && { password: PASSWORD_MASK }),
    database: parsed.database ?? '',
    query: maskSecretValues(parsed.query),
  };
}

/**
 * A URI as every response shows it: any password left before the host (rows written before
 * encryption) and every secret query parameter masked.
 */
export function displayUri(uri: string): string {
  return maskQuerySecrets(maskUriPassword(uri));
}

export { PASSWORD_MASK };
