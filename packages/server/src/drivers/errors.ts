import type { EngineName } from '@vitrina/common/sql/engines';

/** Superset's error types for database failures (SIP-40 `error_type`). */
export type DatabaseErrorType =
  | 'CONNECTION_INVALID_USERNAME_ERROR'
  | 'CONNECTION_INVALID_PASSWORD_ERROR'
  | 'CONNECTION_INVALID_HOSTNAME_ERROR'
  | 'CONNECTION_PORT_CLOSED_ERROR'
  | 'CONNECTION_INVALID_PORT_ERROR'
  | 'CONNECTION_HOST_DOWN_ERROR'
  | 'CONNECTION_ACCESS_DENIED_ERROR'
  | 'CONNECTION_UNKNOWN_DATABASE_ERROR'
  | 'CONNECTION_DATABASE_PERMISSIONS_ERROR'
  | 'CONNECTION_MISSING_PARAMETERS_ERROR'
  | 'CONNECTION_DATABASE_TIMEOUT'
  | 'GENERIC_DB_ENGINE_ERROR'
  | 'SYNTAX_ERROR'
  | 'TABLE_DOES_NOT_EXIST_ERROR'
  | 'SCHEMA_DOES_NOT_EXIST_ERROR'
  | 'COLUMN_DOES_NOT_EXIST_ERROR'
  | 'SQLLAB_TIMEOUT_ERROR'
  | 'QUERY_CANCELLED_ERROR'
  | 'FILE_NOT_ALLOWED_ERROR'
  | 'DML_NOT_ALLOWED_ERROR';

/**
 * A database failure as data: the message users see, Superset's type, and `extra` (engine_name,
 * issue_codes, invalid fields). The HTTP layer turns it into a SIP-40 body.
 */
export class DatabaseError extends Error {
  constructor(
    readonly errorType: DatabaseErrorType,
    message: string,
    readonly engine: EngineName,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}
