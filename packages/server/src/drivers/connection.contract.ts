/**
 * The contract every DatabaseConnection keeps, run against real engines by the engine test files
 * (duckdb/sqlite/postgresql/mysql .test.ts). Each provides a fixture: how to connect to a scratch
 * database or schema, the engine's column type names, and a query slow enough to cancel.
 */
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import type { TimeGrain } from '@vitrina/common/sql/timeGrains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection, PoolOptions } from './driver.ts';
import { DatabaseError } from './errors.ts';

export interface ContractFixture {
  engine: EngineName;
  /** A new pool on the scratch database. */
  connect(options?: Partial<PoolOptions>): DatabaseConnection;
  /** Where the test tables live; null for the connection's default schema. */
  schema: string | null;
  /** The schema name listSchemas must include. */
  listedSchema: string;
  types: {
    int: string;
    bigint: string;
    decimal: string;
    text: string;
    timestamp: string;
    date: string;
    boolean: string;
  };
  /** How the engine stores a DECIMAL(12,2) value 1234.50 (SQLite has no exact decimals). */
  decimalValue: unknown;
  /** Where a plain P1W week starts in this dialect (Superset: Monday for PostgreSQL/DuckDB, Sunday for MySQL/SQLite). */
  plainWeekStartsOn: 'sunday' | 'monday';
  /** Runs for many seconds unless stopped. */
  slowSql: string;
  /** Queries still running that contain `marker`, seen from a separate session (server engines). */
  runningQueries?(marker: string): Promise<number>;
  /** Removes the scratch database or schema. */
  cleanup(): Promise<void>;
}

const ODD_TABLE = 'Продажи "2024" `q` x';
const ODD_COLUMN = 'Сумма "итого" `x` y';

const KNOWN_TIMESTAMPS = [
  '2024-03-13 10:37:42',
  '2024-01-01 00:00:00',
  '2023-12-31 23:59:59',
  '2024-03-16 06:07:08',
];

function iso(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** The truncation a grain means, computed independently of any SQL. */
export function expectedGrain(grain: TimeGrain, text: string, plainWeek: 'sunday' | 'monday'): string {
  const d = new Date(`${text.replace(' ', 'T')}Z`);
  const floorTo = (ms: number) => new Date(Math.floor(d.getTime() / ms) * ms);
  const startOfDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dayMs = 86_400_000;
  const weekStart = (startDay: number) => {
    const back = (d.getUTCDay() - startDay + 7) % 7;
    return new Date(startOfDay.getTime() - back * dayMs);
  };
  const weekEnd = (endDay: number) => {
    const ahead = (endDay - d.getUTCDay() + 7) % 7;
    return new Date(startOfDay.getTime() + ahead * dayMs);
  };
  const withinHour = (minutes: number) => {
    const hour = new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);
    return new Date(hour.getTime() + Math.floor(d.getUTCMinutes() / minutes) * minutes * 60_000);
  };
  switch (grain) {
    case 'PT1S':
      return iso(floorTo(1000));
    case 'PT5S':
      return iso(floorTo(5000));
    case 'PT30S':
      return iso(floorTo(30_000));
    case 'PT1M':
      return iso(floorTo(60_000));
    case 'PT5M':
      return iso(withinHour(5));
    case 'PT10M':
      return iso(withinHour(10));
    case 'PT15M':
      return iso(withinHour(15));
    case 'PT30M':
      return iso(withinHour(30));
    case 'PT1H':
      return iso(floorTo(3_600_000));
    case 'PT6H':
      return iso(new Date(startOfDay.getTime() + Math.floor(d.getUTCHours() / 6) * 6 * 3_600_000));
    case 'P1D':
      return iso(startOfDay);
    case 'P7D':
      // Seven-day buckets counted from 1970-01-01.
      return iso(new Date(Math.floor(startOfDay.getTime() / (7 * dayMs)) * 7 * dayMs));
    case 'P1W':
      return iso(weekStart(plainWeek === 'sunday' ? 0 : 1));
    case 'P1M':
      return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)));
    case 'P3M':
      return iso(new Date(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1)));
    case 'P1Y':
      return iso(new Date(Date.UTC(d.getUTCFullYear(), 0, 1)));
    case '1969-12-28T00:00:00Z/P1W':
      return iso(weekStart(0));
    case '1969-12-29T00:00:00Z/P1W':
      return iso(weekStart(1));
    case 'P1W/1970-01-03T00:00:00Z':
      return iso(weekEnd(6));
    case 'P1W/1970-01-04T00:00:00Z':
      return iso(weekEnd(0));
  }
}

