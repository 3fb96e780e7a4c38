import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  arrayFromArrayValue,
  arrayFromListValue,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBInstance,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBResult,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
  type DuckDBValueConverter,
  objectArrayFromMapValue,
  objectFromStructValue,
} from '@duckdb/node-api';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { batchStream } from './batchStream.ts';
import { booleanOption, type OptionTypes } from './connectOptions.ts';
import { type CsvColumnSql, type CsvEngineSql, csvLineSql } from './csvLines.ts';
import type {
  AppendTarget,
  ConnectionSpec,
  CsvStream,
  CsvStreamOptions,
  DatabaseConnection,
  DatabaseDriver,
  DatabaseSession,
  JsonRecords,
  JsonRecordsOptions,
  PoolOptions,
  QueryOptions,
  QueryResult,
  ResultColumn,
  SessionOptions,
  StreamedResult,
  TableListing,
  TableMetadata,
  XlsxRowStream,
  XlsxRowsOptions,
} from './driver.ts';
import { chunkRowReader } from './duckdbChunkRows.ts';
import { fileInstance, memoryInstance, type SharedInstance } from './duckdbInstances.ts';
import { anyTrue, type JsonColumnSql, jsonColumn, jsonRecordsSql } from './duckdbJsonRecords.ts';
import { stringVectorBytes } from './duckdbStringBytes.ts';
import { databaseError, errorText, genericError, readOnlyError } from './errorMapping.ts';
import type { DatabaseError } from './errors.ts';
import { runExplain } from './explain.ts';
import { countStatements } from './parsers/duckdbEngine.ts';
import { SqlParseError } from './parsers/types.ts';
import { ResourcePool } from './pool.ts';
import { guarded, QueryGuard } from './queryGuard.ts';
import { type Lender, runPooledSession } from './session.ts';
import {
  bytesToBase64,
  dateFromEpochDays,
  normalizeBigInt,
  normalizeDecimalText,
  normalizeNumber,
  timeFromMicros,
  timestampFromEpochMicros,
} from './valueNormalizer.ts';
import { type XlsxCellForm, xlsxRowSql } from './xlsxRows.ts';

const ENGINE = 'duckdb' as const;
const DEFAULT_BATCH_SIZE = 1000;

/** DuckDB values → the shared JSON-friendly forms (valueNormalizer.ts), recursing into lists and structs. */
export const convertDuckDBValue: DuckDBValueConverter<unknown> = (value, type, converter) => {
  if (value === null) return null;
  const v = value as unknown as Record<string, unknown> & { toString(): string; isFinite?: boolean };
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return Boolean(value);
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return normalizeNumber(Number(value));
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return typeof value === 'bigint' ? normalizeBigInt(value) : String(value);
    case DuckDBTypeId.DECIMAL:
      return normalizeDecimalText(v.toString());
    case DuckDBTypeId.DATE:
      return v.isFinite === false ? v.toString() : dateFromEpochDays(Number(v.days));
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_TZ:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS: {
      if (v.isFinite === false) return v.toString();
      const micros =
        typeof v.micros === 'bigint'
          ? v.micros
          : typeof v.millis === 'bigint'
            ? v.millis * 1000n
            : typeof v.seconds === 'bigint'
              ? v.seconds * 1_000_000n
              : (v.nanos as bigint) / 1000n;
      return timestampFromEpochMicros(micros, type.typeId === DuckDBTypeId.TIMESTAMP_TZ);
    }
    case DuckDBTypeId.TIME:
      return timeFromMicros(v.micros as bigint);
    case DuckDBTypeId.BLOB:
    case DuckDBTypeId.BIT:
    case DuckDBTypeId.GEOMETRY:
      return v.bytes instanceof Uint8Array ? bytesToBase64(v.bytes) : v.toString();
    case DuckDBTypeId.LIST:
      return arrayFromListValue(value, type, converter);
    case DuckDBTypeId.ARRAY:
      return arrayFromArrayValue(value, type, converter);
    case DuckDBTypeId.STRUCT:
      return objectFromStructValue(value, type, converter);
    case DuckDBTypeId.MAP:
      return objectArrayFromMapValue(value, type, converter);
    default:
      // VARCHAR (and JSON), ENUM, UUID, INTERVAL, TIME_TZ, UNION…
      return typeof value === 'string' ? value : v.toString();
  }
};

/** Bound parameters as DuckDB takes them (Dates as ISO text, which DuckDB casts where needed). */
function toDuckDBParams(params: unknown[] | undefined): DuckDBValue[] {
  return (params ?? []).map((param) => {
    if (param instanceof Date) return param.toISOString();
    if (param === undefined) return null;
    return param as DuckDBValue;
  });
}

