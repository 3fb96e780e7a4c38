import { getDialect } from '@vitrina/common/sql/dialects/index';
import mysql, {
  type Connection,
  type ConnectionOptions,
  type FieldPacket,
  type ResultSetHeader,
  type TypeCastField,
  type TypeCastNext,
} from 'mysql2';
import { batchStream } from './batchStream.ts';
import { booleanOption, numberOption, type OptionTypes, stringOption } from './connectOptions.ts';
import type {
  ConnectionSpec,
  DatabaseConnection,
  DatabaseDriver,
  DatabaseSession,
  PoolOptions,
  QueryOptions,
  QueryResult,
  ResultColumn,
  SessionOptions,
  StreamedResult,
  TableListing,
  TableMetadata,
} from './driver.ts';
import { databaseError, errorText, genericError, networkError, readOnlyError } from './errorMapping.ts';
import type { DatabaseError } from './errors.ts';
import { rowsAsRecords, runExplain } from './explain.ts';
import { ResourcePool, WriterSlot } from './pool.ts';
import { guarded, QueryGuard } from './queryGuard.ts';
import { type Lender, runPooledSession } from './session.ts';
import {
  normalizeBigInt,
  normalizeDateText,
  normalizeDecimalText,
  normalizeIntegerText,
  normalizeNumber,
  normalizeTimestampText,
  normalizeTimeText,
  normalizeValue,
} from './valueNormalizer.ts';

const ENGINE = 'mysql' as const;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_BATCH_SIZE = 1000;
const SYSTEM_SCHEMAS = ['information_schema', 'mysql', 'performance_schema', 'sys'];
const BINARY_CHARSET = 63;

/** MySQL protocol column types → the type names MySQL itself uses. */
const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};
const TEXT_OF_BINARY: Record<string, string> = { BLOB: 'TEXT', VARCHAR: 'VARCHAR', CHAR: 'CHAR' };
const BINARY_OF_TEXT: Record<string, string> = { VARCHAR: 'VARBINARY', CHAR: 'BINARY' };

export function mysqlColumnType(field: FieldPacket): string {
  const code = field.columnType ?? field.type ?? -1;
  const name = TYPE_NAMES[code] ?? 'UNKNOWN';
  const binary = (field.characterSet ?? field.charsetNr) === BINARY_CHARSET;
  if (name === 'TINYINT' && field.columnLength === 1) return 'TINYINT(1)';
  if (binary) return BINARY_OF_TEXT[name] ?? name;
  return TEXT_OF_BINARY[name] ?? name;
}

/** Values into the shared JSON-friendly forms (see valueNormalizer.ts); TINYINT(1) and BIT(1) are booleans. */
const typeCast = (field: TypeCastField, next: TypeCastNext): unknown => {
  switch (field.type) {
    case 'LONGLONG': {
      const text = field.string();
      return text === null ? null : normalizeIntegerText(text);
    }
    case 'NEWDECIMAL':
    case 'DECIMAL': {
      const text = field.string();
      return text === null ? null : normalizeDecimalText(text);
    }
    case 'TINY': {
      const text = field.string();
      if (text === null) return null;
      return field.length === 1 ? text !== '0' : Number(text);
    }
    case 'BIT': {
      const bytes = field.buffer();
      if (bytes === null) return null;
      if (field.length === 1) return bytes[0] === 1;
      let value = 0n;
      for (const byte of bytes) value = (value << 8n) | BigInt(byte);
      return normalizeBigInt(value);
    }
    case 'FLOAT':
    case 'DOUBLE': {
      const value = next();
      return typeof value === 'number' ? normalizeNumber(value) : value;
    }
    case 'DATETIME':
    case 'DATETIME2':
    case 'TIMESTAMP':
    case 'TIMESTAMP2': {
      const text = field.string();
      return text === null ? null : normalizeTimestampText(text);
    }
    case 'DATE':
    case 'NEWDATE': {
      const text = field.string();
      return text === null ? null : normalizeDateText(text);
    }
    case 'TIME':
    case 'TIME2': {
      const text = field.string();
      return text === null ? null : normalizeTimeText(text);
    }
    case 'JSON':
      return field.string('utf8');
    case 'GEOMETRY': {
      const bytes = field.buffer();
      return bytes === null ? null : bytes.toString('base64');
    }
    default:
      return normalizeValue(next());
  }
};

/**
 * What a MySQL/MariaDB URI may set. `multipleStatements`, `infileStreamFactory` (LOAD DATA LOCAL) and
 * the rest of mysql2's options are not among them: they stay as set below.
 */
