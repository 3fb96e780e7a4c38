import {
  GENERIC_DATA_TYPE,
  type TableListEntry,
  type TableMetadataColumn,
  type TableMetadataResponse,
} from '@vitrina/common';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { UnknownEngineError } from '@vitrina/common/sql/engines';
import { functionNames } from '@vitrina/common/sql/functionNames';
import { InvalidUriError } from '@vitrina/common/sql/uri';
import { databaseConnections } from '../../connections/connections.ts';
import { parseExtra } from '../../connections/extra.ts';
import * as metadata from '../../connections/metadata.ts';
import { describeDatabase } from '../../connections/uris.ts';
import type { DatabaseConnection, TableMetadata } from '../../drivers/driver.ts';
import { databaseError } from '../../drivers/errorMapping.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import {
  BadRequestError,
  databaseErrorToHttp,
  NotFoundError,
  UnprocessableError,
} from '../../http/errors.ts';
import { risonArgs } from '../../http/risonArguments.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import {
  type DatabaseScope,
  databaseScope,
  scopeShowsCatalog,
  scopeShowsSchema,
  scopeShowsTable,
} from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleDatabase } from './service.ts';

/**
 * Browsing a database (catalogs, schemas, tables, a table's metadata, SELECT *): what the SQL editor and
 * the dataset picker ask for. Lists come from the platform cache unless `force`; everything is filtered
 * by the caller's data access, and what they cannot reach is answered 404 as if it did not exist.
 */

export const SELECT_STAR_LIMIT = 100;

/**
 * The most catalogs, schemas or tables one answer lists: the pickers load a whole list at once, and a
 * warehouse with a hundred thousand tables must not become a response of that size. `count` of the
 * table list still says how many there are; a table past the limit can still be named in SQL.
 */
export const BROWSE_LIST_LIMIT = 10_000;

interface Browser {
  row: DatabaseRow;
  connection: DatabaseConnection;
  dialect: SqlDialect;
  scope: DatabaseScope;
}

async function open(ctx: AppContext, principal: Principal, id: number): Promise<Browser> {
  const row = await visibleDatabase(ctx, principal, id);
  const scope = await databaseScope(ctx.metastore.db, principal, row);
  try {
    const engine = describeDatabase(row).engine;
    return { row, scope, dialect: getDialect(engine), connection: databaseConnections(ctx).get(row) };
  } catch (error) {
    throw engineFailure(error);
  }
}

/** Database errors as SIP-40 bodies: 404 for a missing table or schema, 422 for the rest. */
function engineFailure(error: unknown): Error {
  if (error instanceof DatabaseError) {
    const missing = ['TABLE_DOES_NOT_EXIST_ERROR', 'SCHEMA_DOES_NOT_EXIST_ERROR'].includes(error.errorType);
    return databaseErrorToHttp(error, missing ? 404 : 422);
  }
  if (error instanceof InvalidUriError || error instanceof UnknownEngineError) {
    return new UnprocessableError({ sqlalchemy_uri: [error.message] });
  }
  return error instanceof Error ? error : new Error(String(error));
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw engineFailure(error);
  }
}

// ---- arguments ----------------------------------------------------------------------------------

function boolArg(args: Record<string, unknown>, name: string): boolean {
  const value = args[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new BadRequestError({ [name]: ['Not a valid boolean.'] });
  return value;
}

function stringArg(args: Record<string, unknown>, name: string): string | null {
  const value = args[name];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new BadRequestError({ [name]: ['Not a valid string.'] });
  }
  return String(value);
}

// ---- endpoints ----------------------------------------------------------------------------------

export async function catalogs(
  ctx: AppContext,
  principal: Principal,
  id: number,
  q?: string,
): Promise<string[]> {
  const args = risonArgs(q);
  const force = boolArg(args, 'force');
  const browser = await open(ctx, principal, id);
  if (!browser.dialect.capabilities.catalogs) return [];
  const names = await guarded(() =>
    metadata.listCatalogs(ctx.platform.cache, browser.row, browser.connection, force),
  );
  return names.filter((name) => scopeShowsCatalog(browser.scope, name)).slice(0, BROWSE_LIST_LIMIT);
}

export async function schemas(
  ctx: AppContext,
  principal: Principal,
  id: number,
  q?: string,
): Promise<string[]> {
  const args = risonArgs(q);
  const force = boolArg(args, 'force');
  const catalog = stringArg(args, 'catalog');
  const uploadAllowed = boolArg(args, 'upload_allowed');
  const browser = await open(ctx, principal, id);
  let names = await guarded(() =>
    metadata.listSchemas(ctx.platform.cache, browser.row, browser.connection, catalog, force),
  );
  names = names.filter((name) => scopeShowsSchema(browser.scope, catalog, name));
  if (uploadAllowed) {
    if (!browser.row.allow_file_upload) return [];
    const allowed = parseExtra(browser.row.extra).schemas_allowed_for_file_upload ?? [];
    if (allowed.length > 0) names = names.filter((name) => allowed.includes(name));
  }
  return names.slice(0, BROWSE_LIST_LIMIT);
}

