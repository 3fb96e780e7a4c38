import { randomUUID } from 'node:crypto';
import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { batchStream } from './batchStream.ts';
import { booleanOption, choiceOption, numberOption, type OptionTypes } from './connectOptions.ts';
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
import {
  normalizeDateText,
  normalizeDecimalText,
  normalizeIntegerText,
  normalizeNumber,
  normalizeTimestampText,
  normalizeValue,
} from './valueNormalizer.ts';

const ENGINE = 'clickhouse' as const;
const DEFAULT_BATCH_SIZE = 1000;
const FORMAT = 'JSONCompactEachRowWithNamesAndTypes';
/** Statements that return rows; anything else goes through `command` (DDL, INSERT…). */
const READS_ROWS = /^\s*(\(|SELECT|WITH|SHOW|DESCRIBE|DESC|EXPLAIN|EXISTS)\b/i;

/** `Nullable(T)` and `LowCardinality(T)` are T for values. */
function unwrapType(type: string): string {
  const match = /^(?:Nullable|LowCardinality)\((.*)\)$/.exec(type.trim());
  return match?.[1] ? unwrapType(match[1]) : type.trim();
}

/** One ClickHouse JSON value of `type` in the shared JSON-friendly form (see valueNormalizer.ts). */
export function normalizeClickHouseValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  const base = unwrapType(type);
  const array = /^Array\((.*)\)$/.exec(base);
  if (array?.[1] && Array.isArray(value)) {
    const inner = array[1];
    return value.map((item) => normalizeClickHouseValue(item, inner));
  }
  if (/^U?Int(64|128|256)$/.test(base)) return normalizeIntegerText(String(value));
  if (/^(U?Int\d+|Float\d+|BFloat16)$/.test(base))
    return typeof value === 'number' ? normalizeNumber(value) : null;
  if (/^Decimal/.test(base)) return normalizeDecimalText(String(value));
  if (base === 'Bool') return value === true || value === 1 || value === 'true';
  if (/^Date(32)?$/.test(base)) return normalizeDateText(String(value));
  if (/^DateTime/.test(base)) return normalizeTimestampText(String(value));
  return normalizeValue(value);
}

