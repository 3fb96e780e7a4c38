import { getDialect } from '@vitrina/common/sql/dialects/index';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import Cursor from 'pg-cursor';
import { batchStream } from './batchStream.ts';
import { choiceOption, numberOption, type OptionTypes, stringOption } from './connectOptions.ts';
import { copyCsvRewriter } from './copyCsv.ts';
import type { CsvColumnSql } from './csvLines.ts';
import type {
  ConnectionSpec,
  CsvStream,
  CsvStreamOptions,
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
import { runExplain } from './explain.ts';
import { ResourcePool, WriterSlot } from './pool.ts';
import {
  copyCsvStatement,
  copyTakesDelimiter,
  postgresCsvColumn,
  withParametersWritten,
} from './postgresqlCsv.ts';
import { guarded, QueryGuard } from './queryGuard.ts';
import { type Lender, runPooledSession } from './session.ts';
import {
  bytesToBase64,
  normalizeDecimalText,
  normalizeFloatText,
  normalizeIntegerText,
  normalizeTimestampText,
  normalizeTimeText,
  normalizeValue,
} from './valueNormalizer.ts';

const ENGINE = 'postgresql' as const;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_BATCH_SIZE = 1000;
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

/** pg's own parsers for what we keep (arrays, booleans, small integers); text for everything else. */
const identity = (text: string) => text;
const PARSERS: Record<number, (text: string) => unknown> = {
  20: normalizeIntegerText, // int8
  700: normalizeFloatText, // float4
  701: normalizeFloatText, // float8
  1700: normalizeDecimalText, // numeric: a number (whole values past 2^53 as exact text)
  1082: identity, // date: YYYY-MM-DD
  1114: normalizeTimestampText, // timestamp
  1184: normalizeTimestampText, // timestamptz → UTC
  1083: normalizeTimeText, // time
  1266: identity, // timetz
  1186: identity, // interval: as PostgreSQL prints it
  114: identity, // json: its text
  3802: identity, // jsonb: its text
  790: identity, // money
  17: (text) => bytesToBase64(pg.types.getTypeParser(17)(text) as Buffer), // bytea
};

const typeParsers = {
  getTypeParser: (oid: number, format?: string) => {
    const own = PARSERS[oid];
    if (own && format !== 'binary') return own;
    const builtIn = pg.types.getTypeParser(oid, (format ?? 'text') as 'text');
    // Arrays and the remaining built-ins go through pg, then through the shared normalizer.
    return (text: string) => normalizeValue(builtIn(text));
  },
} as unknown as pg.CustomTypesConfig;

/** Type names of the common OIDs, as format_type() spells them (upper case); others are looked up. */
const KNOWN_TYPES: Record<number, string> = {
  16: 'BOOLEAN',
  17: 'BYTEA',
  19: 'NAME',
  20: 'BIGINT',
  21: 'SMALLINT',
  23: 'INTEGER',
  25: 'TEXT',
  26: 'OID',
  114: 'JSON',
  700: 'REAL',
  701: 'DOUBLE PRECISION',
  1042: 'CHARACTER',
  1043: 'CHARACTER VARYING',
  1082: 'DATE',
  1083: 'TIME WITHOUT TIME ZONE',
  1114: 'TIMESTAMP WITHOUT TIME ZONE',
  1184: 'TIMESTAMP WITH TIME ZONE',
  1186: 'INTERVAL',
  1700: 'NUMERIC',
  2950: 'UUID',
  3802: 'JSONB',
};

interface PgConnection {
  client: pg.Client;
  pid: number;
  broken: boolean;
  /** The server reported default_transaction_read_only turned off on a read-only connection. */
  readOnlyLifted: boolean;
  /** The server's major version, from its startup report (0 when it sent none). */
  serverMajor: number;
}

/**
 * Read-only mode: every transaction of the connection is READ ONLY from the startup packet on, so
 * it costs no round trip. SQL can lift it again (SET, set_config, BEGIN READ WRITE); the parsers
 * refuse those statements and functions, and as a second check the server's own reports are read:
 * it announces default_transaction_read_only changes (GUC_REPORT since PostgreSQL 14), and every
 * reply tells whether a transaction block is open (checked in checkStillReadOnly).
 */
const READ_ONLY_STARTUP = '-c default_transaction_read_only=on';

/** Every query goes through Parse/Bind/Execute, even without parameters: exactly one statement. */
function singleStatement(sql: string, values: unknown[]): pg.QueryArrayConfig & { queryMode: 'extended' } {
  return { text: sql, values, rowMode: 'array', types: typeParsers, queryMode: 'extended' };
}

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

/** What a PostgreSQL URI may set. `options` (which runs `-c` settings at connect) is not among them. */
const POSTGRES_URI_QUERY = {
  sslmode: SSL_MODES,
  connect_timeout: 'number',
  application_name: 'string',
} as const satisfies OptionTypes;

const POSTGRES_CONNECT_ARGS = {
  ...POSTGRES_URI_QUERY,
  /** Milliseconds, as pg's own option. */
  statement_timeout: 'number',
} as const satisfies OptionTypes;

function clientConfig(spec: ConnectionSpec): pg.ClientConfig {
  const connectTimeout = numberOption(spec, 'connect_timeout');
  const statementTimeout = numberOption(spec, 'statement_timeout');
  const sslmode = choiceOption(spec, 'sslmode');
  const config: pg.ClientConfig = {
    host: spec.host ?? 'localhost',
    port: spec.port ?? 5432,
    user: spec.username ?? undefined,
    password: spec.password ?? undefined,
    database: spec.database ?? undefined,
    application_name: stringOption(spec, 'application_name') ?? 'Vitrina',
    connectionTimeoutMillis:
      connectTimeout !== undefined && connectTimeout > 0 ? connectTimeout * 1000 : DEFAULT_CONNECT_TIMEOUT_MS,
    ...(statementTimeout !== undefined && statementTimeout > 0 && { statement_timeout: statementTimeout }),
  };
  if (sslmode && sslmode !== 'disable' && sslmode !== 'allow' && sslmode !== 'prefer') {
    config.ssl = { rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca' };
  }
  return config;
}

/** SQLSTATE codes and node socket errors → Superset's error types, with Superset's messages. */
export function mapPostgresError(error: unknown, spec: ConnectionSpec): DatabaseError {
  const network = networkError(ENGINE, error, spec);
  if (network) return network;
  const message = errorText(error);
  const code = (error as { code?: unknown }).code;
  const user = spec.username ?? '';
  switch (code) {
    case '28P01':
      return databaseError(
        ENGINE,
        'CONNECTION_INVALID_PASSWORD_ERROR',
        `The password provided for username "${user}" is incorrect.`,
        { invalid: ['username', 'password'] },
      );
    case '28000': {
      const role = /role "(.+)" does not exist/.exec(message);
      if (role) {
        return databaseError(
          ENGINE,
          'CONNECTION_INVALID_USERNAME_ERROR',
          `The username "${role[1]}" does not exist.`,
          {
            invalid: ['username'],
          },
        );
      }
      return databaseError(ENGINE, 'CONNECTION_ACCESS_DENIED_ERROR', `Access denied: ${message}`, {
        invalid: ['username', 'password', 'database'],
      });
    }
    case '25006': // read_only_sql_transaction
      return readOnlyError(ENGINE);
    case '3D000':
      return databaseError(
        ENGINE,
        'CONNECTION_UNKNOWN_DATABASE_ERROR',
        `Unable to connect to database "${spec.database ?? ''}".`,
        { invalid: ['database'] },
      );
    case '42601': {
      const near = /at or near "(.*)"/.exec(message)?.[1];
      return databaseError(
        ENGINE,
        'SYNTAX_ERROR',
        near === undefined
          ? `Please check your query for syntax errors: ${message}`
          : `Please check your query for syntax errors at or near "${near}". Then, try running your query again.`,
      );
    }
    case '42P01': {
      const table = /relation "(.+)" does not exist/.exec(message)?.[1] ?? '';
      return databaseError(
        ENGINE,
        'TABLE_DOES_NOT_EXIST_ERROR',
        `Table "${table}" does not exist. A valid table must be used to run this query.`,
      );
    }
    case '42703': {
      const column = /column "?(.+?)"? does not exist/.exec(message)?.[1] ?? '';
      return databaseError(
        ENGINE,
        'COLUMN_DOES_NOT_EXIST_ERROR',
        `We can't seem to resolve the column "${column}".`,
      );
    }
    case '3F000': {
      const schema = /schema "(.+)" does not exist/.exec(message)?.[1] ?? '';
      return databaseError(ENGINE, 'SCHEMA_DOES_NOT_EXIST_ERROR', `The schema "${schema}" does not exist.`);
    }
    default:
      break;
  }
  if (/timeout expired|connection timeout/i.test(message)) {
    return databaseError(
      ENGINE,
      'CONNECTION_HOST_DOWN_ERROR',
      `The host "${spec.host ?? 'localhost'}" might be down, and can't be reached on port ${spec.port ?? 5432}.`,
      { invalid: ['host', 'port'] },
    );
  }
  return genericError(ENGINE, error);
}

class PostgresConnection implements DatabaseConnection {
  private readonly writerSlot: WriterSlot;
  private readonly pool: ResourcePool<PgConnection>;
  private readonly typeNames = new Map<number, string>(
    Object.entries(KNOWN_TYPES).map(([k, v]) => [Number(k), v]),
  );
  private readonly mapError = (error: unknown) => mapPostgresError(error, this.spec);

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly options: PoolOptions,
  ) {
    this.pool = new ResourcePool<PgConnection>(
      {
        create: () => this.open(),
        destroy: async (conn) => {
          await conn.client.end().catch(() => undefined);
        },
      },
      options.maxConnections,
      options.idleConnections,
    );
    this.writerSlot = new WriterSlot(
      ENGINE,
      this,
      options,
      (writable) => new PostgresConnection(spec, writable),
    );
  }

  private async open(): Promise<PgConnection> {
    const readOnly = this.options.readOnly;
    const client = new pg.Client({
      ...clientConfig(this.spec),
      ...(readOnly && { options: READ_ONLY_STARTUP }),
    });
    const conn: PgConnection = { client, pid: 0, broken: false, readOnlyLifted: false, serverMajor: 0 };
    client.on('error', () => {
      conn.broken = true;
    });
    const wire = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
    wire.on('parameterStatus', (message: { parameterName: string; parameterValue: string }) => {
      if (message.parameterName === 'server_version') {
        conn.serverMajor = Number.parseInt(message.parameterValue, 10) || 0;
      }
      if (
        readOnly &&
        message.parameterName === 'default_transaction_read_only' &&
        message.parameterValue !== 'on'
      ) {
        conn.readOnlyLifted = true;
      }
    });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    conn.pid = (client as unknown as { processID: number }).processID;
    return conn;
  }

  /** pg_cancel_backend from a separate, short-lived connection (the pool may be full). */
  private cancelBackend(pid: number): Promise<void> {
    return this.signalBackend('pg_cancel_backend', pid);
  }

  /** Cancels a backend's query or ends the backend, from a connection of its own. */
  private async signalBackend(
    signal: 'pg_cancel_backend' | 'pg_terminate_backend',
    pid: number,
  ): Promise<void> {
    const client = new pg.Client(clientConfig(this.spec));
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query(`SELECT ${signal}($1)`, [pid]);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * After each statement on a read-only pool: a connection whose read-only default was lifted, or
   * (outside SQL Lab) one left inside a transaction block, must not serve anything else. In a SQL
   * Lab session an open block is allowed only while it is itself read-only (BEGIN READ WRITE is not).
   */
  private async checkStillReadOnly(conn: PgConnection, inSession: boolean): Promise<void> {
    if (!this.options.readOnly) return;
    let lifted = conn.readOnlyLifted;
    const status = conn.client.getTransactionStatus();
    if (!lifted && status !== 'I') {
      if (!inSession) lifted = true;
      else if (status === 'T') {
        const mode = await conn.client.query<[string]>(
          singleStatement("SELECT current_setting('transaction_read_only')", []),
        );
        lifted = mode.rows[0]?.[0] !== 'on';
      }
    }
    if (lifted) {
      conn.broken = true;
      throw readOnlyError(ENGINE);
    }
  }

  /** Gives the connection back; one that was stopped or failed at the socket level is replaced. */
  private async giveBack(
    lender: Lender<PgConnection>,
    conn: PgConnection,
    guard: QueryGuard | null,
  ): Promise<void> {
    if (!conn.broken && !guard?.stopped) {
      lender.release(conn);
      return;
    }
    await lender.discard(conn);
    // A backend busy with a query reads nothing from its socket, so it does not notice the
    // connection closing: a stopped query whose cancel met no statement (the stop fell between two)
    // would run on to its end. Ending the backend stops whatever it still runs.
    if (guard?.stopped) await this.signalBackend('pg_terminate_backend', conn.pid).catch(() => undefined);
  }

  private timeout(options?: QueryOptions): number {
    return options?.timeoutMs ?? this.options.queryTimeoutMs;
  }

  private async columnsOf(conn: PgConnection, fields: pg.FieldDef[]): Promise<ResultColumn[]> {
    const unknown = [...new Set(fields.map((f) => f.dataTypeID).filter((oid) => !this.typeNames.has(oid)))];
    if (unknown.length > 0) {
      const found = await conn.client.query<{ oid: number; name: string }>(
        'SELECT oid::int AS oid, upper(format_type(oid, NULL)) AS name FROM pg_type WHERE oid = ANY($1::oid[])',
        [unknown],
      );
      for (const row of found.rows) this.typeNames.set(row.oid, row.name);
    }
    return fields.map((f) => ({
      name: f.name,
      type: this.typeNames.get(f.dataTypeID) ?? String(f.dataTypeID),
    }));
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

  session<T>(options: SessionOptions, work: (session: DatabaseSession) => Promise<T>): Promise<T> {
    return runPooledSession(
      {
        engine: ENGINE,
        pool: this.pool,
        mapError: this.mapError,
        useSchema: (schema) => `SET search_path TO ${getDialect(ENGINE).quoteIdentifier(schema)}`,
        bind: (lender) => ({
          execute: (sql, queryOptions) => this.executeOn(lender, sql, queryOptions, true),
          stream: (sql, queryOptions) => this.streamOn(lender, sql, queryOptions, true),
          streamCsv: (sql, csvOptions) => this.streamCsvOn(lender, sql, csvOptions, true),
        }),
      },
      options,
      work,
    );
  }

  private async executeOn(
    lender: Lender<PgConnection>,
    sql: string,
    options?: QueryOptions,
    inSession = false,
  ): Promise<QueryResult> {
    return guarded(ENGINE, this.timeout(options), options?.signal, this.mapError, async (guard) => {
      const conn = await lender.acquire(guard.stopSignal);
      try {
        guard.onStop(() => this.cancelBackend(conn.pid));
        const result = await conn.client.query(singleStatement(sql, options?.params ?? []));
        guard.onStop(null);
        await this.checkStillReadOnly(conn, inSession);
        const columns = await this.columnsOf(conn, result.fields ?? []);
        return { columns, rows: (result.rows ?? []) as unknown[][] };
      } finally {
        await this.giveBack(lender, conn, guard);
      }
    });
  }

  private async streamOn(
    lender: Lender<PgConnection>,
    sql: string,
    options?: QueryOptions & { batchSize?: number },
    inSession = false,
  ): Promise<StreamedResult> {
    const batchSize = Math.max(1, options?.batchSize ?? DEFAULT_BATCH_SIZE);
    const guard = new QueryGuard(ENGINE, this.timeout(options), options?.signal);
    let conn: PgConnection | null = null;
    let cursor: Cursor<unknown[]> | null = null;
    const close = async () => {
      guard.onStop(null);
      if (cursor) await cursor.close().catch(() => undefined);
      if (conn) {
        // A cursor's statement is one statement (extended protocol); what it left behind is checked here.
        await this.checkStillReadOnly(conn, inSession).catch(() => undefined);
        await this.giveBack(lender, conn, guard);
      }
      guard.dispose();
    };
    const read = (c: Cursor<unknown[]>) =>
      new Promise<{ rows: unknown[][]; fields: pg.FieldDef[] }>((resolve, reject) => {
        c.read(batchSize, (error, rows, result) => {
          if (error) reject(error);
          else resolve({ rows: rows as unknown[][], fields: result?.fields ?? [] });
        });
      });
    try {
      const first = await guard.step(async () => {
        conn = await lender.acquire(guard.stopSignal);
        const pid = conn.pid;
        guard.onStop(() => this.cancelBackend(pid));
        cursor = conn.client.query(
          new Cursor<unknown[]>(sql, options?.params ?? [], { rowMode: 'array', types: typeParsers }),
        );
        return read(cursor);
      }, this.mapError);
      const active = conn as PgConnection | null;
      const columns = active ? await this.columnsOf(active, first.fields) : [];
      let pending: unknown[][] | null = first.rows;
      let exhausted = first.rows.length < batchSize;
      return {
        columns,
        batches: batchStream({
          next: async () => {
            if (pending) {
              const batch = pending;
              pending = null;
              if (batch.length > 0) return batch;
            }
            if (exhausted || !cursor) return null;
            const current = cursor;
            const { rows } = await guard.step(() => read(current), this.mapError);
            if (rows.length < batchSize) exhausted = true;
            return rows.length > 0 ? rows : null;
          },
          close,
        }),
      };
    } catch (error) {
      await close();
      throw error;
    }
  }

  /**
   * The result's rows as CSV written by PostgreSQL's COPY (postgresqlCsv.ts, copyCsv.ts). The statement
   * is described first (`SELECT * FROM (…) LIMIT 0`) to learn its columns; the COPY runs on the same
   * connection with the same timeout and cancel as stream(). COPY takes no parameters, so bound ones
   * are written in as literals the server quotes. Null — the caller takes the JavaScript writer — when
   * a column has a type without a CSV form here, the delimiter is one COPY would quote differently, or
   * the statement is not a query.
   * COPY's rows pass the driver's parsers by, so the read-only default is asked again afterwards.
   */
  private async streamCsvOn(
    lender: Lender<PgConnection>,
    sql: string,
    options: CsvStreamOptions,
    inSession = false,
  ): Promise<CsvStream | null> {
    if (!copyTakesDelimiter(options.delimiter)) return null;
    const guard = new QueryGuard(ENGINE, this.timeout(options), options.signal);
    let conn: PgConnection | null = null;
    let exhausted = false;
    let copy: (NodeJS.ReadableStream & { destroy(): void }) | null = null;
    const close = async () => {
      guard.onStop(null);
      if (conn) {
        const active = conn;
        conn = null;
        // A COPY left unread cannot be stopped on the wire: the stream stops, the connection goes.
        if (!exhausted) {
          copy?.destroy();
          active.broken = true;
        } else {
          await this.setJit(active, true).catch(() => undefined);
          await this.checkCopyStillReadOnly(active, inSession).catch(() => undefined);
        }
        await this.giveBack(lender, active, guard);
      }
      guard.dispose();
    };
    try {
      const opened = await guard.step(async () => {
        conn = await lender.acquire(guard.stopSignal);
        const active = conn;
        guard.onStop(() => this.cancelBackend(active.pid));
        let probe: pg.QueryArrayResult;
        let plain: string | null;
        try {
          // COPY takes no parameters: the server quotes them into the text (postgresqlCsv.ts).
          plain = await withParametersWritten(sql, options.params ?? [], async (select, values) => {
            const quoted = await active.client.query<string[]>(singleStatement(select, [...values]));
            return (quoted.rows[0] ?? []).map(String);
          });
          if (plain === null) return null;
          // Each statement starts only while the export may run (a stop between two cancels neither).
          if (guard.stopped) throw guard.stopped;
          probe = await active.client.query(
            singleStatement(`SELECT * FROM (\n${plain}\n) AS vitrina_probe LIMIT 0`, []),
          );
        } catch (error) {
          if (guard.stopped || active.broken) throw error;
          return null;
        }
        if (inSession) await this.checkStillReadOnly(active, inSession);
        const forms: CsvColumnSql[] = [];
        for (const field of probe.fields) {
          const form = postgresCsvColumn(field.dataTypeID, active.serverMajor);
          if (!form) return null;
          forms.push(form);
        }
        const statement = await copyCsvStatement(plain, forms, options);
        if (!statement) return null;
        const columns = await this.columnsOf(active, probe.fields);
        await this.setJit(active, false);
        if (guard.stopped) throw guard.stopped;
        const stream = active.client.query(copyTo(statement));
        // The stream fails again when a connection given up mid-COPY closes: never unheard (the
        // iterator reports the failures that matter while it reads).
        stream.on('error', () => undefined);
        copy = stream;
        return { columns, chunks: stream[Symbol.asyncIterator]() as AsyncIterator<Buffer> };
      }, this.mapError);
      if (!opened) {
        exhausted = true;
        await close();
        return null;
      }
      const rewriter = copyCsvRewriter(options);
      const next = async (): Promise<Buffer | null> => {
        for (;;) {
          if (exhausted) return null;
          const read = await guard.step(() => opened.chunks.next(), this.mapError);
          if (read.done) {
            exhausted = true;
            const rest = rewriter.end();
            return rest.length > 0 ? rest : null;
          }
          const bytes = rewriter.push(read.value);
          if (bytes.length > 0) return bytes;
        }
      };
      return { columns: opened.columns, chunks: batchStream({ next, close }) };
    } catch (error) {
      await close();
      throw error;
    }
  }

  /**
   * JIT off for the export's COPY, back to the server's default after it: compiling the cell
   * expressions took about half a second per export of six columns, more than it saved on 1M rows.
   * Nothing else sets it on these connections (SET and set_config are refused to users' SQL).
   */
  private async setJit(conn: PgConnection, on: boolean): Promise<void> {
    try {
      await conn.client.query(singleStatement(on ? 'RESET jit' : 'SET jit = off', []));
    } catch {
      // A server without the setting (before PostgreSQL 11) runs the COPY as it would anyway.
    }
  }

  /** After a COPY on a read-only pool: its server reports went to the COPY stream, so ask. */
  private async checkCopyStillReadOnly(conn: PgConnection, inSession: boolean): Promise<void> {
    if (!this.options.readOnly) return;
    const mode = await conn.client.query<[string]>(
      singleStatement("SELECT current_setting('default_transaction_read_only')", []),
    );
    if (mode.rows[0]?.[0] !== 'on') conn.readOnlyLifted = true;
    await this.checkStillReadOnly(conn, inSession);
  }

  async testConnection(): Promise<void> {
    await this.execute('SELECT 1');
  }

  async listCatalogs(): Promise<string[]> {
    return [];
  }

  async listSchemas(_catalog: string | null): Promise<string[]> {
    const result = await this.execute(
      `SELECT nspname FROM pg_catalog.pg_namespace
        WHERE nspname <> ALL($1::text[]) AND nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
        ORDER BY nspname`,
      { params: [SYSTEM_SCHEMAS] },
    );
    return result.rows.map((row) => String(row[0]));
  }

  async listTables(_catalog: string | null, schema: string | null): Promise<TableListing[]> {
    const result = await this.execute(
      `SELECT c.relname, c.relkind FROM pg_catalog.pg_class c
         JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = COALESCE($1, current_schema()) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
        ORDER BY c.relname`,
      { params: [schema] },
    );
    return result.rows.map((row) => ({
      name: String(row[0]),
      type: row[1] === 'v' || row[1] === 'm' ? 'view' : 'table',
    }));
  }

  async tableMetadata(
    _catalog: string | null,
    schema: string | null,
    table: string,
  ): Promise<TableMetadata | null> {
    const found = await this.execute(
      `SELECT c.oid::int, obj_description(c.oid, 'pg_class') FROM pg_catalog.pg_class c
         JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = COALESCE($1, current_schema()) AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`,
      { params: [schema, table] },
    );
    const head = found.rows[0];
    if (!head) return null;
    const oid = head[0] as number;
    const [columns, constraints, indexes, partitionKeys] = await Promise.all([
      this.execute(
        `SELECT a.attname, upper(format_type(a.atttypid, a.atttypmod)), NOT a.attnotnull, col_description(a.attrelid, a.attnum)
           FROM pg_catalog.pg_attribute a
          WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
          ORDER BY a.attnum`,
        { params: [oid] },
      ),
      this.execute(
        `SELECT con.conname, con.contype,
                ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                        JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord),
                rn.nspname::text, rc.relname::text,
                ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                        JOIN pg_catalog.pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord)
           FROM pg_catalog.pg_constraint con
           LEFT JOIN pg_catalog.pg_class rc ON rc.oid = con.confrelid
           LEFT JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
          WHERE con.conrelid = $1 AND con.contype IN ('p', 'f')
          ORDER BY con.conname`,
        { params: [oid] },
      ),
      this.execute(
        `SELECT ic.relname, i.indisunique,
                ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                        JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord)
           FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
          WHERE i.indrelid = $1 AND NOT i.indisprimary
          ORDER BY ic.relname`,
        { params: [oid] },
      ),
      // A range or list key of one plain column (partattrs holds 0 for an expression); hash has no order.
      this.execute(
        `SELECT a.attname::text FROM pg_catalog.pg_partitioned_table p
           JOIN pg_catalog.pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
          WHERE p.partrelid = $1 AND p.partstrat IN ('r', 'l') AND p.partnatts = 1`,
        { params: [oid] },
      ),
    ]);
    const pk = constraints.rows.find((row) => row[1] === 'p');
    return {
      name: table,
      columns: columns.rows.map((row) => ({
        name: String(row[0]),
        type: String(row[1]),
        nullable: row[2] === true,
        comment: (row[3] as string | null) ?? null,
      })),
      primaryKey: pk ? { name: String(pk[0]), column_names: pk[2] as string[] } : null,
      foreignKeys: constraints.rows
        .filter((row) => row[1] === 'f')
        .map((row) => ({
          name: String(row[0]),
          column_names: row[2] as string[],
          referred_schema: (row[3] as string | null) ?? null,
          referred_table: String(row[4]),
          referred_columns: row[5] as string[],
        })),
      indexes: indexes.rows.map((row) => ({
        name: String(row[0]),
        unique: row[1] === true,
        column_names: row[2] as string[],
      })),
      comment: (head[1] as string | null) ?? null,
      partitionColumns: partitionKeys.rows.map((row) => String(row[0])),
    };
  }

  async estimateCost(sql: string): Promise<Array<Record<string, unknown>>> {
    const result = await runExplain(this, ENGINE, sql);
    const firstLine = String(result.rows[0]?.[0] ?? '');
    const cost = /cost=([\d.]+)\.\.([\d.]+)/.exec(firstLine);
    if (!cost) return [];
    return [{ 'Start-up cost': Number(cost[1]), 'Total cost': Number(cost[2]) }];
  }

  writer(): DatabaseConnection {
    return this.writerSlot.get();
  }

  async close(): Promise<void> {
    await this.writerSlot.close();
    await this.pool.close();
  }
}

export const postgresqlDriver: DatabaseDriver = {
  engine: ENGINE,
  connectArgs: POSTGRES_CONNECT_ARGS,
  uriQuery: POSTGRES_URI_QUERY,
  uploads: 'rows',
  connect: (spec, options) => new PostgresConnection(spec, options),
};
