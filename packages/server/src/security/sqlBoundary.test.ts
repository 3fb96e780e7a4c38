import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseConnections } from '../connections/connections.ts';
import { withDuckDb } from '../drivers/exampleData/duckdbFile.ts';
import { planConnection } from '../flows/sqllab/planConnection.ts';
import { nowIso } from '../platform/metastore/index.ts';
import type { DatabaseRow } from '../platform/metastore/schema.ts';
import { createRole, insertDatabase } from '../testing/fixtures.ts';
import { SERVICES, serviceAvailable } from '../testing/services.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../testing/testApp.ts';
import { datasetPermissionView } from './dataAccess.ts';

/**
 * The review's findings against the SQL trust boundary, reproduced through the API on every engine
 * that runs here: a second statement smuggled into a virtual dataset, custom SQL reading other tables
 * or files past row-level security, and SQL Lab writing where DML is off. Each must be refused and
 * must change nothing.
 */

const TABLES = [
  'CREATE TABLE orders (id INTEGER, region VARCHAR(20), amount INTEGER)',
  "INSERT INTO orders VALUES (1, 'north', 10), (2, 'south', 20)",
  'CREATE TABLE secrets (id INTEGER, token VARCHAR(40))',
  "INSERT INTO secrets VALUES (1, 'top-secret')",
  'CREATE TABLE victim (id INTEGER)',
  'INSERT INTO victim VALUES (1), (2), (3)',
];

interface Engine {
  name: string;
  /** Creates the tables; answers the database URI and the schema the tables are in. */
  setUp(dir: string): Promise<{ uri: string; schema: string | null }>;
  tearDown(): Promise<void>;
}

const suffix = randomBytes(4).toString('hex');

const engines: Engine[] = [
  {
    name: 'duckdb',
    async setUp(dir) {
      const file = path.join(dir, 'boundary.duckdb');
      await withDuckDb(file, async (con) => {
        for (const statement of TABLES) await con.run(statement);
        await con.run('CHECKPOINT');
      });
      return { uri: `duckdb:///${file}`, schema: 'main' };
    },
    async tearDown() {},
  },
  {
    name: 'sqlite',
    async setUp(dir) {
      const file = path.join(dir, 'boundary.sqlite');
      const db = new Database(file);
      for (const statement of TABLES) db.exec(statement);
      db.close();
      return { uri: `sqlite:///${file}`, schema: 'main' };
    },
    async tearDown() {},
  },
];