/** Named parameters as the dialect's `{pN:String}` placeholders expect them. */
export function clickhouseQueryParams(params: unknown[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  (params ?? []).forEach((value, i) => {
    out[`p${i + 1}`] =
      value instanceof Date ? value.toISOString().replace('T', ' ').replace('Z', '') : String(value ?? '');
  });
  return out;
}

export function mapClickHouseError(error: unknown, spec: ConnectionSpec): DatabaseError {
  const network = networkError(ENGINE, error, spec);
  if (network) return network;
  const message = errorText(error);
  const type = (error as { type?: unknown }).type;
  switch (type) {
    case 'AUTHENTICATION_FAILED':
    case 'REQUIRED_PASSWORD':
    case 'WRONG_PASSWORD':
      return databaseError(
        ENGINE,
        'CONNECTION_ACCESS_DENIED_ERROR',
        `Either the username "${spec.username ?? 'default'}" or the password is incorrect.`,
        { invalid: ['username', 'password'] },
      );
    case 'UNKNOWN_DATABASE':
      return databaseError(
        ENGINE,
        'CONNECTION_UNKNOWN_DATABASE_ERROR',
        `Unable to connect to database "${spec.database ?? ''}".`,
        { invalid: ['database'] },
      );
    case 'SYNTAX_ERROR':
      return databaseError(ENGINE, 'SYNTAX_ERROR', `Please check your query for syntax errors: ${message}`);
    case 'READONLY': // refused under the readonly setting (read-only mode)
      return readOnlyError(ENGINE);
    case 'UNKNOWN_TABLE':
      return databaseError(
        ENGINE,
        'TABLE_DOES_NOT_EXIST_ERROR',
        `A table in the query does not exist: ${message}`,
      );
    case 'UNKNOWN_IDENTIFIER':
      return databaseError(
        ENGINE,
        'COLUMN_DOES_NOT_EXIST_ERROR',
        `A column in the query does not exist: ${message}`,
      );
    case 'TIMEOUT_EXCEEDED':
      return databaseError(
        ENGINE,
        'SQLLAB_TIMEOUT_ERROR',
        "The query exceeded the database's execution time limit.",
      );
    default:
      return genericError(ENGINE, error);
  }
}

/** What a ClickHouse URI may set; `clickhouse_settings` (which could lift `readonly`) is not among them. */
const CLICKHOUSE_URI_QUERY = {
  secure: 'boolean',
  protocol: ['http', 'https'],
} as const satisfies OptionTypes;

const CLICKHOUSE_CONNECT_ARGS = {
  /** Milliseconds the HTTP client waits for a response. */
  request_timeout: 'number',
} as const satisfies OptionTypes;

function clientUrl(spec: ConnectionSpec): string {
  const secure = booleanOption(spec, 'secure') === true || choiceOption(spec, 'protocol') === 'https';
  const port = spec.port ?? (secure ? 8443 : 8123);
  return `${secure ? 'https' : 'http'}://${spec.host ?? 'localhost'}:${port}`;
}

class ClickHouseConnection implements DatabaseConnection {
  private readonly writerSlot: WriterSlot;
  private client: ClickHouseClient | null = null;
  /** Query slots: the HTTP client has no queue a caller can leave, so the bound lives here. */
  private readonly slots: ResourcePool<object>;
  private readonly mapError = (error: unknown) => mapClickHouseError(error, this.spec);

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly options: PoolOptions,
  ) {
    this.slots = new ResourcePool<object>(
      { create: async () => ({}), destroy: async () => undefined },
      options.maxConnections,
    );
    this.writerSlot = new WriterSlot(
      ENGINE,
      this,
      options,
      (writable) => new ClickHouseConnection(spec, writable),
    );
  }

  private getClient(): ClickHouseClient {
    this.client ??= createClient({
      url: clientUrl(this.spec),
      username: this.spec.username ?? 'default',
      password: this.spec.password ?? '',
      database: this.spec.database ?? 'default',
      application: 'Vitrina',
      // Failures reach the caller as DatabaseErrors; the client's own logging would only repeat them.
      log: { level: ClickHouseLogLevel.OFF },
      max_open_connections: this.options.maxConnections,
      // Our own guard times queries out and kills them; the HTTP timeout is only a backstop.
      request_timeout:
        numberOption(this.spec, 'request_timeout') ?? Math.max(this.options.queryTimeoutMs * 2, 60_000),
      clickhouse_settings: {
        output_format_json_quote_64bit_integers: 1,
        output_format_json_quote_decimals: 1,
      },
    });
    return this.client;
  }

  /**
   * Read-only mode, sent with every query and command (so no client default can drop it): readonly=2
   * refuses writes and DDL but still lets a query carry settings (the JSON output settings above,
   * SQL Lab's SET), which readonly=1 would refuse; readonly itself cannot be changed under it.
   */
  private readOnlySettings(): { clickhouse_settings?: { readonly: '2' } } {
    return this.options.readOnly ? { clickhouse_settings: { readonly: '2' } } : {};
  }

  private async killQuery(queryId: string): Promise<void> {
    await this.getClient().command({
      query: 'KILL QUERY WHERE query_id = {id:String} ASYNC',
      query_params: { id: queryId },
    });
  }

  private timeout(options?: QueryOptions): number {
    return options?.timeoutMs ?? this.options.queryTimeoutMs;
  }

  async execute(sql: string, options?: QueryOptions): Promise<QueryResult> {
    return this.executeIn(null, sql, options);
  }

  async stream(sql: string, options?: QueryOptions & { batchSize?: number }): Promise<StreamedResult> {
    return this.streamIn(null, sql, options);
  }

  /** An HTTP session of ClickHouse (`session_id`): USE and SET carry over between its queries. */
  async session<T>(options: SessionOptions, work: (session: DatabaseSession) => Promise<T>): Promise<T> {
    const sessionId = randomUUID();
    const session: DatabaseSession = {
      execute: (sql, queryOptions) => this.executeIn(sessionId, sql, queryOptions),
      stream: (sql, queryOptions) => this.streamIn(sessionId, sql, queryOptions),
    };
    if (options.schema) {
      await session.execute(`USE ${getDialect(ENGINE).quoteIdentifier(options.schema)}`, {
        ...(options.signal && { signal: options.signal }),
      });
    }
    return work(session);
  }

  private async executeIn(
    sessionId: string | null,
    sql: string,
    options?: QueryOptions,
  ): Promise<QueryResult> {
    return guarded(ENGINE, this.timeout(options), options?.signal, this.mapError, async (guard) => {
      const slot = await this.slots.acquire(guard.stopSignal);
      const queryId = randomUUID();
      try {
        guard.onStop(() => this.killQuery(queryId));
        const query_params = clickhouseQueryParams(options?.params);
        if (!READS_ROWS.test(sql)) {
          await this.getClient().command({
            query: sql,
            query_params,
            query_id: queryId,
            abort_signal: guard.stopSignal,
            ...(sessionId && { session_id: sessionId }),
            ...this.readOnlySettings(),
          });
          return { columns: [], rows: [] };
        }
        const result = await this.getClient().query({
          query: sql,
          format: FORMAT,
          query_params,
          query_id: queryId,
          abort_signal: guard.stopSignal,
          ...(sessionId && { session_id: sessionId }),
          ...this.readOnlySettings(),
        });
        const [names = [], types = [], ...rows] = (await result.json()) as unknown[][];
        guard.onStop(null);
        return toResult(names, types, rows);
      } finally {
        this.slots.release(slot);
      }
    });
  }

  private async streamIn(
    sessionId: string | null,
    sql: string,
    options?: QueryOptions & { batchSize?: number },
  ): Promise<StreamedResult> {
    const batchSize = Math.max(1, options?.batchSize ?? DEFAULT_BATCH_SIZE);
    const guard = new QueryGuard(ENGINE, this.timeout(options), options?.signal);
    const queryId = randomUUID();
    let slot: object | null = null;
    let rows: AsyncIterator<Array<{ json<T>(): T }>> | null = null;
    let pending: unknown[][] = [];
    let exhausted = false;
    let names: string[] | null = null;
    let types: string[] = [];
    const close = async () => {
      guard.onStop(null);
      if (!exhausted && rows) {
        await this.killQuery(queryId).catch(() => undefined);
        await rows.return?.().catch(() => undefined);
      }
      if (slot) this.slots.release(slot);
      guard.dispose();
    };
    const fill = async (target: number) => {
      while (!exhausted && rows && (names === null || pending.length < target)) {
        const step = await rows.next();
        if (step.done) {
          exhausted = true;
          break;
        }
        for (const row of step.value) {
          const values = row.json<unknown[]>();
          if (names === null) names = values.map(String);
          else if (types.length === 0 && names.length > 0) types = values.map(String);
          else pending.push(values.map((value, i) => normalizeClickHouseValue(value, types[i] ?? '')));
        }
      }
    };
    try {
      await guard.step(async () => {
        slot = await this.slots.acquire(guard.stopSignal);
        guard.onStop(() => this.killQuery(queryId));
        const result = await this.getClient().query({
          query: sql,
          format: FORMAT,
          query_params: clickhouseQueryParams(options?.params),
          query_id: queryId,
          abort_signal: guard.stopSignal,
          ...(sessionId && { session_id: sessionId }),
          ...this.readOnlySettings(),
        });
        rows = result.stream()[Symbol.asyncIterator]() as AsyncIterator<Array<{ json<T>(): T }>>;
        await fill(1);
      }, this.mapError);
      const columnNames: string[] = names ?? [];
      const columns: ResultColumn[] = columnNames.map((name, i) => ({ name, type: types[i] ?? '' }));
      return {
        columns,
        batches: batchStream({
          next: async () => {
            await guard.step(() => fill(batchSize), this.mapError);
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

  async testConnection(): Promise<void> {
    await this.execute('SELECT 1');
  }

  async listCatalogs(): Promise<string[]> {
    return [];
  }

  async listSchemas(_catalog: string | null): Promise<string[]> {
    const result = await this.execute(
      "SELECT name FROM system.databases WHERE name NOT IN ('system', 'INFORMATION_SCHEMA', 'information_schema') ORDER BY name",
    );
    return result.rows.map((row) => String(row[0]));
  }

  async listTables(_catalog: string | null, schema: string | null): Promise<TableListing[]> {
    const result = await this.execute(
      `SELECT name, engine FROM system.tables WHERE database = ${schema === null ? 'currentDatabase()' : '{p1:String}'} ORDER BY name`,
      { params: schema === null ? [] : [schema] },
    );
    return result.rows.map((row) => ({
      name: String(row[0]),
      type: isViewEngine(String(row[1])) ? 'view' : 'table',
    }));
  }

  async tableMetadata(
    _catalog: string | null,
    schema: string | null,
    table: string,
  ): Promise<TableMetadata | null> {
    const database = schema === null ? 'currentDatabase()' : '{p2:String}';
    const params = { params: schema === null ? [table] : [table, schema] };
    const found = await this.execute(
      `SELECT comment, partition_key FROM system.tables WHERE database = ${database} AND name = {p1:String}`,
      params,
    );
    const head = found.rows[0];
    if (!head) return null;
    const [columns, skipping] = await Promise.all([
      this.execute(
        `SELECT name, type, comment, is_in_primary_key FROM system.columns
          WHERE database = ${database} AND table = {p1:String} ORDER BY position`,
        params,
      ),
      this.execute(
        `SELECT name, expr FROM system.data_skipping_indices WHERE database = ${database} AND table = {p1:String} ORDER BY name`,
        params,
      ),
    ]);
    const pk = columns.rows.filter((row) => row[3] === 1 || row[3] === true).map((row) => String(row[0]));
    return {
      name: table,
      columns: columns.rows.map((row) => ({
        name: String(row[0]),
        type: String(row[1]),
        nullable: String(row[1]).startsWith('Nullable('),
        comment: row[2] ? String(row[2]) : null,
      })),
      primaryKey: pk.length > 0 ? { name: null, column_names: pk } : null,
      foreignKeys: [],
      indexes: skipping.rows.map((row) => ({
        name: String(row[0]),
        column_names: [String(row[1])],
        unique: false,
      })),
      comment: head[0] ? String(head[0]) : null,
      partitionColumns: partitionColumn(
        String(head[1] ?? ''),
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
    await this.slots.close();
    const client = this.client;
    this.client = null;
    await client?.close();
  }
}

/**
 * The column a MergeTree table is partitioned on when its PARTITION BY is that one column
 * (system.tables.partition_key: `ds`, or `` `event date` `` when quoted): every value is then a partition.
 * An expression (`toYYYYMM(ds)`) or a tuple has no single column whose greatest value is the latest.
 */
export function partitionColumn(partitionKey: string, columnNames: string[]): string[] {
  const text = partitionKey.trim();
  const quoted = /^`((?:[^`\\]|``|\\.)+)`$/.exec(text);
  const name = quoted
    ? quoted[1]!.replace(/``|\\(.)/g, (_match, escaped: string | undefined) => escaped ?? '`')
    : text;
  return columnNames.includes(name) ? [name] : [];
}

function isViewEngine(engine: string): boolean {
  return (
    engine === 'View' || engine === 'MaterializedView' || engine === 'LiveView' || engine === 'WindowView'
  );
}

function toResult(names: unknown[], types: unknown[], rows: unknown[][]): QueryResult {
  const typeNames = types.map(String);
  return {
    columns: names.map((name, i) => ({ name: String(name), type: typeNames[i] ?? '' })),
    rows: rows.map((row) => row.map((value, i) => normalizeClickHouseValue(value, typeNames[i] ?? ''))),
  };
}

export const clickhouseDriver: DatabaseDriver = {
  engine: ENGINE,
  connectArgs: CLICKHOUSE_CONNECT_ARGS,
  uriQuery: CLICKHOUSE_URI_QUERY,
  uploads: null,
  connect: (spec, options) => new ClickHouseConnection(spec, options),
};
