import { getDialect } from '@vitrina/common/sql/dialects/index';
import { batchStream } from './batchStream.ts';
import { choiceOption, type OptionTypes, stringOption } from './connectOptions.ts';
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
import { databaseError, errorText, genericError, networkError } from './errorMapping.ts';
import type { DatabaseError } from './errors.ts';
import { runExplain } from './explain.ts';
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

/**
 * Trino's client REST protocol, spoken directly with fetch: POST /v1/statement, then follow nextUri
 * page by page (which is also how rows stream); DELETE nextUri cancels. trino-client was not used:
 * it parses JSON with JSON.parse (BIGINTs beyond 2^53 get rounded), has no AbortSignal, and shares
 * mutable session headers between concurrent queries.
 *
 * One POST carries one statement (Trino's parser refuses a second). Read-only mode (PoolOptions.readOnly)
 * has no client-side switch here: Trino has no read-only session property, and its READ ONLY
 * transactions need connectors that support transactions. The SQL parsers are the wall; an operator
 * who needs the engine to refuse writes uses Trino's access control (`access-control.name=read-only`,
 * or file-based rules) or a user without write grants (docs/security.md).
 */
const ENGINE = 'trino' as const;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

interface TrinoColumn {
  name: string;
  type: string;
}

interface TrinoPage {
  id?: string;
  nextUri?: string;
  columns?: TrinoColumn[];
  data?: unknown[][];
  error?: { message?: string; errorName?: string; errorType?: string; errorCode?: number };
}

class TrinoQueryError extends Error {
  constructor(
    message: string,
    readonly errorName: string,
    readonly errorType: string,
  ) {
    super(message);
    this.name = 'TrinoQueryError';
  }
}

/** JSON.parse, except integers too long for a double stay exact (as strings). */
export function parseJsonLossless(text: string): unknown {
  let out = '';
  let inString = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ch === '"') inString = false;
      i += 1;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      i += 1;
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      const token = match?.[0] ?? ch;
      const integer = match !== null && match[1] === undefined && match[2] === undefined;
      out += integer && token.replace('-', '').length > 15 ? `"${token}"` : token;
      i += token.length;
      continue;
    }
    out += ch;
    i += 1;
  }
  return JSON.parse(out);
}

/** One Trino JSON value of `type` in the shared JSON-friendly form (see valueNormalizer.ts). */
export function normalizeTrinoValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  const base = type.trim().toLowerCase();
  const array = /^array\((.*)\)$/.exec(base);
  if (array?.[1] && Array.isArray(value)) {
    const inner = array[1];
    return value.map((item) => normalizeTrinoValue(item, inner));
  }
  if (base === 'bigint') return normalizeIntegerText(String(value));
  if (/^(tinyint|smallint|integer|real|double)$/.test(base)) {
    return typeof value === 'number' ? normalizeNumber(value) : null;
  }
  if (base.startsWith('decimal')) return normalizeDecimalText(String(value));
  if (base === 'boolean') return value === true;
  if (base === 'date') return normalizeDateText(String(value));
  if (base.startsWith('timestamp')) {
    // `2024-03-13 10:37:42.000 UTC` or with a `+03:00` offset; named zones other than UTC stay as sent.
    const text = String(value).replace(/ UTC$/, 'Z');
    return normalizeTimestampText(text.replace(/ ([+-]\d{2}:\d{2})$/, '$1'));
  }
  return normalizeValue(value);
}