const MYSQL_URI_QUERY = { charset: 'string', connect_timeout: 'number' } as const satisfies OptionTypes;

const MYSQL_CONNECT_ARGS = {
  ...MYSQL_URI_QUERY,
  /** TLS with the server's certificate verified. */
  ssl: 'boolean',
} as const satisfies OptionTypes;

function connectionOptions(spec: ConnectionSpec): ConnectionOptions {
  const connectTimeout = numberOption(spec, 'connect_timeout');
  return {
    host: spec.host ?? 'localhost',
    port: spec.port ?? 3306,
    user: spec.username ?? undefined,
    password: spec.password ?? undefined,
    database: spec.database ?? undefined,
    charset: stringOption(spec, 'charset') ?? 'utf8mb4',
    connectTimeout:
      connectTimeout !== undefined && connectTimeout > 0 ? connectTimeout * 1000 : DEFAULT_CONNECT_TIMEOUT_MS,
    ...(booleanOption(spec, 'ssl') && { ssl: { rejectUnauthorized: true } }),
    rowsAsArray: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    decimalNumbers: false,
    multipleStatements: false,
    typeCast,
  };
}

/** MySQL/MariaDB error numbers and socket errors → Superset's error types, with Superset's messages. */
export function mapMysqlError(error: unknown, spec: ConnectionSpec): DatabaseError {
  const network = networkError(ENGINE, error, spec);
  if (network) return network;
  const message = errorText(error);
  const errno = (error as { errno?: unknown }).errno;
  switch (errno) {
    case 1045:
      return databaseError(
        ENGINE,
        'CONNECTION_ACCESS_DENIED_ERROR',
        `Either the username "${spec.username ?? ''}" or the password is incorrect.`,
        { invalid: ['username', 'password'] },
      );
    case 1044:
      return databaseError(
        ENGINE,
        'CONNECTION_DATABASE_PERMISSIONS_ERROR',
        `The user "${spec.username ?? ''}" may not access database "${spec.database ?? ''}".`,
        { invalid: ['username', 'database'] },
      );
    case 1049:
      return databaseError(
        ENGINE,
        'CONNECTION_UNKNOWN_DATABASE_ERROR',
        `Unable to connect to database "${spec.database ?? ''}".`,
        { invalid: ['database'] },
      );
    case 1064: {
      const near = /right syntax to use near '([\s\S]*)' at line/.exec(message)?.[1];
      return databaseError(
        ENGINE,
        'SYNTAX_ERROR',
        near === undefined
          ? `Please check your query for syntax errors: ${message}`
          : `Please check your query for syntax errors near "${near}". Then, try running your query again.`,
      );
    }
    case 1146: {
      const table = /Table '(.+)' doesn't exist/.exec(message)?.[1] ?? '';
      return databaseError(
        ENGINE,
        'TABLE_DOES_NOT_EXIST_ERROR',
        `Table "${table}" does not exist. A valid table must be used to run this query.`,
      );
    }
    case 1054: {
      const column = /Unknown column '(.+?)'/.exec(message)?.[1] ?? '';
      return databaseError(
        ENGINE,
        'COLUMN_DOES_NOT_EXIST_ERROR',
        `We can't seem to resolve the column "${column}".`,
      );
    }
    case 1792: // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
      return readOnlyError(ENGINE);
    case 3024: // MySQL max_execution_time
    case 1969: // MariaDB max_statement_time
      return databaseError(
        ENGINE,
        'SQLLAB_TIMEOUT_ERROR',
        "The query exceeded the database's execution time limit.",
      );
    default:
      return genericError(ENGINE, error);
  }
}

interface MysqlConnection {
  connection: Connection;
  threadId: number;
  broken: boolean;
}

/** The server status bits of an OK packet that say a transaction is open, and whether it is read-only. */
const IN_TRANSACTION = 0x0001;
const IN_READ_ONLY_TRANSACTION = 0x2000;

/**
 * Read-only mode: the session's transactions are READ ONLY from the connection's start, which costs
 * one statement per connection. It refuses DML and, in autocommit, DDL. SQL can lift it (SET SESSION
 * TRANSACTION READ WRITE, START TRANSACTION READ WRITE, MariaDB's SET STATEMENT … FOR): the parsers
 * refuse those, and a connection on which a statement without a result set ran is checked after it
 * (afterStatement), so what one statement set never carries over to another caller.
 */
const READ_ONLY_SESSION = 'SET SESSION TRANSACTION READ ONLY';

