import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { batchStream } from './batchStream.ts';
import { booleanOption, choiceOption, type OptionTypes } from './connectOptions.ts';
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
import { databaseError, errorText, genericError, readOnlyError } from './errorMapping.ts';
import type { DatabaseError } from './errors.ts';
import { rowsAsRecords, runExplain } from './explain.ts';
import { ResourcePool, WriterSlot } from './pool.ts';
import { guarded, QueryGuard } from './queryGuard.ts';
import { type Lender, runPooledSession } from './session.ts';
import {
  bytesToBase64,
  normalizeBigInt,
  normalizeDateText,
  normalizeNumber,
  normalizeTimestampText,
} from './valueNormalizer.ts';

const ENGINE = 'sqlite' as const;
const DEFAULT_BATCH_SIZE = 1000;
const PROCESS_SCRIPT = fileURLToPath(new URL('./sqliteProcess.mjs', import.meta.url));
/** What SQLite's own date functions print; expression columns holding exactly this are timestamps. */
const SQLITE_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;

interface RawColumn {
  name: string;
  /** The declared type of a table column; null for expressions. */
  type: string | null;
}

interface Reply {
  id: number;
  ok: boolean;
  columns?: RawColumn[];
  rows?: unknown[][];
  done?: boolean;
  error?: { message: string; code: string | null };
}

class SqliteProcessError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'SqliteProcessError';
  }
}

/** One SQLite connection: a child process running better-sqlite3 (see sqliteProcess.mjs). */
class SqliteProcess {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(reply: Reply): void; reject(error: unknown): void }>();
  private exited = false;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: Reply) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      waiter.resolve(message);
    });
    child.on('exit', () => {
      this.exited = true;
      for (const waiter of this.pending.values())
        waiter.reject(new SqliteProcessError('The SQLite process ended', null));
      this.pending.clear();
    });
  }

  static start(file: string, mode: 'create' | 'readonly' | 'readwrite'): Promise<SqliteProcess> {
    return new Promise((resolve, reject) => {
      const child = fork(PROCESS_SCRIPT, [file, mode], {
        serialization: 'advanced',
        execArgv: [],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new SqliteProcessError(`The SQLite process exited (${code})`, null)),
      );
      child.once(
        'message',
        (message: { ready: boolean; error?: { message: string; code: string | null } }) => {
          if (message.ready) resolve(new SqliteProcess(child));
          else
            reject(
              new SqliteProcessError(
                message.error?.message ?? 'Cannot open the database',
                message.error?.code ?? null,
              ),
            );
        },
      );
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  async request(message: Record<string, unknown>): Promise<Reply> {
    if (this.exited) throw new SqliteProcessError('The SQLite process ended', null);
    const id = this.nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...message, id });
    });
    if (!reply.ok)
      throw new SqliteProcessError(reply.error?.message ?? 'SQLite error', reply.error?.code ?? null);
    return reply;
  }

  /** Stops whatever runs right now: the only way to interrupt a synchronous better-sqlite3 call. */
  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  async end(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    if (this.child.connected) this.child.disconnect();
    const timer = setTimeout(() => this.kill(), 2000);
    await exited;
    clearTimeout(timer);
  }
}

/** Bound parameters as better-sqlite3 takes them: booleans as 1/0, Dates as ISO text. */
function toSqliteParams(params: unknown[] | undefined): unknown[] {
  return (params ?? []).map((param) => {
    if (typeof param === 'boolean') return param ? 1 : 0;
    if (param instanceof Date) return param.toISOString();
    if (param === undefined) return null;
    return param;
  });
}

type ValueKind = 'boolean' | 'date' | 'timestamp' | 'expression' | 'other';

function kindOf(column: RawColumn): ValueKind {
  if (column.type === null) return 'expression';
  const generic = getDialect(ENGINE).genericType(column.type);
  const declared = column.type.toUpperCase();
  if (generic === 'BOOLEAN' || /^BOOL/.test(declared)) return 'boolean';
  if (/^DATE$/.test(declared)) return 'date';
  if (generic === 'TEMPORAL' || /DATETIME|TIMESTAMP/.test(declared)) return 'timestamp';
  return 'other';
}

