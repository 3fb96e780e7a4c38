import { randomBytes } from 'node:crypto';
import { DuckDBInstance, JsonDuckDBValueConverter } from '@duckdb/node-api';
import type { EngineName } from '@vitrina/common/sql/engines';
import { UnprocessableError } from '../../http/errors.ts';
import type { Source } from '../datasets/source.ts';
import { sourceError } from '../datasets/source.ts';
import type { UploadOptions } from './options.ts';

/**
 * How a file gets into a database, one loader per engine (a Record keyed by engine, so a new engine
 * must say how it takes uploads). Every loader is all-or-nothing: a bad row fails the load and leaves
 * no new table and no appended rows behind.
 *
 * The file is read by DuckDB's readers (read_csv / read_parquet): DuckDB databases load it in one
 * statement (CREATE TABLE … AS / CREATE OR REPLACE / INSERT … BY NAME, each atomic); other engines get
 * its typed rows inserted in batches with bound parameters into a scratch table, which then replaces,
 * extends or becomes the target.
 */

export interface LoadRequest {
  source: Source;
  /** A CSV (Excel files are converted first) or a Parquet file on local disk. */
  file: string;
  format: 'csv' | 'parquet';
  options: UploadOptions;
}

type Loader = (request: LoadRequest) => Promise<void>;

// ---- DuckDB's file readers ------------------------------------------------------------------------

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const str = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `read_csv(…)` / `read_parquet(…)` with the upload's options, and the SELECT over it. */
export function fileQuery(request: Pick<LoadRequest, 'file' | 'format' | 'options'>): string {
  const { options } = request;
  let relation: string;
  if (request.format === 'parquet') {
    relation = `read_parquet(${str(request.file)})`;
  } else {
    const args = [str(request.file), `delim=${str(options.delimiter)}`, `quote='"'`, `escape='"'`];
    args.push(`header=${options.headerRow === null ? 'false' : 'true'}`);
    args.push(`skip=${options.skipRows + (options.headerRow ?? 0)}`);
    if (options.nullValues.length > 0) args.push(`nullstr=[${options.nullValues.map(str).join(', ')}]`);
    if (options.decimalCharacter === ',') args.push(`decimal_separator=','`);
    if (options.columnDates.length > 0) {
      args.push(`types={${options.columnDates.map((c) => `${str(c)}: 'TIMESTAMP'`).join(', ')}}`);
    }
    relation = `read_csv(${args.join(', ')})`;
  }
  const columns = options.columnsRead.length > 0 ? options.columnsRead.map(q).join(', ') : '*';
  const index = options.dataframeIndex
    ? `, row_number() OVER () - 1 AS ${q(options.indexLabel ?? 'index')}`
    : '';
  const limit = options.rowsToRead !== null ? ` LIMIT ${options.rowsToRead}` : '';
  return `SELECT ${columns}${index} FROM ${relation}${limit}`;
}

/** DuckDB's conversion errors name the CSV line; the rest of its long message is advice for SQL users. */
export function fileError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const line = /CSV Error on Line: (\d+)/.exec(message)?.[1];
  if (line) {
    const detail =
      /(Could not convert[^\n]*)/.exec(message)?.[1] ??
      /(Expected Number of Columns[^\n]*)/.exec(message)?.[1] ??
      message.split('\n')[0];
    const column = /Error when converting column "([^"]+)"/.exec(message)?.[1];
    return new UnprocessableError(`Line ${line}: ${detail}${column ? ` (column "${column}")` : ''}`);
  }
  return null;
}

async function tableExists(source: Source, schema: string | null, table: string): Promise<boolean> {
  try {
    return (await source.connection.tableMetadata(null, schema, table)) !== null;
  } catch (error) {
    throw sourceError(error);
  }
}

function alreadyExists(schema: string | null, table: string): UnprocessableError {
  const name = schema ? `${schema}.${table}` : table;
  return new UnprocessableError(
    `Table "${name}" already exists. Change the table name, or choose to replace or append to it.`,
  );
}

async function run(source: Source, statement: string): Promise<void> {
  try {
    await source.connection.execute(statement);
  } catch (error) {
    throw fileError(error) ?? sourceError(error);
  }
}

// ---- DuckDB: one statement -----------------------------------------------------------------------

const duckdbLoader: Loader = async (request) => {
  const { source, options } = request;
  const target = source.dialect.qualifiedTable({ schema: options.schema, table: options.tableName });
  const select = fileQuery(request);
  const exists = await tableExists(source, options.schema, options.tableName);
  if (exists && options.alreadyExists === 'fail') throw alreadyExists(options.schema, options.tableName);
  if (!exists) await run(source, `CREATE TABLE ${target} AS ${select}`);
  else if (options.alreadyExists === 'replace')
    await run(source, `CREATE OR REPLACE TABLE ${target} AS ${select}`);
  else await run(source, `INSERT INTO ${target} BY NAME ${select}`);
};

