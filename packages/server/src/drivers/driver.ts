import type { DuckDBDataChunk } from '@duckdb/node-api';
import type { EngineName } from '@vitrina/common/sql/engines';
import type { OptionTypes } from './connectOptions.ts';

/** A connection as the driver needs it: the parsed URI with the real (decrypted) password. */
export interface ConnectionSpec {
  engine: EngineName;
  username: string | null;
  password: string | null;
  host: string | null;
  port: number | null;
  /** Database name, or the file path for file-based engines (absolute). */
  database: string | null;
  /** Extra URI query parameters (sslmode, catalog, schema…). */
  query: Record<string, string>;
  /** From the database's `extra.engine_params.connect_args`: only keys the driver declares (connectOptions.ts). */
  connectArgs?: Record<string, unknown>;
}

export interface PoolOptions {
  /** Connections open at most for this database (default pool_size 5 + max_overflow 10). */
  maxConnections: number;
  /** Connections kept open while idle (pool_size); more are closed when given back. Default: all. */
  idleConnections?: number;
  /** Per-query time limit unless a query asks for another (ms). */
  queryTimeoutMs: number;
  /**
   * Every query, stream and session runs in the engine's read-only mode: the second wall behind the
   * SQL parsers. The app's pools for user queries are always read-only; the server's own writes go
   * through writer(). What each engine gives is in docs/security.md.
   */
  readOnly: boolean;
  /**
   * The server writes to this database too (uploads, CTAS/CVAS, DML the database allows), through
   * writer(). An engine that shares one handle between the read-only pool and the writer (a DuckDB
   * instance, a SQLite `:memory:` connection) opens it writable and keeps its readers read-only by
   * other means.
   */
  serverWrites?: boolean;
  /**
   * Other processes open this database's files too (the installation runs scaled out). An engine
   * whose files take one writing process at a time opens them read-only whatever the other options
   * say, and its writer() refuses with a message that says why (docs/decisions.md).
   */
  sharedFiles?: boolean;
}

export interface QueryOptions {
  /** Bound parameters, in placeholder order. */
  params?: unknown[];
  timeoutMs?: number;
  /** Aborting cancels the query in the database and rejects with a QUERY_CANCELLED error. */
  signal?: AbortSignal;
}

/** How a SQL Lab script runs: on one connection, with the tab's schema as the default. */
export interface SessionOptions {
  /** Where unqualified names resolve (search_path, USE…); null or absent keeps the connection's default. */
  schema?: string | null;
  /** Aborting while the session waits for a connection gives up the wait (a QUERY_CANCELLED error). */
  signal?: AbortSignal;
}

/** Statements on one held connection: what one sets (SET, USE, temporary tables) the next one sees. */
export interface DatabaseSession {
  execute(sql: string, options?: QueryOptions): Promise<QueryResult>;
  stream(sql: string, options?: QueryOptions & { batchSize?: number }): Promise<StreamedResult>;
  /**
   * DuckDB's writer only: appends chunks read by a private DuckDB instance (an upload's staged file)
   * to a table, in the session's transaction, so the database's own instance never reads the file.
   */
  appendChunks?(table: AppendTarget, chunks: AsyncIterable<DuckDBDataChunk>): Promise<void>;
  /** As DatabaseConnection.streamCsv, on the session's connection. */
  streamCsv?(sql: string, options: CsvStreamOptions): Promise<CsvStream | null>;
  /** As DatabaseConnection.executeJsonRecords, on the session's connection (one statement). */
  executeJsonRecords?(sql: string, options: JsonRecordsOptions): Promise<JsonRecords | null>;
}

/** How the engine writes CSV rows: the product's rules that reach the rows (not the BOM or header). */
export interface CsvStreamOptions extends QueryOptions {
  /** One character, not a quote or a line break. */
  delimiter: string;
  decimalSeparator: '.' | ',';
  newline: '\r\n' | '\n';
  /** Escape cells a spreadsheet would run as formulas, as flows/export/csv.ts escapeFormula does. */
  formulaGuard: boolean;
}

/** A result's data rows as UTF-8 CSV bytes written by the engine (no BOM, no header row). */
export interface CsvStream {
  columns: ResultColumn[];
  /** Chunks of whole or partial lines, read as the consumer asks; stopping early ends the query. */
  chunks: AsyncIterable<Buffer>;
}