/** SQLite values (typed by storage class) → the shared JSON-friendly forms, using declared column types. */
function normalizeSqliteValue(value: unknown, kind: ValueKind): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    if (kind === 'boolean') return value !== 0n;
    return normalizeBigInt(value);
  }
  if (typeof value === 'number') {
    if (kind === 'boolean') return value !== 0;
    return normalizeNumber(value);
  }
  if (typeof value === 'string') {
    if (kind === 'date') return normalizeDateText(value);
    if (kind === 'timestamp' || (kind === 'expression' && SQLITE_DATETIME.test(value))) {
      return normalizeTimestampText(value);
    }
    return value;
  }
  if (value instanceof Uint8Array) return bytesToBase64(value);
  return String(value);
}

function storageClass(value: unknown): string {
  if (typeof value === 'bigint') return 'INTEGER';
  if (typeof value === 'number') return 'REAL';
  if (typeof value === 'string') return 'TEXT';
  if (value instanceof Uint8Array) return 'BLOB';
  return 'NULL';
}

/** The declared type, or for expressions the storage class of the first non-null value. */
function resultColumns(columns: RawColumn[], rows: unknown[][]): ResultColumn[] {
  return columns.map((column, i) => {
    if (column.type) return { name: column.name, type: column.type.toUpperCase() };
    const sample = rows.find((row) => row[i] !== null && row[i] !== undefined)?.[i];
    return { name: column.name, type: storageClass(sample) };
  });
}

function normalizeRows(columns: RawColumn[], rows: unknown[][]): unknown[][] {
  const kinds = columns.map(kindOf);
  return rows.map((row) => row.map((value, i) => normalizeSqliteValue(value, kinds[i] ?? 'other')));
}

export function mapSqliteError(error: unknown, spec: ConnectionSpec): DatabaseError {
  const message = errorText(error);
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_CANTOPEN' || /unable to open database file|directory does not exist/i.test(message)) {
    return databaseError(
      ENGINE,
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
      `The database file "${spec.database ?? ''}" does not exist or cannot be opened.`,
      { invalid: ['database'] },
    );
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) return readOnlyError(ENGINE);
  const syntax = /near "(.*)": syntax error/.exec(message);
  if (syntax || /syntax error|incomplete input/.test(message)) {
    return databaseError(
      ENGINE,
      'SYNTAX_ERROR',
      syntax
        ? `Please check your query for syntax errors at or near "${syntax[1]}". Then, try running your query again.`
        : `Please check your query for syntax errors: ${message}`,
    );
  }
  const table = /no such table: (.+)$/.exec(message);
  if (table) {
    return databaseError(
      ENGINE,
      'TABLE_DOES_NOT_EXIST_ERROR',
      `Table "${table[1]}" does not exist. A valid table must be used to run this query.`,
    );
  }
  const column = /no such column: (.+)$/.exec(message);
  if (column) {
    return databaseError(
      ENGINE,
      'COLUMN_DOES_NOT_EXIST_ERROR',
      `We can't seem to resolve the column "${column[1]}".`,
    );
  }
  return genericError(ENGINE, error);
}

/** What a SQLite URI may set: how the file opens. `file:` names and `vfs` are never passed on. */
const SQLITE_URI_QUERY = {
  mode: ['ro', 'rw', 'rwc'],
  read_only: 'boolean',
  create: 'boolean',
} as const satisfies OptionTypes;

const SQLITE_CONNECT_ARGS = { read_only: 'boolean', create: 'boolean' } as const satisfies OptionTypes;

function openMode(spec: ConnectionSpec): 'create' | 'readonly' | 'readwrite' {
  const mode = choiceOption(spec, 'mode');
  if (mode === 'ro' || booleanOption(spec, 'read_only')) return 'readonly';
  if (mode === 'rwc' || booleanOption(spec, 'create')) return 'create';
  return 'readwrite';
}

class SqliteDatabaseConnection implements DatabaseConnection {
  private readonly pool: ResourcePool<SqliteProcess>;
  private readonly writerSlot: WriterSlot;
  private readonly mapError = (error: unknown) => mapSqliteError(error, this.spec);
  private readonly file: string;

