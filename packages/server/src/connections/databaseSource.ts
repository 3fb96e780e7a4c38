import type { SqlDialect } from '@vitrina/common/sql/dialect';
import type { DatabaseConnection } from '../drivers/driver.ts';
import { DatabaseError } from '../drivers/errors.ts';
import { HttpError, UnprocessableError } from '../http/errors.ts';
import type { AppContext } from '../http/types.ts';
import type { DatabaseRow } from '../platform/metastore/schema.ts';
import { databaseConnections } from './connections.ts';
import { describeDatabase } from './uris.ts';

/**
 * A database as every reader opens it (chart data, dataset columns, uploads): its dialect and its
 * pooled connection. Failures answer as Superset does: the database's error in a SIP-40 body (422),
 * a row whose URI or engine cannot be used 422.
 */
export interface DatabaseSource {
  dialect: SqlDialect;
  connection: DatabaseConnection;
}

export function openDatabaseSource(ctx: AppContext, database: DatabaseRow): DatabaseSource {
  try {
    return {
      dialect: describeDatabase(database).dialect,
      connection: databaseConnections(ctx).get(database),
    };
  } catch (error) {
    if (error instanceof DatabaseError) throw databaseHttpError(error);
    // An unreadable URI or an engine nobody registered: the database row cannot be used as it is.
    throw new UnprocessableError(error instanceof Error ? error.message : String(error));
  }
}

/** The dialect of a database row without connecting, null when its URI is unusable (columns a client typed). */
export function dialectOfDatabase(database: Pick<DatabaseRow, 'sqlalchemy_uri'>): SqlDialect | null {
  try {
    return describeDatabase(database).dialect;
  } catch {
    return null;
  }
}

/** Only the dialect (row-level security literals): reads the URI, opens no pool. */
export function databaseDialect(database: DatabaseRow): SqlDialect {
  try {
    return describeDatabase(database).dialect;
  } catch (error) {
    throw new UnprocessableError(error instanceof Error ? error.message : String(error));
  }
}

/** A database failure as the SIP-40 body Superset answers (422). */
export function databaseHttpError(error: DatabaseError): HttpError {
  return new HttpError(422, {
    errors: [{ message: error.message, error_type: error.errorType, level: 'error', extra: error.extra }],
  });
}