/** How the engine writes a result's rows as JSON records (DatabaseConnection.executeJsonRecords). */
export interface JsonRecordsOptions extends QueryOptions {
  /** Whether a column of this type (ResultColumn.type) is sent as epoch milliseconds. */
  temporal(type: string): boolean;
  /** At most this many records are written; JsonRecords.more says whether the result had more rows. */
  maxRows?: number;
}

/** A result's rows as the JSON of an array of records (`[{"a":1},…]`), written by the engine. */
export interface JsonRecords {
  columns: ResultColumn[];
  rowCount: number;
  /** UTF-8 bytes. */
  json: Buffer;
  /** Whether rows past JsonRecordsOptions.maxRows were left out. */
  more: boolean;
}

/** How the engine writes sheet rows: the product's XLSX rules that reach the rows (flows/export/xlsx). */
export interface XlsxRowsOptions extends QueryOptions {
  /** Data rows a sheet holds: row references start again at 2 after each such run. */
  rowsPerSheet: number;
  /** Columns past this many are left out. */
  maxColumns: number;
  /** A text cell's limit in UTF-16 code units. */
  maxCellText: number;
  /** The styles (cellXfs indexes) of date and date-time serials. */
  dateStyle: number;
  dateTimeStyle: number;
  /** A 0-based column's letters (A, B … XFD). */
  columnLetters(index: number): string;
}

/** Consecutive `<row>` elements of a sheet as UTF-8 bytes, and where each row ends in them. */
export interface XlsxRowChunk {
  bytes: Buffer;
  /** The byte offset just past each row. */
  ends: Uint32Array;
  /** The number of rows. */
  length: number;
}

/** A result's data rows as sheet XML written by the engine (no header row). */
export interface XlsxRowStream {
  columns: ResultColumn[];
  /** Chunks of whole rows, read as the consumer asks; stopping early ends the query. */
  chunks: AsyncIterable<XlsxRowChunk>;
}

/** A table appendChunks writes to; `catalog: 'temp'` is the session's temporary tables. */
export interface AppendTarget {
  catalog: string | null;
  schema: string | null;
  table: string;
}

export interface ResultColumn {
  name: string;
  /** The native type name as the engine reports it (VARCHAR, BIGINT, TIMESTAMP…). */
  type: string;
}

/**
 * Rows as arrays in column order. Values are JSON-friendly: numbers (bigints beyond 2^53 and decimals
 * as strings, never silently rounded), strings, booleans, null, and timestamps as ISO-8601 strings.
 */
export interface QueryResult {
  columns: ResultColumn[];
  rows: unknown[][];
}

export interface StreamedResult {
  columns: ResultColumn[];
  /** Batches of rows, read as the consumer asks: memory stays bounded by the batch size. */
  batches: AsyncIterable<unknown[][]>;
}

export type TableKind = 'table' | 'view';

export interface TableListing {
  name: string;
  type: TableKind;
}

export interface ColumnMetadata {
  name: string;
  type: string;
  nullable: boolean;
  comment: string | null;
}

export interface TableMetadata {
  name: string;
  columns: ColumnMetadata[];
  primaryKey: { name: string | null; column_names: string[] } | null;
  foreignKeys: Array<{
    name: string | null;
    column_names: string[];
    referred_schema: string | null;
    referred_table: string;
    referred_columns: string[];
  }>;
  indexes: Array<{ name: string; column_names: string[]; unique: boolean }>;
  comment: string | null;
  /**
   * The column the table is partitioned on, when its partition key is that one plain column and the
   * partitions are by value or range (where the dialect claims partitions); empty otherwise. Hash
   * partitions, expression keys and keys of several columns are left out, as Superset offers the
   * latest partition only for a single partition column: no one column's greatest value names the
   * latest partition there.
   */
  partitionColumns: string[];
}

/**
 * One database's pool: every query and introspection call goes through it. Opening is lazy; the
 * first call connects. Errors are thrown as DatabaseError (drivers/errors.ts) with Superset's
 * error types, never as raw driver errors.
 */
