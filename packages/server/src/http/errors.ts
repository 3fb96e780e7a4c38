import type { DatabaseError } from '../drivers/errors.ts';
import type { SharedStore } from '../platform/unavailable.ts';

/**
 * Typed errors thrown by services and routes. One handler (errorHandler.ts) turns them into
 * Superset-style bodies, so no route builds an error body by hand.
 */
export type ErrorLevel = 'info' | 'warning' | 'error';

export interface SipError {
  message: string;
  error_type: string;
  level: ErrorLevel;
  extra?: Record<string, unknown>;
}

/** Body families Superset clients understand: FAB `{message}` and SIP-40 `{errors: [...]}`. */
export type ErrorBody = { message: string | Record<string, string[]> } | { errors: SipError[] };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(
      'message' in body
        ? typeof body.message === 'string'
          ? body.message
          : JSON.stringify(body.message)
        : (body.errors[0]?.message ?? 'Error'),
    );
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string | Record<string, string[]>) {
    super(400, { message });
  }
}

export class NotAuthorizedError extends HttpError {
  constructor() {
    super(401, { message: 'Not authorized' });
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, { message });
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, { message });
  }
}

/** A command's validation failure: 422 with messages per field, as FAB answers. */
export class UnprocessableError extends HttpError {
  constructor(message: string | Record<string, string[]>) {
    super(422, { message });
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number, message = 'Too many failed login attempts, try again later') {
    super(
      429,
      { message },
      {
        'retry-after': String(retryAfterSeconds),
      },
    );
  }
}

export class CsrfError extends HttpError {
  constructor() {
    super(400, {
      errors: [
        {
          message: 'The CSRF token is missing or invalid.',
          error_type: 'CSRF_TOKEN_ERROR',
          level: 'error',
          extra: { issue_codes: [] },
        },
      ],
    });
  }
}

const UNAVAILABLE_MESSAGES: Record<SharedStore, string> = {
  redis: 'Redis (cache, queue and results) is unavailable. Try again in a moment.',
  metastore: 'The metadata database is unavailable. Try again in a moment.',
};

/** Seconds a client is told to wait before retrying while a shared store is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Redis or the metadata store cannot be reached: 503, as Superset's GENERIC_BACKEND_ERROR body. */
export class StoreUnavailableHttpError extends HttpError {
  constructor(store: SharedStore) {
    super(
      503,
      {
        errors: [
          {
            message: UNAVAILABLE_MESSAGES[store],
            error_type: 'GENERIC_BACKEND_ERROR',
            level: 'error',
            extra: { unavailable: store, issue_codes: [] },
          },
        ],
      },
      { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    );
  }
}

/**
 * A database failure (drivers/errors.ts) as a SIP-40 body: 422 for connection and engine errors by
 * default, as Superset answers test_connection and saves; callers pass 404 for a missing table.
 */
export function databaseErrorToHttp(error: DatabaseError, status = 422): HttpError {
  return new HttpError(status, {
    errors: [
      {
        message: error.message,
        error_type: error.errorType,
        // Engine errors are errors whatever the status, as Superset's extract_errors reports them.
        level: 'error',
        extra: { ...error.extra },
      },
    ],
  });
}