export function mapTrinoError(error: unknown, spec: ConnectionSpec): DatabaseError {
  const network = networkError(ENGINE, error, spec);
  if (network) return network;
  const message = errorText(error);
  const status = (error as { status?: unknown }).status;
  if (status === 401) {
    return databaseError(
      ENGINE,
      'CONNECTION_ACCESS_DENIED_ERROR',
      `Either the username "${spec.username ?? ''}" or the password is incorrect.`,
      { invalid: ['username', 'password'] },
    );
  }
  switch ((error as { errorName?: unknown }).errorName) {
    case 'SYNTAX_ERROR':
      return databaseError(ENGINE, 'SYNTAX_ERROR', `Please check your query for syntax errors: ${message}`);
    case 'TABLE_NOT_FOUND':
      return databaseError(ENGINE, 'TABLE_DOES_NOT_EXIST_ERROR', message);
    case 'COLUMN_NOT_FOUND':
      return databaseError(ENGINE, 'COLUMN_DOES_NOT_EXIST_ERROR', message);
    case 'SCHEMA_NOT_FOUND':
      return databaseError(ENGINE, 'SCHEMA_DOES_NOT_EXIST_ERROR', message);
    case 'CATALOG_NOT_FOUND':
      return databaseError(ENGINE, 'CONNECTION_UNKNOWN_DATABASE_ERROR', message, { invalid: ['database'] });
    case 'EXCEEDED_TIME_LIMIT':
      return databaseError(
        ENGINE,
        'SQLLAB_TIMEOUT_ERROR',
        "The query exceeded the database's execution time limit.",
      );
    default:
      return genericError(ENGINE, error);
  }
}

/** What a Trino URI may set. Trino takes no connect_args. */
const TRINO_URI_QUERY = {
  catalog: 'string',
  schema: 'string',
  protocol: ['http', 'https'],
} as const satisfies OptionTypes;

/** `trino://host:port/catalog/schema`: the database part holds the catalog and, optionally, the schema. */
function catalogAndSchema(spec: ConnectionSpec): { catalog: string | null; schema: string | null } {
  const [catalog, schema] = (spec.database ?? '').split('/').filter((part) => part !== '');
  return {
    catalog: stringOption(spec, 'catalog') ?? catalog ?? null,
    schema: stringOption(spec, 'schema') ?? schema ?? null,
  };
}