export interface DatabaseConnection {
  /** Exactly one statement, sent as one prepared statement: a text with several statements fails. */
  execute(sql: string, options?: QueryOptions): Promise<QueryResult>;
  /** Exactly one statement, as execute. */
  stream(sql: string, options?: QueryOptions & { batchSize?: number }): Promise<StreamedResult>;
  /**
   * The result of one statement as CSV rows formatted by the engine itself, byte for byte as the
   * JavaScript writer (flows/export/csv.ts) would write them; null when a column's type is one the
   * engine cannot write that way (the caller then streams rows into the JavaScript writer). The
   * statement runs as stream() runs it: same checks, read-only mode, timeout and cancellation.
   * Only engines with a fast path have it (drivers/csvLines.ts).
   */
  streamCsv?(sql: string, options: CsvStreamOptions): Promise<CsvStream | null>;
  /**
   * The result of one statement as sheet rows written by the engine itself, byte for byte as the
   * JavaScript XLSX writer (flows/export/xlsx) would write them; null when a column's type is one the
   * engine cannot write that way. Runs as streamCsv runs. Only DuckDB has it (drivers/xlsxRows.ts).
   */
  streamXlsxRows?(sql: string, options: XlsxRowsOptions): Promise<XlsxRowStream | null>;
  /**
   * The result of one statement as JSON records written by the engine itself, their values those of
   * execute()'s rows with the `temporal` columns as epoch milliseconds (the chart data answer's
   * `data`); null when a column's type or a value is one the engine cannot write so (the caller
   * then runs execute()). Runs as execute() runs. Only DuckDB has it (drivers/duckdbJsonRecords.ts).
   */
  executeJsonRecords?(sql: string, options: JsonRecordsOptions): Promise<JsonRecords | null>;
  /**
   * Holds one connection for `work` (a SQL Lab script) with the schema applied on it; every statement
   * of the session runs on that connection, in order. Settings and temporary objects end with the
   * session (the connection is not given back to other queries as the script left it). A stream
   * opened in the session must be read or closed before `work` settles.
   */
  session<T>(options: SessionOptions, work: (session: DatabaseSession) => Promise<T>): Promise<T>;
  /** Connects and runs a trivial query; throws a typed connection error on failure. */
  testConnection(): Promise<void>;
  listCatalogs(): Promise<string[]>;
  listSchemas(catalog: string | null): Promise<string[]>;
  listTables(catalog: string | null, schema: string | null): Promise<TableListing[]>;
  /** null when the table does not exist. */
  tableMetadata(catalog: string | null, schema: string | null, table: string): Promise<TableMetadata | null>;
  /** The plan's cost as rows of key/value pairs (Superset shows them as a table). */
  estimateCost(sql: string): Promise<Array<Record<string, unknown>>>;
  /**
   * The pool of the server's own writes to this database, beside this read-only one: writable, used
   * only by the paths that write (uploads, SQL Lab CTAS/CVAS and DML where allowed), closed with this
   * pool. A pool that is not read-only is its own writer. Throws for a read-only pool opened without
   * `serverWrites`.
   */
  writer(): DatabaseConnection;
  close(): Promise<void>;
}

/** The I/O half of an engine; its SQL text comes from the dialect of the same engine. */
export interface DatabaseDriver {
  engine: EngineName;
  /** The `connect_args` keys this driver reads, with their types; the API refuses any other. */
  connectArgs: OptionTypes;
  /** The URI query parameters this driver reads, with their types; the API refuses any other. */
  uriQuery: OptionTypes;
  /** A file-based engine whose `:memory:` database reaches no file or network (a locked sandbox). */
  sandboxedMemory?: boolean;
  /**
   * How uploaded files get in: `chunks` appends the file reader's chunks on a writer session
   * (appendChunks), `rows` inserts the typed rows in batches with bound parameters, null takes none.
   */
  uploads: 'chunks' | 'rows' | null;
  /**
   * max_overflow when the database does not set one (SQLAlchemy's 10 otherwise). An in-process engine's
   * connection costs a little memory, not a server's session, and a run holds it across turns of the
   * event loop: a larger pool keeps a busy SQL Lab from queueing for one.
   */
  defaultMaxOverflow?: number;
  connect(spec: ConnectionSpec, options: PoolOptions): DatabaseConnection;
}