// ---- other engines: batches into a scratch table -------------------------------------------------

/** Portable DDL type names for the kinds of column a file yields. */
function portableType(duckdbType: string): string {
  const type = duckdbType.toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)/.test(type))
    return 'BIGINT';
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC)/.test(type)) return 'DOUBLE PRECISION';
  if (type === 'BOOLEAN') return 'BOOLEAN';
  if (type === 'DATE') return 'DATE';
  if (type.startsWith('TIMESTAMP')) return 'TIMESTAMP';
  return 'TEXT';
}

const bindable = (value: unknown): unknown =>
  typeof value === 'boolean'
    ? value
      ? 1
      : 0
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : value;

const MAX_PARAMS_PER_STATEMENT = 10_000;

const insertLoader: Loader = async (request) => {
  const { source, options } = request;
  const { dialect } = source;
  const exists = await tableExists(source, options.schema, options.tableName);
  if (exists && options.alreadyExists === 'fail') throw alreadyExists(options.schema, options.tableName);
  const ref = (table: string) => dialect.qualifiedTable({ schema: options.schema, table });
  const scratch = `vitrina_upload_${randomBytes(6).toString('hex')}`;
  const instance = await DuckDBInstance.create(':memory:');
  const reader = await instance.connect();
  let scratchCreated = false;
  try {
    let result: Awaited<ReturnType<typeof reader.stream>>;
    try {
      result = await reader.stream(fileQuery(request));
    } catch (error) {
      throw (
        fileError(error) ?? new UnprocessableError(error instanceof Error ? error.message : String(error))
      );
    }
    const names = result.columnNames();
    const types = result.columnTypes().map((type) => portableType(type.toString()));
    const columnList = names.map(dialect.quoteIdentifier).join(', ');
    await run(
      source,
      `CREATE TABLE ${ref(scratch)} (${names.map((n, i) => `${dialect.quoteIdentifier(n)} ${types[i]}`).join(', ')})`,
    );
    scratchCreated = true;
    const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / Math.max(1, names.length)));
    let pending: unknown[][] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      let index = 0;
      const tuples = pending.map(
        (row) => `(${row.map(() => dialect.parameterPlaceholder(++index)).join(', ')})`,
      );
      const params = pending.flat().map(bindable);
      pending = [];
      try {
        await source.connection.execute(
          `INSERT INTO ${ref(scratch)} (${columnList}) VALUES ${tuples.join(', ')}`,
          {
            params,
          },
        );
      } catch (error) {
        throw sourceError(error);
      }
    };
    for (;;) {
      let chunk: Awaited<ReturnType<typeof result.fetchChunk>>;
      try {
        chunk = await result.fetchChunk();
      } catch (error) {
        throw (
          fileError(error) ?? new UnprocessableError(error instanceof Error ? error.message : String(error))
        );
      }
      if (!chunk || chunk.rowCount === 0) break;
      for (const row of chunk.convertRows(JsonDuckDBValueConverter)) {
        pending.push(row as unknown[]);
        if (pending.length >= rowsPerStatement) await flush();
      }
    }
    await flush();

    // The file is in: swap it in with as few steps as the engine's DDL allows.
    const target = ref(options.tableName);
    if (!exists) {
      await run(
        source,
        `ALTER TABLE ${ref(scratch)} RENAME TO ${dialect.quoteIdentifier(options.tableName)}`,
      );
    } else if (options.alreadyExists === 'append') {
      await run(source, `INSERT INTO ${target} (${columnList}) SELECT ${columnList} FROM ${ref(scratch)}`);
      await run(source, `DROP TABLE ${ref(scratch)}`);
    } else {
      const backup = `${scratch}_old`;
      await run(source, `ALTER TABLE ${target} RENAME TO ${dialect.quoteIdentifier(backup)}`);
      try {
        await run(
          source,
          `ALTER TABLE ${ref(scratch)} RENAME TO ${dialect.quoteIdentifier(options.tableName)}`,
        );
      } catch (error) {
        await run(
          source,
          `ALTER TABLE ${ref(backup)} RENAME TO ${dialect.quoteIdentifier(options.tableName)}`,
        );
        throw error;
      }
      await run(source, `DROP TABLE ${ref(backup)}`);
    }
    scratchCreated = false;
  } finally {
    if (scratchCreated)
      await source.connection.execute(`DROP TABLE IF EXISTS ${ref(scratch)}`).catch(() => undefined);
    reader.closeSync();
    instance.closeSync();
  }
};

const unsupported: Loader = async () => {
  throw new UnprocessableError('Database type does not support file uploads.');
};

export const UPLOAD_LOADERS: Record<EngineName, Loader> = {
  duckdb: duckdbLoader,
  sqlite: insertLoader,
  postgresql: insertLoader,
  mysql: insertLoader,
  clickhouse: unsupported,
  trino: unsupported,
};
