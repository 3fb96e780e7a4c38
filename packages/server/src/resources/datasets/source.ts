import { GENERIC_DATA_TYPE, type GenericDataType } from '@vitrina/common';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
import { MissingTemplateParamsError, renderSqlTemplate } from '@vitrina/common/sql/template';
import { databaseHttpError, openDatabaseSource } from '../../connections/databaseSource.ts';

import { describeDatabase } from '../../connections/uris.ts';
import type { DatabaseConnection } from '../../drivers/driver.ts';
import { databaseError } from '../../drivers/errorMapping.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import { HttpError, UnprocessableError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import { checkedDatasetQuery } from './sqlChecks.ts';

/**
 * The dataset's source, reached through the engine layer: the database's pooled connection and its
 * dialect. Failures come back as the database's error in a SIP-40 body (422), never a stack trace.
 */

export interface Source {
  /** What the source's checks read: the SQL policy's configuration. */
  ctx: Pick<AppContext, 'config'>;
  database: DatabaseRow;
  connection: DatabaseConnection;
  dialect: SqlDialect;
}

export function openSource(ctx: AppContext, database: DatabaseRow): Source {
  return { ctx, database, ...openDatabaseSource(ctx, database) };
}

/** A column as the source describes it, before it becomes a dataset column. */
export interface SourceColumn {
  name: string;
  type: string;
  typeGeneric: GenericDataType | null;
  isDttm: boolean;
  /** A partition key of the table, as the driver reports it; never for a query's columns. */
  partitionKey: boolean;
}

function sourceColumn(dialect: SqlDialect, name: string, type: string, partitionKey = false): SourceColumn {
  const generic = type ? dialect.genericType(type) : null;
  return {
    name,
    type,
    typeGeneric: generic === null ? null : GENERIC_DATA_TYPE[generic],
    isDttm: generic === 'TEMPORAL',
    partitionKey,
  };
}

export function tableNotFound(source: Source, table: { schema: string | null; table: string }): HttpError {
  const name = table.schema ? `${table.schema}.${table.table}` : table.table;
  return databaseHttpError(
    databaseError(
      describeDatabase(source.database).engine,
      'TABLE_DOES_NOT_EXIST_ERROR',
      `Table [${name}] could not be found, please double check your database connection, schema, and table name`,
    ),
  );
}

/** The columns of a physical table; 422 with TABLE_DOES_NOT_EXIST_ERROR when there is no such table. */
export async function physicalColumns(
  source: Source,
  ref: { catalog: string | null; schema: string | null; table: string },
): Promise<SourceColumn[]> {
  let metadata: Awaited<ReturnType<DatabaseConnection['tableMetadata']>>;
  try {
    metadata = await source.connection.tableMetadata(ref.catalog, ref.schema, ref.table);
  } catch (error) {
    throw sourceError(error);
  }
  if (!metadata) throw tableNotFound(source, ref);
  const keys = new Set(metadata.partitionColumns);
  return metadata.columns.map((column) =>
    sourceColumn(source.dialect, column.name, column.type, keys.has(column.name)),
  );
}

/** The columns a virtual dataset's query returns, found by running it for at most one row. */
export async function queryColumns(
  source: Source,
  query: string,
  templateParams: string | null,
): Promise<SourceColumn[]> {
  const body = renderDatasetSql(query, templateParams).trim();
  if (body === '') throw new UnprocessableError({ sql: ['The SQL query is empty'] });
  const statement = await checkedDatasetQuery(source.ctx, source.dialect.engine, body);
  const probe = `SELECT * FROM (\n${statement}\n) AS virtual_table\n${source.dialect.limitClause(1)}`;
  try {
    const result = await source.connection.execute(probe);
    return result.columns.map((column) => sourceColumn(source.dialect, column.name, column.type));
  } catch (error) {
    throw sourceError(error);
  }
}

/** The dataset's SQL with its template parameters (a JSON object, validated on write) filled in. */
export function renderDatasetSql(query: string, templateParams: string | null): string {
  const params: unknown = templateParams ? JSON.parse(templateParams) : {};
  try {
    return renderSqlTemplate(
      query,
      typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {},
    );
  } catch (error) {
    if (!(error instanceof MissingTemplateParamsError)) throw error;
    throw new HttpError(422, {
      errors: [
        {
          message: error.message,
          error_type: 'MISSING_TEMPLATE_PARAMS_ERROR',
          level: 'error',
          extra: { undefined_parameters: error.names },
        },
      ],
    });
  }
}

/** A database failure as the SIP-40 body Superset answers (422), anything else rethrown as is. */
export function sourceError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof DatabaseError) return databaseHttpError(error);
  return error;
}

export function genericTypeOf(
  dialect: SqlDialect | null,
  type: string | null | undefined,
): GenericDataType | null {
  if (!dialect || !type) return null;
  const generic = dialect.genericType(type);
  return generic === null ? null : GENERIC_DATA_TYPE[generic];
}