export function mapDuckDBError(error: unknown, spec: ConnectionSpec): DatabaseError {
  const message = errorText(error);
  if (/Parser Error/i.test(message)) {
    const near = /at or near "(.*)"/.exec(message)?.[1];
    return databaseError(
      ENGINE,
      'SYNTAX_ERROR',
      near === undefined
        ? `Please check your query for syntax errors: ${message}`
        : `Please check your query for syntax errors at or near "${near}". Then, try running your query again.`,
    );
  }
  if (/attached in read-only mode|transaction is launched in read-only mode/i.test(message)) {
    return readOnlyError(ENGINE);
  }
  const table = /Catalog Error: Table with name (.+?) does not exist/.exec(message);
  if (table) {
    return databaseError(
      ENGINE,
      'TABLE_DOES_NOT_EXIST_ERROR',
      `Table "${table[1]}" does not exist. A valid table must be used to run this query.`,
    );
  }
  const schema = /Catalog Error: Schema with name (.+?) does not exist/.exec(message);
  if (schema)
    return databaseError(ENGINE, 'SCHEMA_DOES_NOT_EXIST_ERROR', `The schema "${schema[1]}" does not exist.`);
  const column = /Binder Error: Referenced column "?(.+?)"? not found/.exec(message);
  if (column) {
    return databaseError(
      ENGINE,
      'COLUMN_DOES_NOT_EXIST_ERROR',
      `We can't seem to resolve the column "${column[1]}".`,
    );
  }
  if (/^IO Error/i.test(message) && /No such file|Cannot open|does not exist/i.test(message)) {
    return missingFileError(spec.database ?? '');
  }
  return genericError(ENGINE, error);
}

function missingFileError(file: string): DatabaseError {
  return databaseError(
    ENGINE,
    'CONNECTION_UNKNOWN_DATABASE_ERROR',
    `The database file "${file}" does not exist.`,
    {
      invalid: ['database'],
    },
  );
}

/** Why a scaled-out installation writes nothing to a DuckDB file (uploads, CTAS/CVAS, DML). */
function sharedFileWriteError(file: string): DatabaseError {
  return databaseError(
    ENGINE,
    'GENERIC_DB_ENGINE_ERROR',
    `The DuckDB file "${path.basename(file)}" is read-only while Vitrina runs as separate processes: ` +
      'DuckDB lets only one process write to a file, so every process opens it read-only. ' +
      'Upload files and create tables in a database on a server (PostgreSQL, MySQL…), ' +
      'or run Vitrina as one process (`vitrina all`) to write to this file.',
  );
}

function isMemory(file: string | null): boolean {
  return file === null || file === '' || file === ':memory:';
}

/** What a DuckDB URI may set: opening the file. The sandbox (duckdbInstances.ts) is not among them. */
const DUCKDB_URI_QUERY = {
  create: 'boolean',
  read_only: 'boolean',
  access_mode: ['read_only', 'read_write', 'automatic'],
} as const satisfies OptionTypes;

const DUCKDB_CONNECT_ARGS = { create: 'boolean', read_only: 'boolean' } as const satisfies OptionTypes;

/** Creating a missing file is opt-in: `?create=true` in the URI or `connect_args.create: true`. */
function mayCreate(spec: ConnectionSpec): boolean {
  return booleanOption(spec, 'create') === true;
}

/** How DuckDB types become CSV cells in SQL (csvLines.ts); a type not here takes the JavaScript writer. */
function csvColumn(type: DuckDBType): CsvColumnSql | null {
  const text = (ref: string) => `CAST(${ref} AS VARCHAR)`;
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return { form: 'boolean', text };
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.UHUGEINT:
      return { form: 'integer', text };
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      // The driver widens FLOAT to a JavaScript number (a double): 0.1f is 0.10000000149011612 there.
      return { form: 'float', text: (ref) => `CAST(CAST(${ref} AS DOUBLE) AS VARCHAR)` };
    case DuckDBTypeId.DECIMAL:
      return { form: 'decimal', text };
    case DuckDBTypeId.VARCHAR:
      return { form: 'text', text: (ref) => ref };
    case DuckDBTypeId.DATE:
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIME:
      // `2024-03-13`, `2024-03-13 10:37:42.5`, `10:37:42.5`: the writer's forms (fraction trimmed).
      return { form: 'verbatim', text };
    default:
      return null;
  }
}

/** How DuckDB types become sheet cells in SQL (xlsxRows.ts); a type not here takes the JavaScript writer. */
function xlsxColumn(type: DuckDBType): XlsxCellForm | null {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return 'boolean';
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
      return 'smallInteger';
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.UHUGEINT:
      return 'integer';
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return 'float';
    case DuckDBTypeId.DECIMAL:
      return 'decimal';
    case DuckDBTypeId.VARCHAR:
      return 'text';
    case DuckDBTypeId.DATE:
      return 'date';
    case DuckDBTypeId.TIMESTAMP:
      return 'timestamp';
    case DuckDBTypeId.TIMESTAMP_TZ:
      return 'timestampZoned';
    case DuckDBTypeId.TIME:
      return 'printed';
    default:
      return null;
  }
}