/** A new connection; one text is always exactly one statement (multipleStatements is forced off). */
async function openConnection(spec: ConnectionSpec, readOnly = false): Promise<MysqlConnection> {
  const conn = await connect(spec);
  if (!readOnly) return conn;
  try {
    await runQuery(conn.connection, READ_ONLY_SESSION, []);
  } catch (error) {
    await endConnection(conn.connection);
    throw error;
  }
  return conn;
}

function connect(spec: ConnectionSpec): Promise<MysqlConnection> {
  return new Promise((resolve, reject) => {
    const connection = mysql.createConnection({ ...connectionOptions(spec), multipleStatements: false });
    const conn: MysqlConnection = { connection, threadId: 0, broken: false };
    const onError = (error: unknown) => {
      connection.destroy();
      reject(error);
    };
    connection.once('error', onError);
    connection.once('connect', () => {
      connection.removeListener('error', onError);
      connection.on('error', () => {
        conn.broken = true;
      });
      conn.threadId = connection.threadId;
      resolve(conn);
    });
  });
}

/** Ends politely (COM_QUIT after the running command); a connection that does not answer is destroyed. */
function endConnection(connection: Connection): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      connection.destroy();
      resolve();
    }, 2000);
    connection.end(() => {
      clearTimeout(timer);
      connection.destroy();
      resolve();
    });
  });
}

/** Rows of a result set, or the OK packet's header of a statement without one. */
function runQuery(
  connection: Connection,
  sql: string,
  params: unknown[],
): Promise<{ rows: unknown[][]; fields: FieldPacket[]; header?: ResultSetHeader }> {
  return new Promise((resolve, reject) => {
    connection.query({ sql, values: params, rowsAsArray: true }, (error, rows, fields) => {
      if (error) reject(error);
      else if (Array.isArray(rows))
        resolve({ rows: rows as unknown[][], fields: (fields ?? []) as FieldPacket[] });
      else resolve({ rows: [], fields: [], header: rows as ResultSetHeader });
    });
  });
}