  /** `shared`: the :memory: database's one connection, owned by the read-only pool this writer belongs to. */
  constructor(
    private readonly spec: ConnectionSpec,
    private readonly options: PoolOptions,
    private readonly shared?: ResourcePool<SqliteProcess>,
  ) {
    const memory = spec.database === null || spec.database === '' || spec.database === ':memory:';
    this.file = memory ? ':memory:' : path.resolve(spec.database ?? '');
    // A file's writer is a second pool of its own; a :memory: database lives in one connection, which
    // its writer shares (each request then says whether it may write).
    this.writerSlot = new WriterSlot(
      ENGINE,
      this,
      options,
      (writable) => new SqliteDatabaseConnection(spec, writable, memory ? this.pool : undefined),
    );
    // Read-only mode wins over the URI's mode (sqliteProcess.mjs says what it gives). A :memory:
    // database with a writer opens writable; its read-only requests set query_only.
    const mode = options.readOnly && !(memory && options.serverWrites) ? 'readonly' : openMode(spec);
    this.pool =
      shared ??
      new ResourcePool<SqliteProcess>(
        {
          create: async () => {
            // better-sqlite3 refuses a missing file itself (fileMustExist); checking first gives the clearer error.
            if (this.file !== ':memory:' && mode !== 'create' && !existsSync(this.file)) {
              throw new SqliteProcessError('unable to open database file', 'SQLITE_CANTOPEN');
            }
            return SqliteProcess.start(this.file, mode);
          },
          destroy: (proc) => proc.end(),
        },
        // Each :memory: connection would be its own empty database: one connection keeps them one.
        memory ? 1 : options.maxConnections,
        memory ? 1 : options.idleConnections,
      );
  }

  private timeout(options?: QueryOptions): number {
    return options?.timeoutMs ?? this.options.queryTimeoutMs;
  }