const DUCKDB_CSV_SQL: CsvEngineSql = {
  matches: (expr, pattern) => `regexp_matches(${expr}, ${sqlLiteral(pattern)})`,
  textAsDoubleText: (expr) => `CAST(CAST(${expr} AS DOUBLE) AS VARCHAR)`,
  // DuckDB computes a repeated expression once by itself.
  fence: '',
  // Digits, ASCII letters and the rest of `[\]^_\``, Latin to Cyrillic and on to U+167F (before the
  // first Unicode space): no formula start, blank or quote among them. unicode() is the first code point.
  plainStart: (expr) =>
    `(unicode(${expr}) BETWEEN 48 AND 57 OR unicode(${expr}) BETWEEN 65 AND 122 OR unicode(${expr}) BETWEEN 256 AND 5759)`,
};

function sqlLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

const BEGIN_READ_ONLY = 'BEGIN TRANSACTION READ ONLY';
/** The statement a read-only transaction's end runs; it fails when the statement ended the transaction. */
const END_READ_ONLY = 'ROLLBACK';

class DuckDBDatabaseConnection implements DatabaseConnection {
  private readonly pool: ResourcePool<DuckDBConnection>;
  /** A :memory: database's instance (its writer shares it); a file's is looked up when first used. */
  private readonly memoryHome: SharedInstance | null;
  private instance: Promise<DuckDBInstance> | null = null;
  private holding: SharedInstance | null = null;
  private writerPool: DuckDBDatabaseConnection | null = null;
  /**
   * Read-only on a writable instance (the server writes to this database through writer()): DuckDB
   * has no per-connection read-only mode, so every query runs in a READ ONLY transaction.
   */
  private readonly readOnlyTransactions: boolean;
  private readonly mapError = (error: unknown) => mapDuckDBError(error, this.spec);

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly options: PoolOptions,
    memoryHome?: SharedInstance,
  ) {
    this.readOnlyTransactions = options.readOnly && options.serverWrites === true && !this.sharedFile();
    this.memoryHome = isMemory(spec.database)
      ? (memoryHome ?? memoryInstance(spec, options.readOnly && !options.serverWrites))
      : null;
    this.pool = new ResourcePool<DuckDBConnection>(
      {
        create: async () => (await this.getInstance()).connect(),
        destroy: async (connection) => connection.closeSync(),
      },
      options.maxConnections,
      options.idleConnections,
    );
  }

  private getInstance(): Promise<DuckDBInstance> {
    if (this.instance) return this.instance;
    let home = this.memoryHome;
    if (!home) {
      const file = path.resolve(this.spec.database ?? '');
      if (!existsSync(file) && !mayCreate(this.spec)) {
        return Promise.reject(missingFileError(this.spec.database ?? ''));
      }
      const readOnly = this.sharedFile() || (this.options.readOnly && !this.options.serverWrites);
      home = fileInstance(file, this.spec, readOnly);
    }
    const held = home;
    const acquired = held.acquire();
    this.instance = acquired;
    this.holding = held;
    acquired.catch(() => {
      if (this.instance !== acquired) return;
      this.instance = null;
      this.holding = null;
      void held.release();
    });
    return acquired;
  }

  /**
   * A file other processes open too: DuckDB lets one process hold a file writable and then refuses
   * every other process, read-only ones included, so each process opens it READ_ONLY (many may).
   */
  private sharedFile(): boolean {
    return this.options.sharedFiles === true && !isMemory(this.spec.database);
  }

  writer(): DatabaseConnection {
    if (this.sharedFile()) throw sharedFileWriteError(this.spec.database ?? '');
    if (!this.options.readOnly) return this;
    if (!this.options.serverWrites) {
      throw databaseError(
        ENGINE,
        'GENERIC_DB_ENGINE_ERROR',
        'This database allows no writes: it has no writable connection.',
      );
    }
    // The same instance, without read-only transactions: a file's is found by its path and mode.
    this.writerPool ??= new DuckDBDatabaseConnection(
      this.spec,
      { ...this.options, readOnly: false },
      this.memoryHome ?? undefined,
    );
    return this.writerPool;
  }

  /**
   * Runs `work` in a READ ONLY transaction when this pool is read-only on a writable instance: the
   * engine refuses every write to the database in it. A statement that ends the transaction
   * (COMMIT, ABORT) cannot write in the same breath, and the ROLLBACK after it then fails: the
   * connection is given up (`lost`) and the query answered as refused. `work` gets the text to put
   * before its SQL when it runs plain text (no parameters): the BEGIN then goes in the same engine
   * call as the query, one trip through the thread pool fewer while the connection is held.
   */
  private async inReadOnlyTransaction<T>(
    connection: DuckDBConnection,
    lost: { value: boolean },
    work: (beginPrefix: string) => Promise<T>,
    beginWithWork = false,
  ): Promise<T> {
    if (!this.readOnlyTransactions) return work('');
    if (!beginWithWork) {
      try {
        await connection.run(BEGIN_READ_ONLY);
      } catch (error) {
        lost.value = true;
        throw error;
      }
    }
    let result: T;
    try {
      result = await work(beginWithWork ? `${BEGIN_READ_ONLY};\n` : '');
    } catch (error) {
      // With the BEGIN in the same call the transaction may not have started: the ROLLBACK then
      // fails and the connection is given up, which costs a new connection and nothing else.
      await connection.run(END_READ_ONLY).catch(() => {
        lost.value = true;
      });
      throw error;
    }
    await this.endReadOnly(connection, lost);
    return result;
  }

  private async endReadOnly(connection: DuckDBConnection, lost: { value: boolean }): Promise<void> {
    try {
      await connection.run(END_READ_ONLY);
    } catch {
      lost.value = true;
      throw readOnlyError(ENGINE);
    }
  }

  private timeout(options?: QueryOptions): number {
    return options?.timeoutMs ?? this.options.queryTimeoutMs;
  }

  private columnsOf(result: DuckDBResult): ResultColumn[] {
    return result.columnNames().map((name, i) => ({ name, type: result.columnType(i).toString() }));
  }

  async execute(sql: string, options?: QueryOptions): Promise<QueryResult> {
    return this.executeOn(this.pool, sql, options);
  }

  async stream(sql: string, options?: QueryOptions & { batchSize?: number }): Promise<StreamedResult> {
    return this.streamOn(this.pool, sql, options);
  }

  streamCsv(sql: string, options: CsvStreamOptions): Promise<CsvStream | null> {
    return this.streamCsvOn(this.pool, sql, options);
  }

  executeJsonRecords(sql: string, options: JsonRecordsOptions): Promise<JsonRecords | null> {
    return this.executeJsonRecordsOn(this.pool, sql, options);
  }

  streamXlsxRows(sql: string, options: XlsxRowsOptions): Promise<XlsxRowStream | null> {
    return this.streamXlsxRowsOn(this.pool, sql, options);
  }

  session<T>(options: SessionOptions, work: (session: DatabaseSession) => Promise<T>): Promise<T> {
    return runPooledSession(
      {
        engine: ENGINE,
        pool: this.pool,
        mapError: this.mapError,
        useSchema: (schema) => `USE ${getDialect(ENGINE).quoteIdentifier(schema)}`,
        bind: (lender) => ({
          execute: (sql, queryOptions) => this.executeOn(lender, sql, queryOptions, true),
          stream: (sql, queryOptions) => this.streamOn(lender, sql, queryOptions, true),
          streamCsv: (sql, csvOptions) => this.streamCsvOn(lender, sql, csvOptions),
          executeJsonRecords: async (sql, jsonOptions) => {
            // As a session's execute(): one statement, read by DuckDB's parser, per call.
            await assertOneStatement(sql);
            return this.executeJsonRecordsOn(lender, sql, jsonOptions);
          },
          ...(!this.options.readOnly && {
            appendChunks: (target, chunks) => this.appendChunks(lender, target, chunks),
          }),
        }),
      },
      options,
      work,
    );
  }

  /** Appender errors are the database's; errors of `chunks` (the file's reader) pass through as they are. */
  private async appendChunks(
    lender: Lender<DuckDBConnection>,
    target: AppendTarget,
    chunks: AsyncIterable<DuckDBDataChunk>,
  ): Promise<void> {
    const connection = await lender.acquire();
    try {
      let appender: DuckDBAppender;
      try {
        appender = await connection.createAppender(target.table, target.schema, target.catalog);
      } catch (error) {
        throw this.mapError(error);
      }
      try {
        for await (const chunk of chunks) {
          try {
            appender.appendDataChunk(chunk);
          } catch (error) {
            throw this.mapError(error);
          }
        }
        try {
          appender.flushSync();
        } catch (error) {
          throw this.mapError(error);
        }
      } finally {
        try {
          appender.closeSync();
        } catch {
          // Closing flushes what is left: after a failure the caller's transaction rolls it back.
        }
      }
    } finally {
      lender.release(connection);
    }
  }

  private async executeOn(
    lender: Lender<DuckDBConnection>,
    sql: string,
    options?: QueryOptions,
    inSession = false,
  ): Promise<QueryResult> {
    const params = toDuckDBParams(options?.params);
    const plainText = inSession && params.length === 0;
    return guarded(ENGINE, this.timeout(options), options?.signal, this.mapError, async (guard) => {
      if (inSession) await assertOneStatement(sql);
      const connection = await lender.acquire(guard.stopSignal);
      const lost = { value: false };
      try {
        guard.onStop(() => connection.interrupt());
        // SQL Lab runs its statements as today; anything else is one prepared statement.
        // Each engine call is a trip through the thread pool behind all the server's other I/O, so a
        // session's text without parameters goes in one call, and the materialized chunks are read in place.
        const result: DuckDBMaterializedResult = await this.inReadOnlyTransaction(
          connection,
          lost,
          (beginPrefix) =>
            plainText
              ? connection.run(`${beginPrefix}${sql}`)
              : inSession
                ? connection.run(sql, params)
                : withPrepared(connection, sql, params, (prepared) => prepared.run()),
          plainText,
        );
        const read = chunkRowReader(result.columnTypes(), convertDuckDBValue);
        const rows: unknown[][] = [];
        for (let index = 0; index < result.chunkCount; index++) {
          for (const row of read(result.getChunk(index))) rows.push(row);
        }
        guard.onStop(null);
        return { columns: this.columnsOf(result), rows };
      } finally {
        if (lost.value) await lender.discard(connection);
        else lender.release(connection);
      }
    });
  }

  private async streamOn(
    lender: Lender<DuckDBConnection>,
    sql: string,
    options?: QueryOptions & { batchSize?: number },
    inSession = false,
  ): Promise<StreamedResult> {
    const batchSize = Math.max(1, options?.batchSize ?? DEFAULT_BATCH_SIZE);
    const guard = new QueryGuard(ENGINE, this.timeout(options), options?.signal);
    let connection: DuckDBConnection | null = null;
    let pending: unknown[][] = [];
    let exhausted = false;
    let inTransaction = false;
    const lost = { value: false };
    const close = async () => {
      guard.onStop(null);
      if (connection) {
        // An unfinished streaming result holds the connection: interrupt it before reuse.
        if (!exhausted) connection.interrupt();
        if (inTransaction) await this.endReadOnly(connection, lost).catch(() => undefined);
        if (lost.value) await lender.discard(connection);
        else lender.release(connection);
      }
      guard.dispose();
    };
    try {
      const result = await guard.step(async () => {
        if (inSession) await assertOneStatement(sql);
        connection = await lender.acquire(guard.stopSignal);
        const active = connection;
        guard.onStop(() => active.interrupt());
        const params = toDuckDBParams(options?.params);
        if (this.readOnlyTransactions) {
          await active.run(BEGIN_READ_ONLY);
          inTransaction = true;
        }
        return inSession
          ? active.stream(sql, params)
          : withPrepared(active, sql, params, (prepared) => prepared.stream());
      }, this.mapError);
      const read = chunkRowReader(result.columnTypes(), convertDuckDBValue);
      const fill = async () => {
        while (!exhausted && pending.length < batchSize) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) exhausted = true;
          else pending.push(...read(chunk));
        }
      };
      return {
        columns: this.columnsOf(result),
        batches: batchStream({
          next: async () => {
            await guard.step(fill, this.mapError);
            if (pending.length === 0) return null;
            return pending.splice(0, batchSize);
          },
          close: async () => {
            pending = [];
            await close();
          },
        }),
      };
    } catch (error) {
      await close();
      throw error;
    }
  }

  /**
   * The result's rows as CSV lines DuckDB formats itself (csvLines.ts), read as text rows (see
   * streamTextRowsOn). DuckDB's own COPY … TO would need file access, which the sandbox
   * (duckdbInstances.ts) denies every query.
   */
  private async streamCsvOn(
    lender: Lender<DuckDBConnection>,
    sql: string,
    options: CsvStreamOptions,
  ): Promise<CsvStream | null> {
    const terminator = options.newline === '\r\n' ? 'chr(13) || chr(10)' : 'chr(10)';
    return this.streamTextRowsOn(
      lender,
      sql,
      options,
      (types) => {
        const forms: CsvColumnSql[] = [];
        for (const type of types) {
          const form = csvColumn(type);
          if (!form) return null;
          forms.push(form);
        }
        return csvLineSql(sql, forms, options, DUCKDB_CSV_SQL, terminator);
      },
      // A line is never NULL (csvLineSql's concat() takes a NULL cell as empty text).
      (chunk) => stringVectorBytes(chunk, 0),
    );
  }

  /**
   * The result's rows as JSON records DuckDB writes itself (duckdbJsonRecords.ts), run as executeOn
   * runs a statement (read-only transaction, timeout, interrupt) and read in place: the statement is
   * described first (`LIMIT 0`, parameters bound) to learn its columns. Null when a column's type has
   * no form there, or when a row holds an odd value (the caller's execute() reads it the usual way).
   */
  private async executeJsonRecordsOn(
    lender: Lender<DuckDBConnection>,
    sql: string,
    options: JsonRecordsOptions,
  ): Promise<JsonRecords | null> {
    const params = toDuckDBParams(options.params);
    return guarded(ENGINE, this.timeout(options), options.signal, this.mapError, async (guard) => {
      const connection = await lender.acquire(guard.stopSignal);
      const lost = { value: false };
      try {
        guard.onStop(() => connection.interrupt());
        const answer = await this.inReadOnlyTransaction(connection, lost, async () => {
          let described: Awaited<ReturnType<typeof describeResult>>;
          try {
            described = await describeResult(connection, sql, params);
          } catch {
            // execute() runs the statement as it is and reports its error as it should.
            if (guard.stopped) throw guard.stopped;
            return null;
          }
          const { columns, types } = described;
          // The probe's subquery renames duplicate names (`a`, `a_1`), which a record keeps as one.
          if (described.renamed) return null;
          const forms: JsonColumnSql[] = [];
          for (let i = 0; i < types.length; i++) {
            const form = jsonColumn(types[i] as DuckDBType, options.temporal(columns[i]?.type ?? ''));
            if (!form) return null;
            forms.push(form);
          }
          const query =
            forms.length > 0
              ? jsonRecordsSql(
                  sql,
                  columns.map((column) => column.name),
                  forms,
                )
              : null;
          if (!query) return null;
          let prepared: DuckDBPreparedStatement;
          try {
            prepared = await connection.prepare(query.sql);
          } catch {
            // Not a query it can wrap (a statement that is no SELECT): execute() runs it as it is.
            if (guard.stopped) throw guard.stopped;
            return null;
          }
          let result: DuckDBMaterializedResult;
          try {
            // A stop that fell between two statements interrupted neither: the query must not start.
            if (guard.stopped) throw guard.stopped;
            prepared.bind(params);
            result = await prepared.run();
          } finally {
            prepared.destroySync();
          }
          const parts: Buffer[] = [Buffer.from('[')];
          const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
          let rowCount = 0;
          let more = false;
          for (let index = 0; index < result.chunkCount; index++) {
            const chunk = result.getChunk(index);
            if (query.withOdd && anyTrue(chunk, 1)) return null;
            if (rowCount + chunk.rowCount <= maxRows) {
              parts.push(stringVectorBytes(chunk, 0));
              rowCount += chunk.rowCount;
              continue;
            }
            // The chunk that passes the limit: its first rows up to it, cut where a record ends.
            const keep = maxRows - rowCount;
            const ends = new Uint32Array(chunk.rowCount);
            const bytes = stringVectorBytes(chunk, 0, ends);
            if (keep > 0) parts.push(bytes.subarray(0, ends[keep - 1]));
            rowCount += keep;
            more = true;
            break;
          }
          if (rowCount === 0) return { columns, rowCount, json: Buffer.from('[]'), more };
          // Each record ends with a comma: the last one's becomes the array's end. Kept as bytes (the
          // answer is sent as bytes: decoding it to a string cost as much as a tenth of the request).
          const json = Buffer.concat(parts);
          json[json.length - 1] = 0x5d;
          return { columns, rowCount, json, more };
        });
        guard.onStop(null);
        return answer;
      } finally {
        if (lost.value) await lender.discard(connection);
        else lender.release(connection);
      }
    });
  }

  /** The result's rows as sheet XML DuckDB writes itself (xlsxRows.ts), read as text rows. */
  private async streamXlsxRowsOn(
    lender: Lender<DuckDBConnection>,
    sql: string,
    options: XlsxRowsOptions,
  ): Promise<XlsxRowStream | null> {
    return this.streamTextRowsOn(
      lender,
      sql,
      options,
      (types) => {
        const forms: XlsxCellForm[] = [];
        for (const type of types.slice(0, options.maxColumns)) {
          const form = xlsxColumn(type);
          if (!form) return null;
          forms.push(form);
        }
        return forms.length > 0 ? xlsxRowSql(sql, forms, options) : null;
      },
      (chunk) => {
        const ends = new Uint32Array(chunk.rowCount);
        return { bytes: stringVectorBytes(chunk, 0, ends), ends, length: chunk.rowCount };
      },
    );
  }

  /**
   * The result's rows as one text column DuckDB builds from them (a CSV line, a sheet row): the
   * statement is described (`SELECT * FROM (…) LIMIT 0`, one prepared statement) to learn its columns,
   * `build` wraps it in the SELECT of that text, which is streamed like stream() streams, in the
   * same read-only transaction, timeout and interrupt; the server reads each chunk's string bytes
   * without decoding them (`read`). Null when `build` declines a column's type, or when the statement
   * cannot be wrapped (not a query): the caller takes the JavaScript writer, which runs the statement
   * as it is (and reports its error, if it has one).
   */
  private async streamTextRowsOn<T>(
    lender: Lender<DuckDBConnection>,
    sql: string,
    options: QueryOptions,
    build: (types: DuckDBType[]) => string | null,
    read: (chunk: DuckDBDataChunk) => T,
  ): Promise<{ columns: ResultColumn[]; chunks: AsyncIterable<T> } | null> {
    const guard = new QueryGuard(ENGINE, this.timeout(options), options.signal);
    let connection: DuckDBConnection | null = null;
    let exhausted = false;
    let inTransaction = false;
    const lost = { value: false };
    /** The next chunk, asked for while the consumer writes the one before (see next()). */
    let ahead: Promise<DuckDBDataChunk | null> | null = null;
    const close = async () => {
      guard.onStop(null);
      if (connection) {
        if (!exhausted) connection.interrupt();
        // The connection is reused only once the fetch in flight on it has come back.
        if (ahead) await ahead.catch(() => undefined);
        ahead = null;
        if (inTransaction) await this.endReadOnly(connection, lost).catch(() => undefined);
        if (lost.value) await lender.discard(connection);
        else lender.release(connection);
        connection = null;
      }
      guard.dispose();
    };
    try {
      const opened = await guard.step(async () => {
        connection = await lender.acquire(guard.stopSignal);
        const active = connection;
        guard.onStop(() => active.interrupt());
        if (this.readOnlyTransactions) {
          await active.run(BEGIN_READ_ONLY);
          inTransaction = true;
        }
        const params = toDuckDBParams(options.params);
        let text: string | null;
        let columns: ResultColumn[];
        try {
          const described = await describeResult(active, sql, params);
          columns = described.columns;
          // The probe's subquery renames duplicate names (`a`, `a_1`): the header would not be execute()'s.
          text = described.renamed ? null : build(described.types);
        } catch {
          if (guard.stopped) throw guard.stopped;
          return null;
        }
        if (text === null) return null;
        if (guard.stopped) throw guard.stopped;
        const result = await withPrepared(active, text, params, (prepared) => prepared.stream());
        return { result, columns };
      }, this.mapError);
      if (!opened) {
        exhausted = true;
        await close();
        return null;
      }
      const { result, columns } = opened;
      const fetch = () => guard.step(() => result.fetchChunk(), this.mapError);
      const next = async (): Promise<T | null> => {
        if (exhausted) return null;
        const pending = ahead ?? fetch();
        ahead = null;
        const chunk = await pending;
        if (!chunk || chunk.rowCount === 0) {
          exhausted = true;
          return null;
        }
        // DuckDB works on the next chunk (in libuv's pool) while this one is read and written out;
        // its failure is met by the next call, or ignored by close().
        ahead = fetch();
        ahead.catch(() => undefined);
        return read(chunk);
      };
      return { columns, chunks: batchStream({ next, close }) };
    } catch (error) {
      await close();
      throw error;
    }
  }

  async testConnection(): Promise<void> {
    await this.execute('SELECT 1');
  }

  async listCatalogs(): Promise<string[]> {
    return [];
  }

  async listSchemas(_catalog: string | null): Promise<string[]> {
    const result = await this.execute(
      `SELECT schema_name FROM information_schema.schemata
        WHERE catalog_name = current_database() AND schema_name NOT IN ('information_schema', 'pg_catalog')
        ORDER BY schema_name`,
    );
    return result.rows.map((row) => String(row[0]));
  }

  async listTables(_catalog: string | null, schema: string | null): Promise<TableListing[]> {
    const result = await this.execute(
      `SELECT table_name, table_type FROM information_schema.tables
        WHERE table_catalog = current_database() AND table_schema = COALESCE($1, current_schema())
        ORDER BY table_name`,
      { params: [schema] },
    );
    return result.rows.map((row) => ({ name: String(row[0]), type: row[1] === 'VIEW' ? 'view' : 'table' }));
  }

  async tableMetadata(
    _catalog: string | null,
    schema: string | null,
    table: string,
  ): Promise<TableMetadata | null> {
    const found = await this.execute(
      `SELECT schema_name, comment FROM duckdb_tables()
        WHERE database_name = current_database() AND schema_name = COALESCE($1, current_schema()) AND table_name = $2
       UNION ALL
       SELECT schema_name, comment FROM duckdb_views()
        WHERE database_name = current_database() AND schema_name = COALESCE($1, current_schema()) AND view_name = $2`,
      { params: [schema, table] },
    );
    const head = found.rows[0];
    if (!head) return null;
    const params = { params: [head[0], table] };
    const [columns, constraints, indexes] = await Promise.all([
      this.execute(
        `SELECT column_name, data_type, is_nullable, comment FROM duckdb_columns()
          WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
          ORDER BY column_index`,
        params,
      ),
      this.execute(
        `SELECT constraint_type, constraint_name, constraint_column_names, referenced_table, referenced_column_names
           FROM duckdb_constraints()
          WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
            AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
          ORDER BY constraint_index`,
        params,
      ),
      this.execute(
        `SELECT index_name, is_unique, expressions FROM duckdb_indexes()
          WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
          ORDER BY index_name`,
        params,
      ),
    ]);
    const pk = constraints.rows.find((row) => row[0] === 'PRIMARY KEY');
    return {
      name: table,
      columns: columns.rows.map((row) => ({
        name: String(row[0]),
        type: String(row[1]),
        nullable: row[2] === true,
        comment: (row[3] as string | null) ?? null,
      })),
      primaryKey: pk ? { name: (pk[1] as string | null) ?? null, column_names: pk[2] as string[] } : null,
      foreignKeys: constraints.rows
        .filter((row) => row[0] === 'FOREIGN KEY')
        .map((row) => ({
          name: (row[1] as string | null) ?? null,
          column_names: row[2] as string[],
          referred_schema: String(head[0]),
          referred_table: String(row[3]),
          referred_columns: row[4] as string[],
        })),
      indexes: indexes.rows.map((row) => ({
        name: String(row[0]),
        unique: row[1] === true,
        column_names: parseIndexExpressions(row[2]),
      })),
      comment: (head[1] as string | null) ?? null,
      // DuckDB tables are not partitioned (hive-partitioned files are read, not tables).
      partitionColumns: [],
    };
  }

  async estimateCost(sql: string): Promise<Array<Record<string, unknown>>> {
    const result = await runExplain(this, ENGINE, sql);
    return result.rows.map((row) => ({ 'Query plan': String(row[1] ?? row[0] ?? '') }));
  }

  async close(): Promise<void> {
    const writer = this.writerPool;
    this.writerPool = null;
    await writer?.close();
    await this.pool.close();
    const held = this.holding;
    this.instance = null;
    this.holding = null;
    await held?.release();
  }
}

