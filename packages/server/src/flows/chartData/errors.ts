import { CustomSqlError, LatestPartitionError, QueryValidationError } from '@vitrina/common';
import { PostProcessingError } from '@vitrina/common/query/postProcessing/index';
import { issueCodes } from '../../drivers/errorMapping.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import { HttpError, type SipError } from '../../http/errors.ts';

/**
 * Chart data failures as Superset's chart data API answers them:
 *
 * - a query context that cannot be run (QueryValidationError, CustomSqlError, PostProcessingError) →
 *   400 `{"message": …}` as ChartDataRestApi answers QueryObjectValidationError, the message naming
 *   the field;
 * - a failing query → 400 (ChartDataQueryFailedError). Superset's body is `{"message": "Error: <db>"}`;
 *   ours carries that `message` and the SIP-40 `errors` with the database's error_type beside it, so
 *   both kinds of client read it;
 * - a timeout → the same 400 with message 'Query timeout' (the spec's wording) and BACKEND_TIMEOUT_ERROR,
 *   Superset's type for its own `timeout()` (SQLLAB_TIMEOUT_ERROR belongs to SQL Lab).
 */

export class ChartDataHttpError extends HttpError {
  constructor(status: number, message: string, errors: SipError[]) {
    super(status, { errors });
    // Both families in one body: FAB readers take `message`, SIP-40 readers take `errors`.
    (this as { body: unknown }).body = { message, errors };
  }
}

/** Superset's datasource views answer validation failures as `{"error": …}` (legacy family); `message` too. */
export class LegacyHttpError extends HttpError {
  constructor(status: number, message: string) {
    super(status, { message });
    (this as { body: unknown }).body = { message, error: message };
  }
}

export function queryValidationHttpError(error: QueryValidationError): HttpError {
  const field = error.field ? `${error.field}: ` : '';
  if (error instanceof LatestPartitionError)
    return latestPartitionHttpError(error, `${field}${error.message}`);
  return new HttpError(400, { message: `${field}${error.message}` });
}

/**
 * A LATEST PARTITION filter the dataset cannot take, 400 with Superset's INVALID_PAYLOAD_SCHEMA_ERROR:
 * the request names a filter this column or engine does not allow. `extra` says which column and why
 * (`engine`: no partitions there; `column`: not a partition key of the dataset's table).
 */
function latestPartitionHttpError(error: LatestPartitionError, message: string): HttpError {
  return new ChartDataHttpError(400, message, [
    {
      message,
      error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
      level: 'error',
      extra: {
        reason: error.reason,
        column: error.column,
        issue_codes: [
          { code: 1020, message: 'Issue 1020 - The submitted payload has the incorrect schema.' },
        ],
      },
    },
  ]);
}

export function databaseFailure(error: DatabaseError, timeoutMs: number): HttpError {
  if (error.errorType === 'SQLLAB_TIMEOUT_ERROR') {
    const seconds = timeoutMs / 1000;
    return new ChartDataHttpError(400, 'Query timeout', [
      {
        message: 'Query timeout',
        error_type: 'BACKEND_TIMEOUT_ERROR',
        level: 'error',
        extra: {
          timeout: seconds,
          detail: `The query exceeded the ${seconds} seconds timeout and was stopped in the database.`,
          issue_codes: [
            { code: 1000, message: 'Issue 1000 - The datasource is too large to query.' },
            { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
          ],
        },
      },
    ]);
  }
  return new ChartDataHttpError(400, `Error: ${error.message}`, [
    {
      message: error.message,
      error_type: error.errorType,
      level: 'error',
      extra: { issue_codes: issueCodes(error.errorType), ...error.extra },
    },
  ]);
}

/** Any failure of the chart data flow → an HttpError; unknown errors are rethrown (500 by the handler). */
export function chartDataError(error: unknown, timeoutMs: number): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof CustomSqlError || error instanceof QueryValidationError) {
    return queryValidationHttpError(error);
  }
  if (error instanceof PostProcessingError) {
    const field = error.option
      ? `post_processing.${error.operation}.${error.option}: `
      : `post_processing.${error.operation}: `;
    return new HttpError(400, { message: `${field}${error.message}` });
  }
  if (error instanceof DatabaseError) return databaseFailure(error, timeoutMs);
  return error;
}

/**
 * Superset's refusal wording without the datasource's name: whoever is refused must not learn what the
 * dataset is called (nor its SQL), only that they lack the grant.
 */
export const DATASOURCE_ACCESS_MESSAGE =
  'This endpoint requires access to the datasource, its database or the `all_datasource_access` permission';

/** Superset's DATASOURCE_SECURITY_ACCESS_ERROR (security manager raise_for_access), 403. */
export function datasourceAccessError(): HttpError {
  return new HttpError(403, {
    errors: [
      {
        message: DATASOURCE_ACCESS_MESSAGE,
        error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
        level: 'error',
        extra: {
          issue_codes: [{ code: 1017, message: "Issue 1017 - User doesn't have the proper permissions." }],
        },
      },
    ],
  });
}