  private async giveBack(
    lender: Lender<SqliteProcess>,
    proc: SqliteProcess,
    guard: QueryGuard,
  ): Promise<void> {
    if (!proc.alive || guard.stopped) await lender.discard(proc);
    else lender.release(proc);
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
        useSchema: null,
        bind: (lender) => ({
          execute: (sql, queryOptions) => this.executeOn(lender, sql, queryOptions, true),
          stream: (sql, queryOptions) => this.streamOn(lender, sql, queryOptions),
        }),
        // No schemas to set; a :memory: database lives only in its one connection, so it is kept.
        keepConnection: this.file === ':memory:',
      },
      options,
      work,
    );
  }

  private async executeOn(
    lender: Lender<SqliteProcess>,
    sql: string,
    options?: QueryOptions,
    inSession = false,
  ): Promise<QueryResult> {
    return guarded(ENGINE, this.timeout(options), options?.signal, this.mapError, async (guard) => {
      const proc = await lender.acquire(guard.stopSignal);
      try {
        guard.onStop(() => proc.kill());
        const reply = await proc.request({
          op: 'all',
          sql,
          params: toSqliteParams(options?.params),
          // Only SQL Lab runs a script; any other text is one prepared statement.
          script: inSession,
          readOnly: this.options.readOnly,
        });
        guard.onStop(null);
        const columns = reply.columns ?? [];
        const rows = reply.rows ?? [];
        return { columns: resultColumns(columns, rows), rows: normalizeRows(columns, rows) };
      } finally {
        await this.giveBack(lender, proc, guard);
      }
    });
  }

  private async streamOn(
    lender: Lender<SqliteProcess>,
    sql: string,
    options?: QueryOptions & { batchSize?: number },
  ): Promise<StreamedResult> {
    const batchSize = Math.max(1, options?.batchSize ?? DEFAULT_BATCH_SIZE);
    const guard = new QueryGuard(ENGINE, this.timeout(options), options?.signal);
    let proc: SqliteProcess | null = null;
    let done = false;
    const close = async () => {
      guard.onStop(null);
      if (proc) {
        if (!done && proc.alive && !guard.stopped) await proc.request({ op: 'close' }).catch(() => undefined);
        await this.giveBack(lender, proc, guard);
      }
      guard.dispose();
    };
    try {
      const first = await guard.step(async () => {
        proc = await lender.acquire(guard.stopSignal);
        const active = proc;
        guard.onStop(() => active.kill());
        return active.request({
          op: 'open',
          sql,
          params: toSqliteParams(options?.params),
          batchSize,
          readOnly: this.options.readOnly,
        });
      }, this.mapError);
      const rawColumns = first.columns ?? [];
      const firstRows = first.rows ?? [];
      done = first.done === true;
      let pending: unknown[][] | null = normalizeRows(rawColumns, firstRows);
      return {
        columns: resultColumns(rawColumns, firstRows),
        batches: batchStream({
          next: async () => {
            if (pending) {
              const batch = pending;
              pending = null;
              if (batch.length > 0) return batch;
            }
            const active = proc;
            if (done || !active) return null;
            const reply = await guard.step(() => active.request({ op: 'next', batchSize }), this.mapError);
            done = reply.done === true;
            const rows = reply.rows ?? [];
            return rows.length > 0 ? normalizeRows(rawColumns, rows) : null;
          },
          close,
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
      "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq",
    );
    return result.rows.map((row) => String(row[0]));
  }

  async listTables(_catalog: string | null, schema: string | null): Promise<TableListing[]> {
    const result = await this.execute(
      `SELECT name, type FROM pragma_table_list
        WHERE schema = ? AND type IN ('table', 'view', 'virtual') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
        ORDER BY name`,
      { params: [schema ?? 'main'] },
    );
    return result.rows.map((row) => ({ name: String(row[0]), type: row[1] === 'view' ? 'view' : 'table' }));
  }

  async tableMetadata(
    _catalog: string | null,
    schema: string | null,
    table: string,
  ): Promise<TableMetadata | null> {
    const db = schema ?? 'main';
    const found = await this.execute(
      "SELECT name FROM pragma_table_list WHERE schema = ? AND name = ? AND type IN ('table', 'view', 'virtual')",
      { params: [db, table] },
    );
    if (found.rows.length === 0) return null;
    const columns = await this.execute(
      'SELECT name, type, "notnull", pk FROM pragma_table_info(?, ?) ORDER BY cid',
      { params: [table, db] },
    );
    const foreign = await this.execute(
      'SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq',
      { params: [table, db] },
    );
    const indexList = await this.execute(
      'SELECT name, "unique" FROM pragma_index_list(?, ?) WHERE origin <> \'pk\' ORDER BY name',
      { params: [table, db] },
    );
    const indexes: TableMetadata['indexes'] = [];
    for (const [name, unique] of indexList.rows) {
      const info = await this.execute('SELECT name FROM pragma_index_info(?, ?) ORDER BY seqno', {
        params: [String(name), db],
      });
      indexes.push({
        name: String(name),
        unique: Number(unique) === 1,
        column_names: info.rows.map((row) => String(row[0])),
      });
    }
    const foreignKeys = new Map<number, TableMetadata['foreignKeys'][number]>();
    for (const [id, referred, from, to] of foreign.rows) {
      const key = Number(id);
      const entry = foreignKeys.get(key) ?? {
        name: null,
        column_names: [],
        referred_schema: db,
        referred_table: String(referred),
        referred_columns: [],
      };
      entry.column_names.push(String(from));
      if (to !== null) entry.referred_columns.push(String(to));
      foreignKeys.set(key, entry);
    }
    const pkColumns = columns.rows
      .filter((row) => Number(row[3]) > 0)
      .sort((a, b) => Number(a[3]) - Number(b[3]))
      .map((row) => String(row[0]));
    return {
      name: table,
      columns: columns.rows.map((row) => ({
        name: String(row[0]),
        type: String(row[1] ?? '').toUpperCase(),
        nullable: Number(row[2]) === 0 && Number(row[3]) === 0,
        comment: null,
      })),
      primaryKey: pkColumns.length > 0 ? { name: null, column_names: pkColumns } : null,
      foreignKeys: [...foreignKeys.values()],
      indexes,
      comment: null,
      partitionColumns: [],
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
    // A writer sharing the :memory: connection leaves it to the read-only pool that owns it.
    if (!this.shared) await this.pool.close();
  }
}

export const sqliteDriver: DatabaseDriver = {
  engine: ENGINE,
  connectArgs: SQLITE_CONNECT_ARGS,
  uriQuery: SQLITE_URI_QUERY,
  uploads: 'rows',
  connect: (spec, options) => new SqliteDatabaseConnection(spec, options),
};