/**
 * A session's text runs through DuckDB's multi-statement calls (one trip; node-api runs all but the
 * last statement of a text it prepares or streams), which would run a stacked `COMMIT; DELETE …` past
 * the read-only transaction: it must be one statement, as a prepared statement must.
 * Counted by DuckDB's own parser, whose answers are kept per text (SQL Lab's texts were counted when
 * its script was split). A text that does not parse goes on to the engine, which
 * parses it before running any of it and answers with its own syntax error.
 */
async function assertOneStatement(sql: string): Promise<void> {
  const count = await countStatements(sql).catch((error: unknown) => {
    if (error instanceof SqlParseError) return 1;
    throw error;
  });
  if (count !== 1) {
    throw databaseError(
      ENGINE,
      'GENERIC_DB_ENGINE_ERROR',
      `Only one statement can be run at a time; this text holds ${count}.`,
    );
  }
}

/**
 * Runs `sql` as exactly one prepared statement. The connection's run() and stream() would run every
 * statement of a text but the last one unprepared; prepare() refuses a text with several.
 */
/**
 * A statement's result columns without running it: names as the statement itself gives them (a
 * subquery around it would rename duplicates) and types, from the prepared statement; where a type
 * depends on a bound parameter, from running it with `LIMIT 0` and the parameters bound.
 */