/** A date-only result (`2024-03-10`) compares as midnight. */
function asTimestamp(value: unknown): unknown {
  return typeof value === 'string' && value.length === 10 ? `${value}T00:00:00` : value;
}

/** The DatabaseError a query fails with; anything else is rethrown. */
export async function rejection(promise: Promise<unknown>): Promise<DatabaseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DatabaseError) return error;
    throw error;
  }
  throw new Error('Expected the query to fail');
}

export function describeConnectionContract(name: string, setup: () => Promise<ContractFixture | null>): void {
  describe(`${name}: DatabaseConnection contract`, () => {
    let fixture: ContractFixture | null = null;
    let db: DatabaseConnection;
    const dialect = () => getDialect(fixture?.engine ?? 'sqlite');
    const table = (t: string) => dialect().qualifiedTable({ schema: fixture?.schema ?? null, table: t });
    const q = (identifier: string) => dialect().quoteIdentifier(identifier);

    beforeAll(async () => {
      fixture = await setup();
      if (!fixture) return;
      db = fixture.connect();
      const t = fixture.types;
      const statements = [
        `CREATE TABLE ${table('parent')} (id ${t.int} NOT NULL PRIMARY KEY, name ${t.text} NOT NULL)`,
        `CREATE TABLE ${table('child')} (id ${t.int} NOT NULL PRIMARY KEY, parent_id ${t.int} REFERENCES ${table('parent')} (id), note ${t.text})`,
        `CREATE INDEX child_parent_idx ON ${table('child')} (parent_id)`,
        `CREATE VIEW ${table('v_parent')} AS SELECT id, name FROM ${table('parent')}`,
        `CREATE TABLE ${table('vals')} (i ${t.int}, b ${t.bigint}, small_b ${t.bigint}, d ${t.decimal}, s ${t.text}, ts ${t.timestamp}, dt ${t.date}, flag ${t.boolean})`,
        `INSERT INTO ${table('vals')} VALUES (7, 9007199254740993, 42, 1234.50, 'текст', ${dialect().literal(new Date('2024-03-13T10:37:42Z'))}, '2024-03-13', ${dialect().literal(true)})`,
        `INSERT INTO ${table('vals')} VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
        `CREATE TABLE ${table('events')} (ts ${t.timestamp})`,
        ...KNOWN_TIMESTAMPS.map(
          (ts) =>
            `INSERT INTO ${table('events')} VALUES (${dialect().literal(new Date(`${ts.replace(' ', 'T')}Z`))})`,
        ),
        `CREATE TABLE ${table(ODD_TABLE)} (${q(ODD_COLUMN)} ${t.int})`,
        `INSERT INTO ${table(ODD_TABLE)} VALUES (5)`,
      ];
      for (const sql of statements) await db.execute(sql);
    });

    afterAll(async () => {
      if (!fixture) return;
      await db.close();
      await fixture.cleanup();
    });

    it('lists schemas, tables and views', async (ctx) => {
      if (!fixture) return ctx.skip();
      expect(await db.listCatalogs()).toEqual([]);
      expect(await db.listSchemas(null)).toContain(fixture.listedSchema);
      const tables = await db.listTables(null, fixture.schema);
      expect(tables).toContainEqual({ name: 'parent', type: 'table' });
      expect(tables).toContainEqual({ name: 'child', type: 'table' });
      expect(tables).toContainEqual({ name: 'v_parent', type: 'view' });
      expect(tables).toContainEqual({ name: ODD_TABLE, type: 'table' });
    });

    it('describes columns, primary key, foreign keys and indexes', async (ctx) => {
      if (!fixture) return ctx.skip();
      const child = await db.tableMetadata(null, fixture.schema, 'child');
      expect(child?.columns.map((c) => c.name)).toEqual(['id', 'parent_id', 'note']);
      expect(child?.primaryKey?.column_names).toEqual(['id']);
      expect(child?.foreignKeys).toHaveLength(1);
      expect(child?.foreignKeys[0]).toMatchObject({
        column_names: ['parent_id'],
        referred_table: 'parent',
        referred_columns: ['id'],
      });
      const index = child?.indexes.find((i) => i.name === 'child_parent_idx');
      expect(index).toMatchObject({ column_names: ['parent_id'], unique: false });
      // An unpartitioned table has no partition column on any engine.
      expect(child?.partitionColumns).toEqual([]);
      const parent = await db.tableMetadata(null, fixture.schema, 'parent');
      expect(parent?.columns.find((c) => c.name === 'name')?.nullable).toBe(false);
      expect(child?.columns.find((c) => c.name === 'note')?.nullable).toBe(true);
      expect(await db.tableMetadata(null, fixture.schema, 'v_parent')).toMatchObject({ name: 'v_parent' });
      expect(await db.tableMetadata(null, fixture.schema, 'no_such_table')).toBeNull();
    });

    it('maps each native column type to its generic type through the dialect', async (ctx) => {
      if (!fixture) return ctx.skip();
      const meta = await db.tableMetadata(null, fixture.schema, 'vals');
      const generic = Object.fromEntries(
        (meta?.columns ?? []).map((c) => [c.name, dialect().genericType(c.type)]),
      );
      expect(generic).toEqual({
        i: 'NUMERIC',
        b: 'NUMERIC',
        small_b: 'NUMERIC',
        d: 'NUMERIC',
        s: 'STRING',
        ts: 'TEMPORAL',
        dt: 'TEMPORAL',
        flag: 'BOOLEAN',
      });
    });

    it('quotes odd identifiers (spaces, quotes, backticks, Cyrillic)', async (ctx) => {
      if (!fixture) return ctx.skip();
      const result = await db.execute(`SELECT ${q(ODD_COLUMN)} FROM ${table(ODD_TABLE)}`);
      expect(result.columns.map((c) => c.name)).toEqual([ODD_COLUMN]);
      expect(result.rows).toEqual([[5]]);
      const meta = await db.tableMetadata(null, fixture.schema, ODD_TABLE);
      expect(meta?.columns.map((c) => c.name)).toEqual([ODD_COLUMN]);
    });

    it('normalises values the same way on every engine', async (ctx) => {
      if (!fixture) return ctx.skip();
      const result = await db.execute(
        `SELECT i, b, small_b, d, s, ts, dt, flag FROM ${table('vals')} ORDER BY i`,
      );
      expect(result.columns.map((c) => c.name)).toEqual(['i', 'b', 'small_b', 'd', 's', 'ts', 'dt', 'flag']);
      const filled = result.rows.find((row) => row[0] !== null);
      const empty = result.rows.find((row) => row[0] === null);
      expect(filled).toEqual([
        7,
        '9007199254740993',
        42,
        fixture.decimalValue,
        'текст',
        '2024-03-13T10:37:42',
        '2024-03-13',
        true,
      ]);
      expect(empty).toEqual([null, null, null, null, null, null, null, null]);
    });

    it('binds parameters', async (ctx) => {
      if (!fixture) return ctx.skip();
      const p = (n: number) => dialect().parameterPlaceholder(n);
      const result = await db.execute(
        `SELECT name FROM ${table('parent')} WHERE id = ${p(1)} OR name = ${p(2)}`,
        {
          params: [1, "O'Brien"],
        },
      );
      expect(result.rows).toEqual([]);
      await db.execute(`INSERT INTO ${table('parent')} (id, name) VALUES (${p(1)}, ${p(2)})`, {
        params: [1, "O'Brien; DROP TABLE x"],
      });
      const back = await db.execute(`SELECT name FROM ${table('parent')} WHERE id = ${p(1)}`, {
        params: [1],
      });
      expect(back.rows).toEqual([["O'Brien; DROP TABLE x"]]);
    });

    it('runs every time grain of the dialect in the engine', async (ctx) => {
      if (!fixture) return ctx.skip();
      const grains = dialect().timeGrains();
      expect(grains.length).toBeGreaterThan(0);
      for (const grain of grains) {
        const expression = dialect().timeGrainExpression(grain, 'ts');
        expect(expression, grain).not.toBeNull();
        const result = await db.execute(`SELECT ${expression} AS g FROM ${table('events')} ORDER BY ts`);
        const actual = result.rows.map((row) => asTimestamp(row[0]));
        const expected = [...KNOWN_TIMESTAMPS]
          .sort()
          .map((ts) => expectedGrain(grain, ts, fixture?.plainWeekStartsOn ?? 'monday'));
        expect({ grain, values: actual }).toEqual({ grain, values: expected });
      }
    });

    it('runs a session on one held connection with its schema applied', async (ctx) => {
      if (!fixture) return ctx.skip();
      const rows = await db.session({ schema: fixture.listedSchema }, async (session) => {
        // `vals` unqualified: found through the session's schema.
        await session.execute(
          'CREATE TEMPORARY TABLE session_scratch AS SELECT i FROM vals WHERE i IS NOT NULL',
        );
        // The pool's other connections see neither the temporary table nor the session's settings.
        await expect(db.execute('SELECT i FROM session_scratch')).rejects.toBeInstanceOf(DatabaseError);
        const streamed = await session.stream('SELECT i FROM session_scratch');
        const read: unknown[][] = [];
        for await (const batch of streamed.batches) read.push(...batch);
        return read;
      });
      expect(rows).toEqual([[7]]);
      expect((await db.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
    });

    it('streams many rows in bounded batches', async (ctx) => {
      if (!fixture) return ctx.skip();
      const values = Array.from({ length: 50 }, (_, i) => `(${i})`).join(', ');
      await db.execute(`CREATE TABLE ${table('fifty')} (n ${fixture.types.int})`);
      await db.execute(`INSERT INTO ${table('fifty')} VALUES ${values}`);
      const stream = await db.stream(
        `SELECT a.n * 50 + b.n AS n FROM ${table('fifty')} a CROSS JOIN ${table('fifty')} b ORDER BY n`,
        { batchSize: 300 },
      );
      expect(stream.columns.map((c) => c.name)).toEqual(['n']);
      let total = 0;
      let largest = 0;
      let last = -1;
      for await (const batch of stream.batches) {
        total += batch.length;
        largest = Math.max(largest, batch.length);
        for (const row of batch) {
          expect(row[0]).toBe(last + 1);
          last = row[0] as number;
        }
      }
      expect(total).toBe(2500);
      expect(largest).toBeLessThanOrEqual(300);
      // Leaving a stream early gives its connection back.
      const early = await db.stream(`SELECT a.n FROM ${table('fifty')} a CROSS JOIN ${table('fifty')} b`, {
        batchSize: 10,
      });
      for await (const batch of early.batches) {
        expect(batch.length).toBe(10);
        break;
      }
      expect((await db.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
    });

    it('stops a query that passes its timeout with SQLLAB_TIMEOUT_ERROR', async (ctx) => {
      if (!fixture) return ctx.skip();
      const single = fixture.connect({ maxConnections: 1 });
      try {
        const error = await rejection(single.execute(fixture.slowSql, { timeoutMs: 300 }));
        expect(error.errorType).toBe('SQLLAB_TIMEOUT_ERROR');
        expect(error.message).toMatch(/timeout/i);
        expect(error.extra.engine_name).toBe(dialect().displayName);
        expect((await single.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
      } finally {
        await single.close();
      }
    });

    it('cancels through an AbortSignal, in the database', async (ctx) => {
      if (!fixture) return ctx.skip();
      const single = fixture.connect({ maxConnections: 1 });
      try {
        const controller = new AbortController();
        const running = single.execute(fixture.slowSql, { signal: controller.signal });
        setTimeout(() => controller.abort(), 300);
        const error = await rejection(running);
        expect(error.errorType).toBe('QUERY_CANCELLED_ERROR');
        if (fixture.runningQueries) expect(await fixture.runningQueries('vitrina_slow_marker')).toBe(0);
        // The only connection is free again: the query no longer runs on it.
        expect((await single.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
        const already = new AbortController();
        already.abort();
        expect((await rejection(single.execute('SELECT 1', { signal: already.signal }))).errorType).toBe(
          'QUERY_CANCELLED_ERROR',
        );
      } finally {
        await single.close();
      }
    });

    it('keeps at most maxConnections busy: extra queries wait instead of failing', async (ctx) => {
      if (!fixture) return ctx.skip();
      const small = fixture.connect({ maxConnections: 2, queryTimeoutMs: 20_000 });
      try {
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            small.execute(`SELECT ${i} AS n FROM ${table('fifty')} WHERE n = 0`),
          ),
        );
        expect(results.map((r) => r.rows[0]?.[0])).toEqual([0, 1, 2, 3, 4, 5]);
      } finally {
        await small.close();
      }
    });

    it('maps errors to Superset types with engine_name and issue codes', async (ctx) => {
      if (!fixture) return ctx.skip();
      const syntax = await rejection(db.execute('SELEC 1'));
      expect(syntax.errorType).toBe('SYNTAX_ERROR');
      expect(syntax.extra).toMatchObject({
        engine_name: dialect().displayName,
        issue_codes: [{ code: 1030, message: 'Issue 1030 - The query has a syntax error.' }],
      });
      const table_ = await rejection(db.execute(`SELECT * FROM ${table('no_such_table')}`));
      expect(table_.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      const column = await rejection(db.execute(`SELECT no_such_column FROM ${table('parent')}`));
      expect(column.errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
      expect(column.message).not.toMatch(/\n\s+at /);
    });

    it('estimates cost through the dialect, or says it cannot', async (ctx) => {
      if (!fixture) return ctx.skip();
      if (dialect().capabilities.costEstimate) {
        const cost = await db.estimateCost(`SELECT * FROM ${table('parent')}`);
        expect(cost.length).toBeGreaterThan(0);
      } else {
        const error = await rejection(db.estimateCost('SELECT 1'));
        expect(error.message).toMatch(/not support cost estimation/);
      }
    });
  });
}
