import { HttpError, type SipError } from '../../http/errors.ts';

/**
 * SQL Lab's refusals as data (SIP-40 error types, as Superset names them); routes answer them with
 * their status, async runs store their message on the query row.
 */
export type SqlLabErrorType =
  | 'DML_NOT_ALLOWED_ERROR'
  | 'INVALID_CTAS_QUERY_ERROR'
  | 'INVALID_CVAS_QUERY_ERROR'
  | 'INVALID_TEMPLATE_PARAMS_ERROR'
  | 'MISSING_TEMPLATE_PARAMS_ERROR'
  | 'DATABASE_NOT_FOUND_ERROR'
  | 'DATABASE_SECURITY_ACCESS_ERROR'
  | 'QUERY_SECURITY_ACCESS_ERROR'
  | 'TABLE_SECURITY_ACCESS_ERROR'
  | 'RESULTS_BACKEND_ERROR'
  | 'ASYNC_WORKERS_ERROR'
  | 'GENERIC_COMMAND_ERROR'
  | 'INVALID_SQL_ERROR'
  | 'GENERIC_DB_ENGINE_ERROR';

export class SqlLabError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: SqlLabErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'SqlLabError';
  }

  toSip(): SipError {
    return { message: this.message, error_type: this.errorType, level: 'error', extra: {} };
  }

  toHttp(): HttpError {
    return new HttpError(this.status, { errors: [this.toSip()] });
  }
}
