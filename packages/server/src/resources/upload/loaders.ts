import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBInstance,
  type DuckDBResult,
  JsonDuckDBValueConverter,
} from '@duckdb/node-api';
import type { EngineName } from '@vitrina/common/sql/engines';
import type { DatabaseSession } from '../../drivers/driver.ts';
import { UnprocessableError } from '../../http/errors.ts';
import type { Source } from '../datasets/source.ts';
import { sourceError } from '../datasets/source.ts';
import type { UploadOptions } from './options.ts';

/**
 * How a file gets into a database, one loader per engine (a Record keyed by engine, so a new engine
 * must say how it takes uploads). Every loader is all-or-nothing: a bad row fails the load and leaves
 * no new table and no appended rows behind.
 *
 * The file is read by DuckDB's readers (read_csv / read_parquet) in a private DuckDB instance that may
 * read the upload's staging folder and nothing else; no user query runs there, and the database's own
 * instances can read no staged file (docs/security.md). Every loader writes through the database's
 * writable pool (the connection in `source`), never the read-only one user queries run on. DuckDB
 * databases get the file's chunks appended to a temporary table and then CREATE TABLE … AS / CREATE
 * OR REPLACE / INSERT … BY NAME, all in one transaction; other engines get its typed rows inserted in
 * batches with bound parameters into a scratch table, which then replaces, extends or becomes the
 * target.
 */

export interface LoadRequest {
  /** The database with its writable pool as `connection`. */
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

/**
 * Runs `work` on a private in-memory DuckDB instance that may read the staged file's folder only, with
 * its configuration locked; it is closed afterwards.
 */
async function withFileReader<T>(file: string, work: (reader: DuckDBConnection) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  try {
    const reader = await instance.connect();
    try {
      await reader.run(`SET GLOBAL allowed_directories = [${str(`${path.dirname(file)}${path.sep}`)}]`);
      await reader.run('SET GLOBAL enable_external_access = false');
      await reader.run('SET GLOBAL lock_configuration = true');
      return await work(reader);
    } finally {
      reader.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** A failure while the file is read: its line when DuckDB names one, else its message (422). */
function readError(error: unknown): unknown {
  return fileError(error) ?? new UnprocessableError(error instanceof Error ? error.message : String(error));
}

/** The file's rows as the reader streams them. */
async function readFile(reader: DuckDBConnection, request: LoadRequest): Promise<DuckDBResult> {
  try {
    return await reader.stream(fileQuery(request));
  } catch (error) {
    throw readError(error);
  }
}

async function* chunksOf(result: DuckDBResult): AsyncIterable<DuckDBDataChunk> {
  for (;;) {
    let chunk: DuckDBDataChunk | null;
    try {
      chunk = await result.fetchChunk();
    } catch (error) {
      throw readError(error);
    }
    if (!chunk || chunk.rowCount === 0) return;
    yield chunk;
  }
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

// ---- DuckDB: appended chunks, one transaction ----------------------------------------------------

const duckdbLoader: Loader = async (request) => {
  const { source, options } = request;
  const target = source.dialect.qualifiedTable({ schema: options.schema, table: options.tableName });
  const exists = await tableExists(source, options.schema, options.tableName);
  if (exists && options.alreadyExists === 'fail') throw alreadyExists(options.schema, options.tableName);
  const scratch = `vitrina_upload_${randomBytes(6).toString('hex')}`;
  const select = `SELECT * FROM temp.main.${q(scratch)}`;
  await withFileReader(request.file, async (reader) => {
    const result = await readFile(reader, request);
    const names = result.columnNames();
    const types = result.columnTypes().map((type) => type.toString());
    await runOn(source, async (session) => {
      const append = session.appendChunks;
      if (!append) throw new Error('A DuckDB writer session appends chunks');
      await session.execute('BEGIN TRANSACTION');
      await session.execute(
        `CREATE TEMP TABLE ${q(scratch)} (${names.map((n, i) => `${q(n)} ${types[i]}`).join(', ')})`,
      );
      await append({ catalog: 'temp', schema: 'main', table: scratch }, chunksOf(result));
      if (!exists) await session.execute(`CREATE TABLE ${target} AS ${select}`);
      else if (options.alreadyExists === 'replace')
        await session.execute(`CREATE OR REPLACE TABLE ${target} AS ${select}`);
      else await session.execute(`INSERT INTO ${target} BY NAME ${select}`);
      await session.execute(`DROP TABLE temp.main.${q(scratch)}`);
      // Anything thrown before this leaves the transaction open: the session's connection is then
      // closed, which rolls it back.
      await session.execute('COMMIT');
    });
  });
};

/** `work` on one connection of the source's writable pool; database failures as 422s. */
async function runOn(source: Source, work: (session: DatabaseSession) => Promise<void>): Promise<void> {
  try {
    await source.connection.session({}, work);
  } catch (error) {
    throw sourceError(error);
  }
}

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
  let scratchCreated = false;
  await withFileReader(request.file, async (reader) => {
    try {
      const result = await readFile(reader, request);
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
      for await (const chunk of chunksOf(result)) {
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
    }
  });
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
