import { markUnavailable } from '../unavailable.ts';

// PostgreSQL and node-postgres: connection lost, refused or the server shutting down or starting.
// SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin/crash shutdown, cannot connect now).
const PG_CODES = /^(08\d{3}|57P0[123])$/;
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const PG_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
];

/** True for a failure of the connection to PostgreSQL rather than of the statement. */
export function isPostgresConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && (PG_CODES.test(code) || NET_CODES.has(code))) ||
    PG_MESSAGES.some((pattern) => pattern.test(error.message))
  );
}

/**
 * Marks a lost connection of the metastore as the store being unavailable (503). The metastore marks
 * its own errors, so a data source's PostgreSQL error is never taken for the metastore's.
 */
export function markMetastoreError(error: unknown): void {
  if (isPostgresConnectionError(error)) markUnavailable(error, 'metastore');
}
