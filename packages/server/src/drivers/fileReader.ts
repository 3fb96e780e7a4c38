import path from 'node:path';
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBInstance,
  type DuckDBResult,
  JsonDuckDBValueConverter,
} from '@duckdb/node-api';

/**
 * The reader of uploaded files: DuckDB's read_csv / read_parquet in a private in-memory instance that
 * may read the staged file's folder and nothing else, its configuration locked; no user query runs
 * there, and the databases' own instances can read no staged file (docs/security.md).
 */

/** What the upload form says about reading the file (resources/upload/options.ts fills it). */
export interface FileReadOptions {
  delimiter: string;
  headerRow: number | null;
  skipRows: number;
  nullValues: string[];
  decimalCharacter: string | null;
  columnDates: string[];
  columnsRead: string[];
  dataframeIndex: boolean;
  indexLabel: string | null;
  rowsToRead: number | null;
}

export interface FileReadRequest {
  /** A CSV (Excel files are converted first) or a Parquet file on local disk. */
  file: string;
  format: 'csv' | 'parquet';
  options: FileReadOptions;
}

/** A batch of the file's rows, column-wise, as a chunk-appending writer session takes it. */
export type FileChunk = DuckDBDataChunk;

/** The file as the reader streams it: column names, the reader's type names, and its chunks. */
export interface FileRows {
  names: string[];
  types: string[];
  chunks: AsyncIterable<FileChunk>;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const str = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `read_csv(…)` / `read_parquet(…)` with the upload's options, and the SELECT over it. */
export function fileQuery(request: FileReadRequest): string {
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
 * Streams the file to `work`; a failure of reading it (opening or any chunk, not `work`'s own) goes
 * through `readError` first. The private instance is closed afterwards.
 */
export async function readUploadedFile<T>(
  request: FileReadRequest,
  readError: (error: unknown) => unknown,
  work: (rows: FileRows) => Promise<T>,
): Promise<T> {
  return withFileReader(request.file, async (reader) => {
    let result: DuckDBResult;
    try {
      result = await reader.stream(fileQuery(request));
    } catch (error) {
      throw readError(error);
    }
    return work({
      names: result.columnNames(),
      types: result.columnTypes().map((type) => type.toString()),
      chunks: chunksOf(result, readError),
    });
  });
}

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

async function* chunksOf(
  result: DuckDBResult,
  readError: (error: unknown) => unknown,
): AsyncIterable<FileChunk> {
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

/** A chunk's rows as JSON-ready values (what bound parameters take). */
export function chunkRows(chunk: FileChunk): unknown[][] {
  return chunk.convertRows(JsonDuckDBValueConverter) as unknown[][];
}

/**
 * The reader's conversion errors name the CSV line; the rest of its long message is advice for SQL
 * users. The line's message, or null when the error names no line.
 */
export function fileLineError(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const line = /CSV Error on Line: (\d+)/.exec(message)?.[1];
  if (!line) return null;
  const detail =
    /(Could not convert[^\n]*)/.exec(message)?.[1] ??
    /(Expected Number of Columns[^\n]*)/.exec(message)?.[1] ??
    message.split('\n')[0];
  const column = /Error when converting column "([^"]+)"/.exec(message)?.[1];
  return `Line ${line}: ${detail}${column ? ` (column "${column}")` : ''}`;
}

/** Portable DDL type names for the kinds of column the reader yields. */
export function portableType(readerType: string): string {
  const type = readerType.toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)/.test(type))
    return 'BIGINT';
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC)/.test(type)) return 'DOUBLE PRECISION';
  if (type === 'BOOLEAN') return 'BOOLEAN';
  if (type === 'DATE') return 'DATE';
  if (type.startsWith('TIMESTAMP')) return 'TIMESTAMP';
  return 'TEXT';
}