async function describeResult(
  connection: DuckDBConnection,
  sql: string,
  params: DuckDBValue[],
): Promise<{ columns: ResultColumn[]; types: DuckDBType[]; renamed: boolean }> {
  const prepared = await connection.prepare(sql);
  let names: string[];
  let typed: boolean;
  let types: DuckDBType[] = [];
  try {
    names = Array.from({ length: prepared.columnCount }, (_, i) => prepared.columnName(i));
    typed = names.every((_, i) => prepared.columnTypeId(i) !== DuckDBTypeId.INVALID);
    if (typed) types = names.map((_, i) => prepared.columnType(i));
  } finally {
    prepared.destroySync();
  }
  if (!typed) {
    // Such a statement shows one `unknown` column until it runs: the probe's names are the ones then.
    const probe = await withPrepared(
      connection,
      `SELECT * FROM (\n${sql}\n) AS vitrina_probe LIMIT 0`,
      params,
      (statement) => statement.run(),
    );
    names = probe.columnNames();
    types = probe.columnTypes();
  }
  return {
    columns: names.map((name, i) => ({ name, type: String(types[i]) })),
    types,
    renamed: !typed && mayHoldRenamedDuplicates(names),
  };
}

/**
 * Whether a probe's names may hold duplicates its subquery renamed: DuckDB names the second `a` (or
 * `A`) `a_1`, the third `a_2`. A statement whose own names look so is only read the usual way.
 */
