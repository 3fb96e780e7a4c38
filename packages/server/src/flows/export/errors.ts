import { DatabaseError } from '../../drivers/errors.ts';

export type ExportErrorCode = 'NO_DATA' | 'QUERY_FAILED' | 'STREAM_FAILED';

/**
 * An export that cannot produce a file. Thrown before a single byte is written when the result is
 * empty (`NO_DATA`) or the query failed before its first rows (`QUERY_FAILED`), so the route can
 * still answer with a status and the reason — the spec's 'A data export failure shows an alert
 * with the reason and code' — instead of sending an empty or half-written file.
 * `STREAM_FAILED` is thrown when the source or the sink fails after bytes went out: the response
 * has started and the route must destroy the connection rather than end it, so the client sees a
 * failed download, never a truncated file that looks complete.
 */
export class ExportError extends Error {
  /** The HTTP status the route answers with (only meaningful while nothing was written). */
  readonly status: number;
  /** Superset's error_type when the cause is a database error. */
  readonly errorType: string | undefined;

  constructor(
    readonly code: ExportErrorCode,
    message: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ExportError';
    const cause = options.cause;
    this.errorType = cause instanceof DatabaseError ? cause.errorType : undefined;
    this.status = options.status ?? (code === 'NO_DATA' ? 400 : cause instanceof DatabaseError ? 400 : 500);
  }

  /** True when nothing was written yet: the route may still answer with a 4xx/5xx body. */
  get beforeStart(): boolean {
    return this.code !== 'STREAM_FAILED';
  }
}

export const NO_DATA_MESSAGE = 'No data to export';

export function upstreamError(cause: unknown): ExportError {
  if (cause instanceof ExportError) return cause;
  const message = cause instanceof Error && cause.message ? cause.message : 'Unknown error';
  return new ExportError('QUERY_FAILED', message, { cause });
}

export function streamFailed(cause: unknown): ExportError {
  if (cause instanceof ExportError && cause.code === 'STREAM_FAILED') return cause;
  const message = cause instanceof Error && cause.message ? cause.message : 'Unknown error';
  return new ExportError('STREAM_FAILED', message, { cause });
}
