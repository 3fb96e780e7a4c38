import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import type { ConnectionSpec } from './driver.ts';
import { DatabaseError, type DatabaseErrorType } from './errors.ts';

/** Superset's user-facing issue codes (superset/errors.py ISSUE_CODES), shown as "Issue <code> - <text>". */
export const ISSUE_CODES: Record<number, string> = {
  1000: 'The datasource is too large to query.',
  1001: 'The database is under an unusual load.',
  1002: 'The database returned an unexpected error.',
  1003: 'There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.',
  1004: 'The column was deleted or renamed in the database.',
  1005: 'The table was deleted or renamed in the database.',
  1007: "The hostname provided can't be resolved.",
  1008: 'The port is closed.',
  1009: "The host might be down, and can't be reached on the provided port.",
  1012: 'The username provided when connecting to a database is not valid.',
  1013: 'The password provided when connecting to a database is not valid.',
  1014: 'Either the username or the password is wrong.',
  1015: 'Either the database is spelled incorrectly or does not exist.',
  1016: 'The schema was deleted or renamed in the database.',
  1017: "User doesn't have the proper permissions.",
  1018: 'One or more parameters needed to configure a database are missing.',
  1022: 'Database does not allow data manipulation.',
  1026: 'Query is too complex and takes too long to run.',
  1027: 'The database is currently running too many queries.',
  1030: 'The query has a syntax error.',
  1034: 'The port number is invalid.',
};

/** Superset's ERROR_TYPES_TO_ISSUE_CODES_MAPPING for the types a driver raises. */
const ISSUE_CODES_BY_TYPE: Partial<Record<DatabaseErrorType, number[]>> = {
  GENERIC_DB_ENGINE_ERROR: [1002],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_ACCESS_DENIED_ERROR: [1014, 1015],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  CONNECTION_MISSING_PARAMETERS_ERROR: [1018],
  DML_NOT_ALLOWED_ERROR: [1022],
  SQLLAB_TIMEOUT_ERROR: [1026, 1027],
  SYNTAX_ERROR: [1030],
  CONNECTION_INVALID_PORT_ERROR: [1034],
  CONNECTION_DATABASE_TIMEOUT: [1001, 1009],
};

export function issueCodes(type: DatabaseErrorType): Array<{ code: number; message: string }> {
  return (ISSUE_CODES_BY_TYPE[type] ?? []).map((code) => ({
    code,
    message: `Issue ${code} - ${ISSUE_CODES[code] ?? ''}`,
  }));
}

export function engineDisplayName(engine: EngineName): string {
  return getDialect(engine).displayName;
}

/** A DatabaseError with Superset's `extra`: engine_name, issue_codes and any extra fields (invalid…). */
export function databaseError(
  engine: EngineName,
  type: DatabaseErrorType,
  message: string,
  extra: Record<string, unknown> = {},
): DatabaseError {
  const codes = issueCodes(type);
  return new DatabaseError(type, message, engine, {
    engine_name: engineDisplayName(engine),
    ...(codes.length > 0 ? { issue_codes: codes } : {}),
    ...extra,
  });
}

export function timeoutError(engine: EngineName, timeoutMs: number): DatabaseError {
  const seconds = timeoutMs / 1000;
  const shown = Number.isInteger(seconds) ? `${seconds}` : seconds.toFixed(1);
  return databaseError(
    engine,
    'SQLLAB_TIMEOUT_ERROR',
    `The query exceeded the ${shown} seconds timeout and was stopped in the database.`,
    { timeout: seconds },
  );
}

export function cancelledError(engine: EngineName): DatabaseError {
  return databaseError(engine, 'QUERY_CANCELLED_ERROR', 'The query was cancelled.');
}

/** Node's socket error codes for a connection that never got established, mapped to Superset's types. */
export function networkError(engine: EngineName, error: unknown, spec: ConnectionSpec): DatabaseError | null {
  const code = errorCode(error);
  const host = spec.host ?? 'localhost';
  const port = spec.port ?? '(default)';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return databaseError(
        engine,
        'CONNECTION_INVALID_HOSTNAME_ERROR',
        `The hostname "${host}" cannot be resolved.`,
        {
          invalid: ['host'],
        },
      );
    case 'ECONNREFUSED':
      return databaseError(
        engine,
        'CONNECTION_PORT_CLOSED_ERROR',
        `Port ${port} on hostname "${host}" refused the connection.`,
        { invalid: ['host', 'port'] },
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'EHOSTDOWN':
    case 'ENETUNREACH':
    case 'ECONNRESET':
      return databaseError(
        engine,
        'CONNECTION_HOST_DOWN_ERROR',
        `The host "${host}" might be down, and can't be reached on port ${port}.`,
        { invalid: ['host', 'port'] },
      );
    case 'ERR_SOCKET_BAD_PORT':
      return databaseError(
        engine,
        'CONNECTION_INVALID_PORT_ERROR',
        `The port ${port} is not a valid port number.`,
        {
          invalid: ['port'],
        },
      );
    default:
      return null;
  }
}

/** The `code` of a Node or driver error, looking through AggregateError and `cause`. */
export function errorCode(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const record = error as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof record.code === 'string' && record.code !== '') return record.code;
  if (Array.isArray(record.errors)) {
    for (const inner of record.errors) {
      const code = errorCode(inner);
      if (code) return code;
    }
  }
  if (record.cause) return errorCode(record.cause);
  return undefined;
}

/** The first line of a driver error's message: never a stack trace. */
export function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorText(error.errors[0]);
  const raw = error instanceof Error ? error.message : String(error);
  return raw.trim() === '' ? 'Unknown database error' : raw.trim();
}

/** The message of a generic engine failure, prefixed as Superset does. */
export function genericError(engine: EngineName, error: unknown): DatabaseError {
  return databaseError(
    engine,
    'GENERIC_DB_ENGINE_ERROR',
    `${engineDisplayName(engine)} Error: ${errorText(error)}`,
  );
}

/** The engine's read-only mode refused a write (docs/security.md): Superset's DML-not-allowed error. */
export function readOnlyError(engine: EngineName): DatabaseError {
  return databaseError(
    engine,
    'DML_NOT_ALLOWED_ERROR',
    'Only SELECT statements are allowed against this database.',
  );
}