export function mayHoldRenamedDuplicates(names: readonly string[]): boolean {
  const lower = new Set(names.map((name) => name.toLowerCase()));
  return names.some((name) => {
    const base = /^(.*)_\d+$/s.exec(name)?.[1];
    return base !== undefined && lower.has(base.toLowerCase());
  });
}

async function withPrepared<T>(
  connection: DuckDBConnection,
  sql: string,
  params: DuckDBValue[],
  run: (prepared: DuckDBPreparedStatement) => Promise<T>,
): Promise<T> {
  const prepared = await connection.prepare(sql);
  try {
    prepared.bind(params);
    return await run(prepared);
  } finally {
    prepared.destroySync();
  }
}

/** duckdb_indexes().expressions: a list of column expressions, quoted when needed (`["a", b]`). */
function parseIndexExpressions(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.map(String)
    : String(value ?? '')
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
  return items.map((item) =>
    item.startsWith('"') && item.endsWith('"') ? item.slice(1, -1).replaceAll('""', '"') : item,
  );
}

export const duckdbDriver: DatabaseDriver = {
  engine: ENGINE,
  connectArgs: DUCKDB_CONNECT_ARGS,
  uriQuery: DUCKDB_URI_QUERY,
  sandboxedMemory: true,
  uploads: 'chunks',
  // Queries still run DuckDB's own threads and at most four at a time in libuv's pool.
  defaultMaxOverflow: 45,
  connect: (spec, options) => new DuckDBDatabaseConnection(spec, options),
};
