import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { ConnectionSpec, DatabaseConnection, PoolOptions } from '../drivers/driver.ts';
import { databaseError } from '../drivers/errorMapping.ts';
import { DatabaseError } from '../drivers/errors.ts';
import { getDriver } from '../drivers/index.ts';
import type { AppContext } from '../http/types.ts';
import type { DatabaseRow } from '../platform/metastore/schema.ts';
import type { Metrics } from '../platform/metrics/metrics.ts';
import { decryptSecret } from '../security/secretBox.ts';
import { connectionAfter } from './deferredConnection.ts';
import { connectOptionProblems } from './engineOptions.ts';
import { parseExtra } from './extra.ts';
import { checkDatabaseFile, type FilePolicy, filePolicy } from './filePaths.ts';
import { measuredConnection } from './measuredConnection.ts';
import { describeDatabase, PASSWORD_MASK } from './uris.ts';

/**
 * The engine layer as the app uses it: a database row → the driver's connection pool, one per database
 * id, replaced (and the old one closed) when the row changes, all closed when the app closes.
 */

export const DEFAULT_POOL_SIZE = 5;
/**
 * Connections opened beyond the pool when all are busy, as SQLAlchemy's QueuePool does (its default):
 * at most pool_size + max_overflow queries of a database run at once in one process.
 */
export const DEFAULT_MAX_OVERFLOW = 10;
export const DEFAULT_QUERY_TIMEOUT_SECONDS = 300;

/** What a connection is made from: the row's URI, its decrypted password and `extra`. */
export interface ConnectionSource {
  sqlalchemy_uri: string;
  /** The real password (already decrypted), or null. */
  password: string | null;
  /** The `extra` JSON text. */
  extra: string;
  /** Open in the engine's read-only mode (the registry's pools); absent for probes, which run only our reads. */
  readOnly?: boolean;
  /** The server writes to the database too (see takesServerWrites): the pool then has a writer(). */
  serverWrites?: boolean;
}

export interface ResolvedConnection {
  spec: ConnectionSpec;
  options: PoolOptions;
}

/** Where file-based engines may point: the files folder of the data dir and the configured directories. */
export function filePolicyOf(ctx: Pick<AppContext, 'config'>): FilePolicy {
  return filePolicy(ctx.config);
}

/**
 * The driver's ConnectionSpec and pool options for a source. Throws InvalidUriError for a URI that
 * cannot be read, UnknownEngineError for an engine nobody registered, and a DatabaseError for options
 * the driver does not accept (a row stored before they were checked) or a database file the policy
 * refuses (FILE_NOT_ALLOWED_ERROR).
 */
export function resolveConnection(source: ConnectionSource, files: FilePolicy): ResolvedConnection {
  const parsed = describeDatabase(source).uri;
  const extra = parseExtra(source.extra);
  const engineParams = extra.engine_params ?? {};
  const problems = connectOptionProblems(parsed.engine, parsed.query, extra);
  const refused = [...problems.sqlalchemy_uri, ...problems.extra];
  if (refused.length > 0) {
    throw databaseError(
      parsed.engine,
      'GENERIC_DB_ENGINE_ERROR',
      `The connection settings of this database are not accepted: ${refused.join(' ')} ` +
        'An administrator must edit the database.',
    );
  }
  const spec: ConnectionSpec = {
    engine: parsed.engine,
    username: parsed.username,
    // Rows written before passwords were encrypted may still carry one in the URI.
    password:
      source.password ?? (parsed.password && parsed.password !== PASSWORD_MASK ? parsed.password : null),
    host: parsed.host,
    port: parsed.port,
    database: parsed.database,
    query: parsed.query,
    ...(engineParams.connect_args && { connectArgs: engineParams.connect_args }),
  };
  if (getDialect(parsed.engine).capabilities.fileBased) {
    const checked = checkDatabaseFile(parsed.engine, parsed.database, files);
    if ('error' in checked) throw checked.error;
    spec.database = checked.path;
  }
  const poolSize = positiveInteger(engineParams.pool_size) ?? DEFAULT_POOL_SIZE;
  const overflow =
    wholeNumber(engineParams.max_overflow) ??
    getDriver(parsed.engine).defaultMaxOverflow ??
    DEFAULT_MAX_OVERFLOW;
  const timeoutSeconds = positiveNumber(engineParams.query_timeout) ?? DEFAULT_QUERY_TIMEOUT_SECONDS;
  return {
    spec,
    options: {
      maxConnections: poolSize + overflow,
      idleConnections: poolSize,
      queryTimeoutMs: Math.round(timeoutSeconds * 1000),
      readOnly: source.readOnly === true,
      serverWrites: source.serverWrites === true,
      sharedFiles: files.shared === true,
    },
  };
}

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function positiveNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** Opens a connection for a source (not kept anywhere): test_connection, and checks before a save. */
export function openConnection(source: ConnectionSource, files: FilePolicy): DatabaseConnection {
  const { spec, options } = resolveConnection(source, files);
  return getDriver(spec.engine).connect(spec, options);
}