if (await serviceAvailable('postgres')) {
  const database = `boundary_${suffix}`;
  const run = async (statements: string[], url = SERVICES.postgres.url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(SERVICES.postgres.url);
  url.pathname = `/${database}`;
  engines.push({
    name: 'postgresql',
    async setUp() {
      await run([`CREATE DATABASE ${database}`]);
      await run(TABLES, url.toString());
      return { uri: url.toString().replace(/^postgres:/, 'postgresql:'), schema: 'public' };
    },
    async tearDown() {
      await run([`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
    },
  });
}

if (await serviceAvailable('mariadb')) {
  const database = `boundary_${suffix}`;
  const run = async (statements: string[], db?: string) => {
    const connection = await mysql.createConnection({
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      database: db,
    });
    try {
      for (const statement of statements) await connection.query(statement);
    } finally {
      await connection.end();
    }
  };
  engines.push({
    name: 'mysql',
    async setUp() {
      await run([`CREATE DATABASE ${database}`]);
      await run(TABLES, database);
      return { uri: `mysql://root@127.0.0.1:3306/${database}`, schema: database };
    },
    async tearDown() {
      await run([`DROP DATABASE IF EXISTS ${database}`]);
    },
  });
}

for (const engine of engines) {
  describe(`the SQL trust boundary on ${engine.name}`, () => {
    let harness: TestApp;
    let admin: Headers;
    let analyst: Headers;
    let databaseId: number;
    let ordersId: number;
    let dir: string;

    const post = (url: string, payload: unknown, headers = analyst) =>
      harness.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
    const chartData = (query: Record<string, unknown>, datasetId = ordersId, headers = analyst) =>
      post('/api/v1/chart/data', { datasource: { id: datasetId, type: 'table' }, queries: [query] }, headers);
    const sqlLab = (sql: string) =>
      post('/api/v1/sqllab/execute/', { database_id: databaseId, sql, runAsync: false }, admin);
    const victimRows = async () => {
      const response = await sqlLab('SELECT COUNT(*) AS n FROM victim');
      expect(response.statusCode, response.body).toBe(200);
      return Number(response.json().data[0].n);
    };

    beforeAll(async () => {
      harness = await createTestApp();
      // Data files live where data sources may point: the data dir's files folder.
      dir = fs.mkdtempSync(path.join(harness.ctx.config.filesDir, 'boundary-'));
      const { uri, schema } = await engine.setUp(dir);
      databaseId = await insertDatabase(harness, { name: `boundary_${engine.name}`, uri });
      admin = await harness.bearer(ADMIN.username, ADMIN.password);
      const created = await post(
        '/api/v1/dataset/',
        { database: databaseId, schema, table_name: 'orders' },
        admin,
      );
      expect(created.statusCode, created.body).toBe(201);
      ordersId = created.json<{ id: number }>().id;
      // A custom role: one dataset, custom SQL allowed (explore), and a row-level security rule.
      await createRole(harness, 'one_dataset', [
        ['can_read', 'Chart'],
        ['can_explore', 'Superset'],
        [
          'datasource_access',
          datasetPermissionView(`boundary_${engine.name}`, { id: ordersId, table_name: 'orders' } as never),
        ],
      ]);
      const role = await harness.ctx.metastore.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'one_dataset')
        .executeTakeFirstOrThrow();
      const rule = await post(
        '/api/v1/rowlevelsecurity/',
        {
          name: 'north only',
          filter_type: 'Regular',
          tables: [ordersId],
          roles: [role.id],
          clause: "region = 'north'",
        },
        admin,
      );
      expect(rule.statusCode, rule.body).toBe(201);
      await harness.createUser({ username: 'analyst', roles: ['one_dataset'] });
      analyst = await harness.bearer('analyst', 'password123');
    });
    afterAll(async () => {
      await harness?.close();
      await engine.tearDown();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('answers the RLS-filtered rows to the one-dataset role', async () => {
      const response = await chartData({
        columns: ['region'],
        metrics: ['count'],
        orderby: [['region', true]],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result[0].data).toEqual([{ region: 'north', count: 1 }]);
    });

    const subqueries = [
      '(SELECT COUNT(*) FROM secrets)',
      '(SELECT COUNT(*) FROM orders)',
      'amount + (SELECT MAX(id) FROM victim)',
      'EXISTS (SELECT 1 FROM secrets)',
      ...(engine.name === 'duckdb'
        ? ['(FROM secrets SELECT COUNT(*))', "(SELECT COUNT(*) FROM query('SELECT * FROM secrets'))"]
        : []),
    ];
    it.each(subqueries)(
      'refuses the sub-query %s in custom SQL (metric, column, where, having)',
      async (sql) => {
        const places = [
          { metrics: [{ expressionType: 'SQL', sqlExpression: sql, label: 'm' }] },
          { columns: [{ label: 'c', sqlExpression: sql, expressionType: 'SQL' }], metrics: ['count'] },
          { columns: ['region'], metrics: ['count'], extras: { where: `${sql} > 0` } },
          { columns: ['region'], metrics: ['count'], extras: { having: `${sql} > 0` } },
        ];
        for (const place of places) {
          const response = await chartData(place);
          expect(response.statusCode, `${JSON.stringify(place)} → ${response.body}`).toBe(400);
          expect(response.json().message).toMatch(
            /sub-quer|could not read|single expression|table function/i,
          );
        }
      },
    );

    const fileAndQueryFunctions: Record<string, string[]> = {
      duckdb: ["query('SELECT token FROM secrets')", "read_text('/etc/hostname')", "len(glob('/*'))"],
      postgresql: [
        "query_to_xml('select * from secrets', true, true, '')",
        "pg_read_file('/etc/hostname')",
        "current_setting('data_directory')",
      ],
      mysql: ["load_file('/etc/hostname')"],
      sqlite: ["load_extension('x')"],
    };
    it.each(fileAndQueryFunctions[engine.name] ?? [])(
      'refuses the denied function in %s, naming it',
      async (sql) => {
        const response = await chartData({
          columns: [{ label: 'c', sqlExpression: sql, expressionType: 'SQL' }],
          metrics: ['count'],
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toMatch(/is not allowed|could not read/);
      },
    );

    it('refuses comments, statement breaks and parameters in custom SQL', async () => {
      for (const where of [
        "region = 'north' --",
        '1 = 1) OR (1 = 1',
        "region = 'north'; DELETE FROM victim",
        'id = $1',
        'id = ?',
      ]) {
        const response = await chartData({ columns: ['region'], metrics: ['count'], extras: { where } });
        expect(response.statusCode, `${where} → ${response.body}`).toBe(400);
      }
      expect(await victimRows()).toBe(3);
    });

    it('keeps ordinary custom SQL working', async () => {
      const response = await chartData({
        columns: [
          {
            label: 'r',
            sqlExpression: "CASE WHEN amount > 5 THEN upper(region) ELSE 'x' END",
            expressionType: 'SQL',
          },
        ],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(amount) * 2', label: 'double' }],
        extras: {
          where: "region IN ('north', 'south') AND amount BETWEEN 1 AND 100",
          having: 'SUM(amount) > 0',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = response.json().result[0].data;
      expect(row.r).toBe('NORTH');
      expect(Number(row.double)).toBe(20);
    });

    it('refuses a virtual dataset that smuggles a second statement, and deletes nothing', async () => {
      const payload = "SELECT '\\' AS a) AS t; DELETE FROM victim; SELECT * FROM (SELECT 1 AS a --'";
      const created = await post(
        '/api/v1/dataset/',
        { database: databaseId, table_name: `v_${engine.name}`, sql: payload },
        admin,
      );
      if (engine.name === 'mysql') {
        // MySQL reads it as one string literal: harmless, and nothing is deleted.
        expect([201, 422]).toContain(created.statusCode);
      } else {
        expect(created.statusCode, created.body).toBe(422);
      }
      for (const sql of [
        'SELECT 1 AS a; DELETE FROM victim',
        'DELETE FROM victim',
        'SELECT 1 AS a; SELECT 2 AS b',
      ]) {
        const response = await post(
          '/api/v1/dataset/',
          { database: databaseId, table_name: `w_${engine.name}`, sql },
          admin,
        );
        expect(response.statusCode, `${sql} → ${response.body}`).toBe(422);
      }
      expect(await victimRows()).toBe(3);
    });

    it('checks a stored virtual dataset again on every run (an import cannot smuggle a statement)', async () => {
      const created = await post(
        '/api/v1/dataset/',
        { database: databaseId, table_name: `ok_${engine.name}`, sql: 'SELECT id FROM victim' },
        admin,
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      await harness.ctx.metastore.db
        .updateTable('datasets')
        .set({ sql: 'SELECT id FROM victim; DELETE FROM victim' })
        .where('id', '=', id)
        .execute();
      const response = await chartData({ columns: ['id'], metrics: [] }, id, admin);
      expect(response.statusCode, response.body).toBe(400);
      expect(await victimRows()).toBe(3);
    });

    it('refuses dataset expressions and the fetch-values predicate that are not plain, naming them', async () => {
      const response = await harness.app.inject({
        method: 'PUT',
        url: `/api/v1/dataset/${ordersId}`,
        headers: admin,
        payload: {
          columns: [{ column_name: 'leak', expression: '(SELECT token FROM secrets)' }],
          metrics: [
            { metric_name: 'bad', expression: 'SUM(amount)) FROM orders; DELETE FROM victim; SELECT (1' },
          ],
          fetch_values_predicate: '1 = 1) OR (1 = 1',
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      const { message } = response.json();
      expect(message.columns.join(' ')).toMatch(/leak: .*sub-quer/);
      expect(message.metrics.join(' ')).toMatch(/bad: /);
      expect(message.fetch_values_predicate).toHaveLength(1);
    });

    it('refuses SQL Lab writes where DML is off, whatever they hide in', async () => {
      const writes = [
        'DELETE FROM victim',
        'SELECT 1; DELETE FROM victim',
        ...(engine.name === 'postgresql'
          ? [
              'WITH d AS (DELETE FROM victim RETURNING *) SELECT * FROM d',
              'EXPLAIN ANALYZE DELETE FROM victim',
            ]
          : []),
        ...(engine.name === 'duckdb'
          ? ['SET enable_external_access = true', "ATTACH ':memory:' AS x", 'PRAGMA version']
          : []),
        ...(engine.name === 'sqlite' ? ["ATTACH DATABASE ':memory:' AS x"] : []),
      ];
      for (const sql of writes) {
        const response = await sqlLab(sql);
        expect(response.statusCode, `${sql} → ${response.body}`).toBe(400);
      }
      expect(await victimRows()).toBe(3);
    });

    it('refuses statements that reach files or code even where DML is allowed', async () => {
      await harness.ctx.metastore.db
        .updateTable('databases')
        .set({ allow_dml: 1, changed_on: nowIso() })
        .where('id', '=', databaseId)
        .execute();
      try {
        const metastore = path.join(harness.ctx.config.dataDir, 'vitrina.db');
        const statements: Record<string, string[]> = {
          sqlite: [`ATTACH DATABASE '${metastore}' AS stolen`],
          duckdb: [
            `ATTACH '${metastore}' AS stolen`,
            'INSTALL httpfs',
            "COPY victim TO '/tmp/vitrina-copy.csv'",
          ],
          postgresql: ["COPY victim TO '/tmp/vitrina-copy.csv'", "LOAD 'plpgsql'"],
          // sqlparser-rs cannot read these; the refusal still names them rather than "cannot parse".
          mysql: [
            "SELECT * FROM victim INTO OUTFILE '/tmp/vitrina-copy.csv'",
            "LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE victim",
          ],
        };
        for (const sql of statements[engine.name] ?? []) {
          const response = await sqlLab(sql);
          expect(response.statusCode, `${sql} → ${response.body}`).toBe(400);
          expect(response.body).toMatch(/not allowed: they reach files or code/);
        }
        // DML itself now runs: the flag is the database's, the wall above is the server's.
        const deleted = await sqlLab('DELETE FROM victim WHERE id = 3');
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect(await victimRows()).toBe(2);
      } finally {
        await harness.ctx.metastore.db
          .updateTable('databases')
          .set({ allow_dml: 0, changed_on: nowIso() })
          .where('id', '=', databaseId)
          .execute();
      }
    });

    it.runIf(engine.name === 'mysql')('runs GROUP BY … WITH ROLLUP as a read in SQL Lab', async () => {
      const response = await sqlLab(
        'SELECT region, SUM(amount) AS total FROM orders GROUP BY region WITH ROLLUP',
      );
      expect(response.statusCode, response.body).toBe(200);
      // The engine adds the grand total row (region NULL) after the two regions.
      expect(response.json().data.map((row: { total: unknown }) => Number(row.total))).toEqual([10, 20, 30]);
    });

    /** The database row with some write flags on (each test sets them back). */
    async function withFlags<T>(
      flags: Partial<Record<'allow_dml' | 'allow_ctas' | 'allow_cvas' | 'allow_file_upload', 0 | 1>>,
      work: (row: DatabaseRow) => Promise<T>,
    ): Promise<T> {
      const db = harness.ctx.metastore.db;
      const off = { allow_dml: 0, allow_ctas: 0, allow_cvas: 0, allow_file_upload: 0 } as const;
      await db
        .updateTable('databases')
        .set({ ...off, ...flags, changed_on: nowIso() })
        .where('id', '=', databaseId)
        .execute();
      try {
        const row = await db
          .selectFrom('databases')
          .selectAll()
          .where('id', '=', databaseId)
          .executeTakeFirstOrThrow();
        return await work(row);
      } finally {
        await db
          .updateTable('databases')
          .set({ ...off, changed_on: nowIso() })
          .where('id', '=', databaseId)
          .execute();
      }
    }

    it('refuses in the engine a write smuggled past the parsers, even where uploads, CTAS or DML are allowed', async () => {
      // A parser gap is simulated by handing the write straight to the pool user queries run on.
      const before = await victimRows();
      for (const flags of [
        { allow_file_upload: 1 },
        { allow_ctas: 1, allow_cvas: 1 },
        { allow_dml: 1 },
      ] as const) {
        await withFlags(flags, async (row) => {
          const reader = databaseConnections(harness.ctx).get(row);
          const refused = { errorType: 'DML_NOT_ALLOWED_ERROR' };
          const label = JSON.stringify(flags);
          await expect(reader.execute('DELETE FROM victim'), label).rejects.toMatchObject(refused);
          await expect(
            reader
              .stream('DELETE FROM victim')
              .then((stream) => stream.batches[Symbol.asyncIterator]().next()),
            label,
          ).rejects.toMatchObject(refused);
          await expect(
            reader.session({}, (session) => session.execute('DELETE FROM victim')),
            label,
          ).rejects.toMatchObject(refused);
          // SQL Lab picks the read-only pool for a script its parser read as reads only.
          const misread = { statements: [{ sql: 'DELETE FROM victim', kind: 'select' as const }] };
          await expect(
            planConnection(databaseConnections(harness.ctx), row, misread).session({}, (session) =>
              session.execute('DELETE FROM victim'),
            ),
            label,
          ).rejects.toMatchObject(refused);
        });
      }
      expect(await victimRows()).toBe(before);
    });

    it('runs a CTAS with DML off on the writer for the CREATE only; the reads before it stay read-only', async () => {
      const before = await victimRows();
      await withFlags({ allow_ctas: 1 }, async (row) => {
        const table = `ctas_${suffix}`;
        const plan = {
          statements: [
            // A write the parser misread as a read, before the CREATE … AS the flag allows.
            { sql: 'DELETE FROM victim', kind: 'select' as const },
            { sql: `CREATE TABLE ${table} AS SELECT id FROM victim`, kind: 'mutating' as const },
          ],
        };
        const run = planConnection(databaseConnections(harness.ctx), row, plan).session(
          {},
          async (session) => {
            for (const statement of plan.statements) await session.execute(statement.sql);
          },
        );
        await expect(run).rejects.toMatchObject({ errorType: 'DML_NOT_ALLOWED_ERROR' });
        await planConnection(databaseConnections(harness.ctx), row, {
          statements: plan.statements.slice(1),
        }).session({}, (session) => session.execute(plan.statements[1]?.sql as string));
        const created = await databaseConnections(harness.ctx)
          .get(row)
          .execute(`SELECT count(*) FROM ${table}`);
        expect(Number(created.rows[0]?.[0])).toBe(before);
        await databaseConnections(harness.ctx).writer(row).execute(`DROP TABLE ${table}`);
      });
      expect(await victimRows()).toBe(before);
    });
  });
}
