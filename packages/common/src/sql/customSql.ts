/**
 * Custom SQL from users (adhoc metrics and columns, extras.where / having, dataset expressions, RLS
 * clauses, virtual dataset SQL) is pasted into compiled queries, so it must be exactly what its place
 * asks for: one expression, one predicate, or one read statement. That is decided by the engine's own
 * parser on the server (server/src/security/sqlPolicy); this is the typed error it answers with.
 */
import { QueryValidationError } from '../query/errors.ts';

export type CustomSqlErrorType = 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR' | 'INVALID_SQL_ERROR';

export type CustomSqlReason =
  | 'empty'
  /** The engine's parser could not read it. */
  | 'syntax'
  /** More than one statement, or a statement where an expression belongs. */
  | 'statement'
  /** Not a read (DML, DDL, SET…) where only a read may stand. */
  | 'not_read'
  | 'comment'
  | 'subquery'
  | 'set_operation'
  | 'table_function'
  | 'denied_function'
  /** Reads a table other than the dataset's own. */
  | 'other_table'
  | 'parameter';

/** Custom SQL that is not what its place allows; the message names what was refused. */
export class CustomSqlError extends QueryValidationError {
  readonly errorType: CustomSqlErrorType;

  constructor(
    readonly reason: CustomSqlReason,
    message: string,
    field: string,
  ) {
    super(message, field);
    this.name = 'CustomSqlError';
    this.errorType = reason === 'subquery' ? 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR' : 'INVALID_SQL_ERROR';
  }
}