export async function tables(
  ctx: AppContext,
  principal: Principal,
  id: number,
  q?: string,
): Promise<{ count: number; result: TableListEntry[] }> {
  const args = risonArgs(q);
  const force = boolArg(args, 'force');
  const schema = stringArg(args, 'schema_name');
  const catalog = stringArg(args, 'catalog_name');
  const browser = await open(ctx, principal, id);
  const listing = await guarded(() =>
    metadata.listTables(ctx.platform.cache, browser.row, browser.connection, catalog, schema, force),
  );
  const visible = listing.filter((table) => scopeShowsTable(browser.scope, catalog, schema, table.name));
  const result = visible
    .slice(0, BROWSE_LIST_LIMIT)
    .map((table): TableListEntry => ({ value: table.name, type: table.type, extra: null }));
  return { count: visible.length, result };
}

export interface TableArgs {
  name: string;
  schema: string | null;
  catalog: string | null;
}

/** The table's metadata from the source; 404 when it is not there or not reachable by the caller. */
async function describeTable(browser: Browser, table: TableArgs): Promise<TableMetadata> {
  const { catalog, schema, name } = table;
  if (!scopeShowsTable(browser.scope, catalog, schema, name)) throw new NotFoundError();
  const found = await guarded(() => browser.connection.tableMetadata(catalog, schema, name));
  if (!found) {
    const shown = schema ? `${schema}.${name}` : name;
    throw databaseErrorToHttp(
      databaseError(
        browser.dialect.engine,
        'TABLE_DOES_NOT_EXIST_ERROR',
        `Table [${shown}] could not be found, please double check your database connection, schema, and table name`,
      ),
      404,
    );
  }
  return found;
}

export async function tableMetadata(
  ctx: AppContext,
  principal: Principal,
  id: number,
  table: TableArgs,
): Promise<TableMetadataResponse> {
  const browser = await open(ctx, principal, id);
  const found = await describeTable(browser, table);
  const ref = { catalog: table.catalog, schema: table.schema, table: table.name };
  const primaryKey = found.primaryKey && found.primaryKey.column_names.length > 0 ? found.primaryKey : null;
  const pk = primaryKey ? { ...primaryKey, type: 'pk' as const } : null;
  const foreignKeys = found.foreignKeys.map((fk) => ({ ...fk, type: 'fk' as const, options: {} }));
  const indexes = found.indexes.map((index) => ({ ...index, type: 'index' as const }));
  const columns = found.columns.map((column): TableMetadataColumn => {
    const generic = column.type ? browser.dialect.genericType(column.type) : null;
    return {
      name: column.name,
      type: column.type,
      longType: column.type,
      keys: [
        ...(pk?.column_names.includes(column.name) ? [pk] : []),
        ...foreignKeys.filter((fk) => fk.column_names.includes(column.name)),
        ...indexes.filter((index) => index.column_names.includes(column.name)),
      ],
      comment: column.comment,
      type_generic: generic === null ? null : GENERIC_DATA_TYPE[generic],
    };
  });
  return {
    name: found.name,
    columns,
    selectStar: browser.dialect.selectStar(
      ref,
      found.columns.map((column) => column.name),
      SELECT_STAR_LIMIT,
    ),
    primaryKey: pk,
    foreignKeys,
    indexes,
    comment: found.comment,
  };
}

/** Engine-specific extras (partitions, clustering…); none of Vitrina's engines adds any. */
export async function tableMetadataExtra(
  ctx: AppContext,
  principal: Principal,
  id: number,
  table: TableArgs,
): Promise<Record<string, unknown>> {
  const browser = await open(ctx, principal, id);
  if (!scopeShowsTable(browser.scope, table.catalog, table.schema, table.name)) throw new NotFoundError();
  return {};
}

/** The engine's built-in function names, for the SQL editor's completion. */
export async function functionNamesOf(ctx: AppContext, principal: Principal, id: number): Promise<string[]> {
  const row = await visibleDatabase(ctx, principal, id);
  try {
    return functionNames(describeDatabase(row).engine);
  } catch (error) {
    throw engineFailure(error);
  }
}

export async function selectStar(
  ctx: AppContext,
  principal: Principal,
  id: number,
  table: TableArgs,
): Promise<string> {
  const browser = await open(ctx, principal, id);
  const found = await describeTable(browser, table);
  return browser.dialect.selectStar(
    { catalog: table.catalog, schema: table.schema, table: table.name },
    found.columns.map((column) => column.name),
    SELECT_STAR_LIMIT,
  );
}