/** Connects to the source and runs a trivial query; the connection is closed whatever happens. */
export async function testSource(source: ConnectionSource, files: FilePolicy): Promise<void> {
  const connection = openConnection(source, files);
  try {
    await connection.testConnection();
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** The decrypted password of a row (null when none is stored). */
export function rowPassword(secretKey: string, row: Pick<DatabaseRow, 'encrypted_password'>): string | null {
  return row.encrypted_password ? decryptSecret(secretKey, row.encrypted_password) : null;
}

type WriteFlags = Pick<DatabaseRow, 'allow_dml' | 'allow_ctas' | 'allow_cvas' | 'allow_file_upload'>;

/**
 * Whether the server writes to a database at all: uploads, CTAS, CVAS or DML allowed. Such a
 * database gets a writable pool beside its read-only one, used only by those paths; user queries
 * (charts, datasets, filter values, SQL Lab reads) always run on the read-only pool, in the engine's
 * read-only mode — the second wall behind the SQL parsers.
 */
export function takesServerWrites(row: WriteFlags): boolean {
  return Boolean(row.allow_dml || row.allow_ctas || row.allow_cvas || row.allow_file_upload);
}

type PooledRow = Pick<DatabaseRow, 'id' | 'sqlalchemy_uri' | 'encrypted_password' | 'extra' | 'changed_on'> &
  WriteFlags;

interface Entry {
  changedOn: string;
  /** Flags change without a new changed_on (tests, direct updates): whether it writes is compared too. */
  serverWrites: boolean;
  connection: DatabaseConnection;
}

/**
 * One read-only pool per database id, with its writer when the server writes to the database; a row
 * with another changed_on replaces them. Per database, a new pool starts only after the pools it
 * replaces have closed (a DuckDB file is locked while an instance holds it).
 */
export class ConnectionRegistry {
  private readonly entries = new Map<number, Entry>();
  /** Per database id: the pools being closed, in order. */
  private readonly closing = new Map<number, Promise<void>>();
  private closed = false;

  constructor(
    private readonly secretKey: string,
    private readonly files: FilePolicy,
    /** Where the pools' queries are timed; absent in tests of the registry alone. */
    private readonly metrics?: Metrics,
  ) {}

  /**
   * The database's read-only pool, for every user query; created on first use, replaced when the row
   * changed since.
   */
  get(row: PooledRow): DatabaseConnection {
    if (this.closed) throw new Error('The database connections are closed');
    const current = this.entries.get(row.id);
    const serverWrites = takesServerWrites(row);
    if (current && current.changedOn === row.changed_on && current.serverWrites === serverWrites) {
      return current.connection;
    }
    const opened = openConnection(
      {
        sqlalchemy_uri: row.sqlalchemy_uri,
        password: rowPassword(this.secretKey, row),
        extra: row.extra,
        readOnly: true,
        serverWrites,
      },
      this.files,
    );
    const ready = current ? this.retire(row.id, current.connection) : this.closing.get(row.id);
    const pool = ready ? connectionAfter(ready, opened) : opened;
    const connection = this.metrics ? measuredConnection(pool, row.id, this.metrics) : pool;
    this.entries.set(row.id, { changedOn: row.changed_on, serverWrites, connection });
    return connection;
  }

  /**
   * The database's writable pool: only for the writes its flags allow (uploads, SQL Lab CTAS/CVAS and
   * DML), never for a user's reads. Closed and replaced with the read-only pool.
   */
  writer(row: PooledRow): DatabaseConnection {
    if (!takesServerWrites(row)) {
      throw databaseError(
        describeDatabase(row).engine,
        'GENERIC_DB_ENGINE_ERROR',
        'This database allows no writes.',
      );
    }
    return this.get(row).writer();
  }

  /** Closes and forgets a database's pool (the row was deleted or changed). */
  async evict(id: number): Promise<void> {
    const current = this.entries.get(id);
    this.entries.delete(id);
    if (current) await this.retire(id, current.connection);
  }

  /** Closes a replaced pool after the ones retired before it; settles when it is closed. */
  private retire(id: number, connection: DatabaseConnection): Promise<void> {
    const before = this.closing.get(id) ?? Promise.resolve();
    const closed = before.then(() => closeQuietly(connection));
    this.closing.set(id, closed);
    void closed.then(() => {
      if (this.closing.get(id) === closed) this.closing.delete(id);
    });
    return closed;
  }

  get size(): number {
    return this.entries.size;
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all([...all.map((entry) => closeQuietly(entry.connection)), ...[...this.closing.values()]]);
  }
}

async function closeQuietly(connection: DatabaseConnection): Promise<void> {
  await connection.close().catch(() => undefined);
}

const registries = new WeakMap<AppContext, ConnectionRegistry>();

/** The process's connections for an app context (created on first use). */
export function databaseConnections(ctx: AppContext): ConnectionRegistry {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = new ConnectionRegistry(ctx.secretKey, filePolicyOf(ctx), ctx.metrics);
    registries.set(ctx, registry);
  }
  return registry;
}

/** Closes every pool of the context (the app's onClose hook; workers call it when they stop). */
export async function closeDatabaseConnections(ctx: AppContext): Promise<void> {
  const registry = registries.get(ctx);
  registries.delete(ctx);
  await registry?.closeAll();
}

export function isDatabaseError(error: unknown): error is DatabaseError {
  return error instanceof DatabaseError;
}