class MysqlDatabaseConnection implements DatabaseConnection {
  private readonly writerSlot: WriterSlot;
  private readonly pool: ResourcePool<MysqlConnection>;
  private readonly mapError = (error: unknown) => mapMysqlError(error, this.spec);

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly options: PoolOptions,
  ) {
    this.pool = new ResourcePool<MysqlConnection>(
      {
        create: () => openConnection(spec, options.readOnly),
        destroy: (conn) => endConnection(conn.connection),
      },
      options.maxConnections,
      options.idleConnections,
    );
    this.writerSlot = new WriterSlot(
      ENGINE,
      this,
      options,
      (writable) => new MysqlDatabaseConnection(spec, writable),
    );
  }

  /** KILL QUERY from a separate, short-lived connection (the pool may be full). */
  private async killQuery(threadId: number): Promise<void> {
    const conn = await openConnection(this.spec);
    try {
      await runQuery(conn.connection, 'KILL QUERY ?', [threadId]);
    } finally {
      await endConnection(conn.connection);
    }
  }

  /**
   * On a read-only pool, after a statement that returned no result set (SET, START TRANSACTION…):
   * outside SQL Lab the connection is replaced, so nothing it set carries over; in a SQL Lab session
   * an open read-write transaction is refused and the session's read-only default is applied again.
   */
  private async afterStatement(conn: MysqlConnection, header: ResultSetHeader, inSession: boolean) {
    if (!this.options.readOnly) return;
    if (!inSession) {
      conn.broken = true;
      return;
    }
    const status = header.serverStatus ?? 0;
    if (status & IN_TRANSACTION) {
      if (status & IN_READ_ONLY_TRANSACTION) return;
      conn.broken = true;
      throw readOnlyError(ENGINE);
    }
    await runQuery(conn.connection, READ_ONLY_SESSION, []);
  }

  private async giveBack(
    lender: Lender<MysqlConnection>,
    conn: MysqlConnection,
    guard: QueryGuard,
  ): Promise<void> {
    if (conn.broken || guard.stopped) await lender.discard(conn);
    else lender.release(conn);
  }

  private timeout(options?: QueryOptions): number {
    return options?.timeoutMs ?? this.options.queryTimeoutMs;
  }

  async execute(sql: string, options?: QueryOptions): Promise<QueryResult> {
    return this.executeOn(this.pool, sql, options);
  }

  async stream(sql: string, options?: QueryOptions & { batchSize?: number }): Promise<StreamedResult> {
    return this.streamOn(this.pool, sql, options);
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
          stream: (sql, queryOptions) => this.streamOn(lender, sql, queryOptions),
        }),
      },
      options,
      work,
    );
  }

  private async executeOn(
    lender: Lender<MysqlConnection>,
    sql: string,
    options?: QueryOptions,
    inSession = false,
  ): Promise<QueryResult> {
    return guarded(ENGINE, this.timeout(options), options?.signal, this.mapError, async (guard) => {
      const conn = await lender.acquire(guard.stopSignal);
      try {
        guard.onStop(() => this.killQuery(conn.threadId));
        const { rows, fields, header } = await runQuery(conn.connection, sql, options?.params ?? []);
        guard.onStop(null);
        if (header) await this.afterStatement(conn, header, inSession);
        return { columns: fields.map((f) => ({ name: f.name, type: mysqlColumnType(f) })), rows };
      } finally {
        await this.giveBack(lender, conn, guard);
      }
    });
  }

  private async streamOn(
    lender: Lender<MysqlConnection>,
    sql: string,
    options?: QueryOptions & { batchSize?: number },
  ): Promise<StreamedResult> {
    const batchSize = Math.max(1, options?.batchSize ?? DEFAULT_BATCH_SIZE);
    const guard = new QueryGuard(ENGINE, this.timeout(options), options?.signal);
    let conn: MysqlConnection | null = null;
    // Rows arrive as 'result' events; the socket is paused whenever a full batch is buffered.
    let buffer: unknown[][] = [];
    let columns: ResultColumn[] | null = null;
    let ended = false;
    let failure: unknown = null;
    let wake: (() => void) | null = null;
    /** Set when the consumer is gone: rows still arriving are dropped and the socket is never paused again. */
    let draining = false;
    let query: ReturnType<Connection['query']> | null = null;
    const notify = () => {
      const resolve = wake;
      wake = null;
      resolve?.();
    };
    const waitFor = (ready: () => boolean) =>
      guard.step(
        () =>
          new Promise<void>((resolve, reject) => {
            const check = () => {
              if (failure) reject(failure);
              else if (ready()) resolve();
              else wake = check;
            };
            check();
          }),
        this.mapError,
      );
    const close = async () => {
      guard.onStop(null);
      draining = true;
      buffer = [];
      if (conn) {
        if (!ended && !guard.stopped) {
          // Abandoned midway: stop the query in the server, then the connection is replaced.
          guard.cancel();
          await this.killQuery(conn.threadId).catch(() => undefined);
        }
        conn.connection.resume();
        // A stream is for rows: a statement without a result set leaves nothing behind (afterStatement).
        if (this.options.readOnly && columns === null) (conn as MysqlConnection).broken = true;
        await this.giveBack(lender, conn, guard);
      }
      guard.dispose();
    };
    try {
      await guard.step(async () => {
        conn = await lender.acquire(guard.stopSignal);
        const active = conn;
        guard.onStop(() => this.killQuery(active.threadId));
        query = active.connection.query({ sql, values: options?.params ?? [], rowsAsArray: true });
        query
          .on('fields', (fields: FieldPacket[]) => {
            columns = fields.map((f) => ({ name: f.name, type: mysqlColumnType(f) }));
            notify();
          })
          .on('result', (row: unknown) => {
            if (draining) return;
            buffer.push(row as unknown[]);
            if (buffer.length >= batchSize) active.connection.pause();
            notify();
          })
          .on('error', (error: unknown) => {
            failure = error;
            notify();
          })
          .on('end', () => {
            ended = true;
            notify();
          });
      }, this.mapError);
      await waitFor(() => columns !== null || ended);
      return {
        columns: columns ?? [],
        batches: batchStream({
          next: async () => {
            await waitFor(() => buffer.length >= batchSize || ended);
            if (buffer.length === 0) return null;
            const batch = buffer.splice(0, batchSize);
            if (buffer.length < batchSize) conn?.connection.resume();
            return batch;
          },
          close: async () => {
            buffer = [];
            await close();
          },
        }),
      };
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
      'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN (?) ORDER BY SCHEMA_NAME',
      { params: [SYSTEM_SCHEMAS] },
    );
    return result.rows.map((row) => String(row[0]));
  }

  async listTables(_catalog: string | null, schema: string | null): Promise<TableListing[]> {
    const result = await this.execute(
      `SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) ORDER BY TABLE_NAME`,
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
      `SELECT TABLE_SCHEMA, TABLE_TYPE, TABLE_COMMENT FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?`,
      { params: [schema, table] },
    );
    const head = found.rows[0];
    if (!head) return null;
    const params = { params: [head[0], table] };
    const [columns, statistics, foreign, partitions] = await Promise.all([
      this.execute(
        `SELECT COLUMN_NAME, UPPER(COLUMN_TYPE), IS_NULLABLE, COLUMN_COMMENT FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
        params,
      ),
      this.execute(
        `SELECT INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.STATISTICS
          WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
        params,
      ),
      this.execute(
        `SELECT CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
           FROM information_schema.KEY_COLUMN_USAGE
          WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND REFERENCED_TABLE_NAME IS NOT NULL
          ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
        params,
      ),
      this.execute(
        `SELECT DISTINCT PARTITION_METHOD, PARTITION_EXPRESSION FROM information_schema.PARTITIONS
          WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND PARTITION_NAME IS NOT NULL`,
        params,
      ),
    ]);
    const indexes = new Map<string, { name: string; column_names: string[]; unique: boolean }>();
    for (const [name, nonUnique, column] of statistics.rows) {
      const key = String(name);
      const entry = indexes.get(key) ?? { name: key, column_names: [], unique: Number(nonUnique) === 0 };
      entry.column_names.push(String(column));
      indexes.set(key, entry);
    }
    const foreignKeys = new Map<string, TableMetadata['foreignKeys'][number]>();
    for (const [name, column, refSchema, refTable, refColumn] of foreign.rows) {
      const key = String(name);
      const entry = foreignKeys.get(key) ?? {
        name: key,
        column_names: [],
        referred_schema: String(refSchema),
        referred_table: String(refTable),
        referred_columns: [],
      };
      entry.column_names.push(String(column));
      entry.referred_columns.push(String(refColumn));
      foreignKeys.set(key, entry);
    }
    const primary = indexes.get('PRIMARY');
    indexes.delete('PRIMARY');
    const comment = head[1] === 'VIEW' || head[2] === '' ? null : String(head[2]);
    return {
      name: table,
      columns: columns.rows.map((row) => ({
        name: String(row[0]),
        type: String(row[1]),
        nullable: row[2] === 'YES',
        comment: row[3] === '' || row[3] === null ? null : String(row[3]),
      })),
      primaryKey: primary ? { name: 'PRIMARY', column_names: primary.column_names } : null,
      foreignKeys: [...foreignKeys.values()],
      indexes: [...indexes.values()],
      comment,
      partitionColumns: partitionColumn(
        partitions.rows,
        columns.rows.map((row) => String(row[0])),
      ),
    };
  }

  async estimateCost(sql: string): Promise<Array<Record<string, unknown>>> {
    const result = await runExplain(this, ENGINE, sql);
    return rowsAsRecords(result);
  }

  writer(): DatabaseConnection {
    return this.writerSlot.get();
  }

  async close(): Promise<void> {
    await this.writerSlot.close();
    await this.pool.close();
  }
}

/** Partitioning by value order: RANGE / LIST, on an expression or on COLUMNS. KEY and HASH have none. */
const ORDERED_PARTITIONING = new Set(['RANGE', 'LIST', 'RANGE COLUMNS', 'LIST COLUMNS']);

/**
 * The one plain column a table is partitioned on by range or list, from information_schema.PARTITIONS
 * (PARTITION_METHOD, PARTITION_EXPRESSION): MariaDB writes the column quoted (`` `ds` ``), MySQL may
 * write it bare; an expression (`year(ds)`) or several columns are no single partition column.
 */
export function partitionColumn(rows: unknown[][], columnNames: string[]): string[] {
  if (rows.length !== 1) return [];
  const [method, expression] = rows[0] ?? [];
  if (!ORDERED_PARTITIONING.has(String(method)) || typeof expression !== 'string') return [];
  const text = expression.trim();
  const quoted = /^`((?:[^`]|``)+)`$/.exec(text);
  const name = quoted ? quoted[1]!.replaceAll('``', '`') : /^[A-Za-z0-9_$]+$/.test(text) ? text : null;
  if (name === null) return [];
  // Column names compare without case in MySQL; the dataset keeps the table's own spelling.
  const column = columnNames.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return column === undefined ? [] : [column];
}

export const mysqlDriver: DatabaseDriver = {
  engine: ENGINE,
  connectArgs: MYSQL_CONNECT_ARGS,
  uriQuery: MYSQL_URI_QUERY,
  uploads: 'rows',
  connect: (spec, options) => new MysqlDatabaseConnection(spec, options),
};