class TrinoConnection implements DatabaseConnection {
  private readonly writerSlot: WriterSlot;
  private readonly slots: ResourcePool<object>;
  private readonly base: string;
  private readonly mapError = (error: unknown) => mapTrinoError(error, this.spec);

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly options: PoolOptions,
  ) {
    const secure = choiceOption(spec, 'protocol') === 'https' || spec.port === 443 || spec.port === 8443;
    this.base = `${secure ? 'https' : 'http'}://${spec.host ?? 'localhost'}:${spec.port ?? 8080}`;
    this.slots = new ResourcePool<object>(
      { create: async () => ({}), destroy: async () => undefined },
      options.maxConnections,
    );
    this.writerSlot = new WriterSlot(
      ENGINE,
      this,
      options,
      (writable) => new TrinoConnection(spec, writable),
    );
  }

  private headers(): Record<string, string> {
    const { catalog, schema } = catalogAndSchema(this.spec);
    const user = this.spec.username ?? 'vitrina';
    const headers: Record<string, string> = { 'X-Trino-User': user, 'X-Trino-Source': 'Vitrina' };
    if (catalog) headers['X-Trino-Catalog'] = catalog;
    if (schema) headers['X-Trino-Schema'] = schema;
    if (this.spec.password) {
      headers.Authorization = `Basic ${Buffer.from(`${user}:${this.spec.password}`).toString('base64')}`;
    }
    return headers;
  }

  private async request(url: string, init: RequestInit, signal: AbortSignal): Promise<TrinoPage> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(url, { ...init, headers: { ...this.headers(), ...init.headers }, signal });
      if (RETRY_STATUSES.has(response.status) && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
        continue;
      }
      const text = await response.text();
      if (!response.ok) {
        throw Object.assign(new Error(text.trim() || `Trino answered HTTP ${response.status}`), {
          status: response.status,
        });
      }
      const page = parseJsonLossless(text) as TrinoPage;
      if (page.error) {
        throw new TrinoQueryError(
          page.error.message ?? 'Query failed',
          page.error.errorName ?? '',
          page.error.errorType ?? '',
        );
      }
      return page;
    }
  }

  private cancel(nextUri: string | undefined): void {
    if (!nextUri) return;
    void fetch(nextUri, { method: 'DELETE', headers: this.headers() }).catch(() => undefined);
  }

  /** A query as pages: `start` posts it, `next` follows nextUri until a page carries rows or it ends. */
  private open(sql: string, params: unknown[] | undefined, guard: QueryGuard, schema: string | null) {
    const dialect = getDialect(ENGINE);
    const text =
      params && params.length > 0
        ? `EXECUTE IMMEDIATE ${dialect.literal(sql)} USING ${params
            .map((param) => dialect.literal(param as Parameters<typeof dialect.literal>[0]))
            .join(', ')}`
        : sql;
    let nextUri: string | undefined;
    let columns: TrinoColumn[] | undefined;
    const state = {
      get columns() {
        return columns;
      },
      get finished() {
        return nextUri === undefined;
      },
      start: async (): Promise<unknown[][]> => {
        const page = await this.request(
          `${this.base}/v1/statement`,
          { method: 'POST', body: text, ...(schema && { headers: { 'X-Trino-Schema': schema } }) },
          guard.stopSignal,
        );
        nextUri = page.nextUri;
        guard.onStop(() => this.cancel(nextUri));
        columns ??= page.columns;
        return page.data ?? [];
      },
      next: async (): Promise<unknown[][]> => {
        while (nextUri) {
          const page = await this.request(nextUri, { method: 'GET' }, guard.stopSignal);
          nextUri = page.nextUri;
          columns ??= page.columns;
          if (page.data && page.data.length > 0) return page.data;
          if (columns && !nextUri) break;
        }
        return [];
      },
      abandon: () => this.cancel(nextUri),
    };
    return state;
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

  /**
   * Trino's protocol is stateless: a session sends the schema with each of its statements
   * (X-Trino-Schema), which run in order.
   */
  async session<T>(options: SessionOptions, work: (session: DatabaseSession) => Promise<T>): Promise<T> {
    const schema = options.schema || null;
    return work({
      execute: (sql, queryOptions) => this.executeIn(schema, sql, queryOptions),
      stream: (sql, queryOptions) => this.streamIn(schema, sql, queryOptions),
    });
  }

  private async executeIn(schema: string | null, sql: string, options?: QueryOptions): Promise<QueryResult> {
    return guarded(ENGINE, this.timeout(options), options?.signal, this.mapError, async (guard) => {
      const slot = await this.slots.acquire(guard.stopSignal);
      try {
        const query = this.open(sql, options?.params, guard, schema);
        const raw = await query.start();
        while (!query.finished) raw.push(...(await query.next()));
        guard.onStop(null);
        const columns = query.columns ?? [];
        return {
          columns: columns.map((c) => ({ name: c.name, type: c.type })),
          rows: raw.map((row) => row.map((value, i) => normalizeTrinoValue(value, columns[i]?.type ?? ''))),
        };
      } finally {
        this.slots.release(slot);
      }
    });
  }

  private async streamIn(
    schema: string | null,
    sql: string,
    options?: QueryOptions & { batchSize?: number },
  ): Promise<StreamedResult> {
    const batchSize = Math.max(1, options?.batchSize ?? 1000);
    const guard = new QueryGuard(ENGINE, this.timeout(options), options?.signal);
    let slot: object | null = null;
    let query: ReturnType<TrinoConnection['open']> | null = null;
    let pending: unknown[][] = [];
    const close = async () => {
      guard.onStop(null);
      if (query && !query.finished) query.abandon();
      if (slot) this.slots.release(slot);
      guard.dispose();
    };
    const normalize = (rows: unknown[][]) => {
      const columns = query?.columns ?? [];
      return rows.map((row) => row.map((value, i) => normalizeTrinoValue(value, columns[i]?.type ?? '')));
    };
    try {
      await guard.step(async () => {
        slot = await this.slots.acquire(guard.stopSignal);
        query = this.open(sql, options?.params, guard, schema);
        pending = normalize(await query.start());
        while (!query.columns && !query.finished) pending.push(...normalize(await query.next()));
      }, this.mapError);
      const columns: ResultColumn[] = (
        (query as ReturnType<TrinoConnection['open']> | null)?.columns ?? []
      ).map((c) => ({ name: c.name, type: c.type }));
      return {
        columns,
        batches: batchStream({
          next: async () => {
            const active = query;
            while (active && pending.length < batchSize && !active.finished) {
              pending.push(...normalize(await guard.step(() => active.next(), this.mapError)));
            }
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
    const result = await this.execute('SHOW CATALOGS');
    return result.rows.map((row) => String(row[0])).sort();
  }

  private catalogOf(catalog: string | null): string {
    const name = catalog ?? catalogAndSchema(this.spec).catalog;
    if (!name) {
      throw databaseError(ENGINE, 'CONNECTION_MISSING_PARAMETERS_ERROR', 'Trino needs a catalog to browse.', {
        invalid: ['catalog'],
      });
    }
    return getDialect(ENGINE).quoteIdentifier(name);
  }

  async listSchemas(catalog: string | null): Promise<string[]> {
    const result = await this.execute(
      `SELECT schema_name FROM ${this.catalogOf(catalog)}.information_schema.schemata
        WHERE schema_name <> 'information_schema' ORDER BY schema_name`,
    );
    return result.rows.map((row) => String(row[0]));
  }

  async listTables(catalog: string | null, schema: string | null): Promise<TableListing[]> {
    const result = await this.execute(
      `SELECT table_name, table_type FROM ${this.catalogOf(catalog)}.information_schema.tables
        WHERE table_schema = ? ORDER BY table_name`,
      { params: [schema ?? catalogAndSchema(this.spec).schema ?? 'default'] },
    );
    return result.rows.map((row) => ({ name: String(row[0]), type: row[1] === 'VIEW' ? 'view' : 'table' }));
  }

  async tableMetadata(
    catalog: string | null,
    schema: string | null,
    table: string,
  ): Promise<TableMetadata | null> {
    const columns = await this.execute(
      `SELECT column_name, data_type, is_nullable FROM ${this.catalogOf(catalog)}.information_schema.columns
        WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position`,
      { params: [schema ?? catalogAndSchema(this.spec).schema ?? 'default', table] },
    );
    if (columns.rows.length === 0) return null;
    return {
      name: table,
      columns: columns.rows.map((row) => ({
        name: String(row[0]),
        type: String(row[1]),
        nullable: row[2] !== 'NO',
        comment: null,
      })),
      primaryKey: null,
      foreignKeys: [],
      indexes: [],
      comment: null,
      // information_schema does not say which columns are partition keys (decisions.md).
      partitionColumns: [],
    };
  }

  async estimateCost(sql: string): Promise<Array<Record<string, unknown>>> {
    const result = await runExplain(this, ENGINE, sql);
    const text = String(result.rows[0]?.[0] ?? '');
    try {
      const plan = JSON.parse(text) as { estimate?: Record<string, unknown> };
      return plan.estimate ? [plan.estimate] : [{ 'Query plan': text }];
    } catch {
      return [{ 'Query plan': text }];
    }
  }

  writer(): DatabaseConnection {
    return this.writerSlot.get();
  }

  async close(): Promise<void> {
    await this.writerSlot.close();
    await this.slots.close();
  }
}

export const trinoDriver: DatabaseDriver = {
  engine: ENGINE,
  connectArgs: {},
  uriQuery: TRINO_URI_QUERY,
  uploads: null,
  connect: (spec, options) => new TrinoConnection(spec, options),
};
