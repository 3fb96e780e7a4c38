import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { SQLLAB_QUEUE, sqlLabJobHandler, sweepAbandonedQueries } from '../../flows/sqllab/asyncQueries.ts';
import { databasePermissionView } from '../../security/dataAccess.ts';
import { createRole, insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers, type TestApp } from '../../testing/testApp.ts';

interface Setup {
  databaseId: number;
  file: string;
  admin: Headers;
}

async function setUp(harness: TestApp): Promise<Setup> {
  const file = path.join(harness.ctx.config.filesDir, 'sqllab.duckdb');
  await withDuckDb(file, async (con) => {
    await con.run('CREATE TABLE t (id INTEGER, name VARCHAR)');
    await con.run("INSERT INTO t SELECT i, 'name ' || i FROM range(1, 51) r(i)");
    await con.run('CHECKPOINT');
  });
  const databaseId = await insertDatabase(harness, { name: 'labdb', uri: `duckdb:///${file}` });
  return { databaseId, file, admin: await harness.bearer(ADMIN.username, ADMIN.password) };
}

async function setFlags(harness: TestApp, id: number, flags: Record<string, number>): Promise<void> {
  await harness.ctx.metastore.db
    .updateTable('databases')
    // changed_on is left alone: a new one would reopen the database's pool, which flags do not need.
    .set(flags)
    .where('id', '=', id)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions.
type Json = Record<string, any>;

describeEachMetastore('SQL Lab execute API', (harness) => {
  let setup: Setup;
  const execute = (payload: Json, headers: Headers = setup.admin, query = '') =>
    harness().app.inject({
      method: 'POST',
      url: `/api/v1/sqllab/execute/${query}`,
      headers,
      payload: { database_id: setup.databaseId, ...payload },
    });
  const rowOf = (clientId: string) =>
    harness()
      .ctx.metastore.db.selectFrom('queries')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    setup = await setUp(harness());
  });

  it('runs a query synchronously and answers its rows with the query object', async () => {
    const response = await execute({
      sql: 'SELECT id, name FROM t ORDER BY id',
      client_id: 'abcdefghijk',
      tab: 'Untitled Query 1',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.data).toHaveLength(50);
    expect(body.data[0]).toEqual({ id: 1, name: 'name 1' });
    expect(body.columns.map((c: Json) => [c.name, c.type_generic])).toEqual([
      ['id', 0],
      ['name', 1],
    ]);
    expect(body.query).toMatchObject({
      id: 'abcdefghijk',
      queryId: body.query_id,
      dbId: setup.databaseId,
      db: 'labdb',
      state: 'success',
      rows: 50,
      limit: 1000,
      limitingFactor: 'NOT_LIMITED',
      tab: 'Untitled Query 1',
      progress: 100,
    });
    expect(body.query.executedSql).toBe('SELECT id, name FROM t ORDER BY id\nLIMIT 1001');
    expect(typeof body.query.startDttm).toBe('number');
    expect(body.query.endDttm).toBeGreaterThanOrEqual(body.query.startDttm);
    expect(body.displayLimitReached).toBeUndefined();
    // Backend persistence keeps sync results too, so a reloaded editor fetches them again.
    const again = await harness().app.inject({
      method: 'GET',
      url: `/api/v1/sqllab/results/?q=(key:'${body.query.resultsKey}')`,
      headers: setup.admin,
    });
    expect(again.json().data).toEqual(body.data);
  });

  it('generates an 11-character client id when none is sent', async () => {
    const response = await execute({ sql: 'SELECT 1 AS x' });
    expect(response.json().query.id).toMatch(/^[A-Za-z0-9]{11}$/);
  });

  it('reports which limit cut the rows', async () => {
    const cases: Array<[string, number | undefined, number, string]> = [
      ['SELECT * FROM t', 10, 10, 'DROPDOWN'],
      ['SELECT * FROM t LIMIT 5', 10, 5, 'QUERY'],
      ['SELECT * FROM t LIMIT 10', 10, 10, 'QUERY_AND_DROPDOWN'],
      ['SELECT * FROM t LIMIT 100', 1000, 50, 'NOT_LIMITED'],
      ['SELECT * FROM (SELECT * FROM t LIMIT 30) s', 20, 20, 'DROPDOWN'],
    ];
    for (const [sql, queryLimit, rows, factor] of cases) {
      const body = (await execute({ sql, ...(queryLimit && { queryLimit }) })).json();
      expect(body.data, sql).toHaveLength(rows);
      expect(body.query.limitingFactor, sql).toBe(factor);
    }
  });

  it('clamps the query limit to SQL_MAX_ROW and cuts the display at DISPLAY_MAX_ROW', async () => {
    const config = harness().ctx.config.sqlLab;
    const saved = { ...config };
    Object.assign(config, { maxRow: 30, displayMaxRow: 20 });
    try {
      const body = (await execute({ sql: 'SELECT * FROM t', queryLimit: 100000 })).json();
      expect(body.query.limit).toBe(30);
      expect(body.query.rows).toBe(30);
      expect(body.query.limitingFactor).toBe('DROPDOWN');
      expect(body.data).toHaveLength(20);
      expect(body.displayLimitReached).toBe(true);
    } finally {
      Object.assign(config, saved);
    }
  });

  it('keeps big integers exact as strings', async () => {
    const body = (await execute({ sql: 'SELECT 9007199254740993::BIGINT AS big, 12 AS small' })).json();
    expect(body.data).toEqual([{ big: '9007199254740993', small: 12 }]);
  });

  it('answers DECIMAL values as JSON numbers, whole ones past 2^53 exact, also from stored results', async () => {
    const sql =
      'SELECT CAST(290235938.06 AS DECIMAL(14, 2)) AS revenue, CAST(12345678901234567890 AS DECIMAL(38, 0)) AS huge';
    const expected = [{ revenue: 290235938.06, huge: '12345678901234567890' }];
    expect((await execute({ sql })).json().data).toEqual(expected);

    await setFlags(harness(), setup.databaseId, { allow_run_async: 1 });
    const ctx = harness().ctx;
    const worker = ctx.platform.queue.process(SQLLAB_QUEUE, sqlLabJobHandler(ctx));
    try {
      expect((await execute({ sql, runAsync: true, client_id: 'decimal0001' })).statusCode).toBe(202);
      let row = await rowOf('decimal0001');
      for (let i = 0; i < 100 && row.status !== 'success'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await rowOf('decimal0001');
      }
      const results = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/sqllab/results/?q=(key:'${row.results_key}')`,
        headers: setup.admin,
      });
      expect(results.json().data).toEqual(expected);
    } finally {
      await worker.close();
      await setFlags(harness(), setup.databaseId, { allow_run_async: 0 });
    }
  });

  it('renders template parameters and macros', async () => {
    const body = (
      await execute(
        {
          sql: "SELECT '{{ current_username() }}' AS who, {{ current_user_id() }} AS uid, '{{ url_param('region', 'none') }}' AS region, {{ n }} AS n",
          templateParams: '{"n": 7}',
        },
        setup.admin,
        '?region=north',
      )
    ).json();
    expect(body.data).toEqual([{ who: 'admin', uid: expect.any(Number), region: 'north', n: 7 }]);
  });

  it('refuses bad template parameters and missing ones with 400 naming the problem', async () => {
    const bad = await execute({ sql: 'SELECT 1', templateParams: '{"a": ', client_id: 'badjson0001' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toMatch(/not valid JSON/);
    expect((await rowOf('badjson0001')).status).toBe('failed');
    const missing = await execute({ sql: 'SELECT {{ nope }}' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ error_type: 'MISSING_TEMPLATE_PARAMS_ERROR' });
    expect(missing.json().errors[0].message).toContain('nope');
    const macro = await execute({ sql: "SELECT {{ evil('x') }}" });
    expect(macro.statusCode).toBe(400);
    expect(macro.json().errors[0].message).toContain('evil');
  });

  it('refuses DML where the database does not allow it, executing nothing', async () => {
    const response = await execute({
      sql: "SELECT 1; INSERT INTO t VALUES (999, 'x'); DELETE FROM t",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      error_type: 'DML_NOT_ALLOWED_ERROR',
      message: 'Only SELECT statements are allowed against this database.',
    });
    const count = (await execute({ sql: 'SELECT count(*) AS n FROM t' })).json();
    expect(count.data).toEqual([{ n: 50 }]);
  });

  it('runs several statements in order where DML is allowed; the last SELECT is the result', async () => {
    await setFlags(harness(), setup.databaseId, { allow_dml: 1 });
    try {
      const body = (
        await execute({
          sql: 'CREATE TABLE tmp_multi AS SELECT 1 AS a; INSERT INTO tmp_multi VALUES (2); SELECT a FROM tmp_multi ORDER BY a; -- done',
          client_id: 'multi000001',
        })
      ).json();
      expect(body.data).toEqual([{ a: 1 }, { a: 2 }]);
      const row = await rowOf('multi000001');
      expect(row.status).toBe('success');
      expect(row.executed_sql).toContain(
        'INSERT INTO tmp_multi VALUES (2);\nSELECT a FROM tmp_multi ORDER BY a\nLIMIT 1001',
      );
    } finally {
      await setFlags(harness(), setup.databaseId, { allow_dml: 0 });
    }
  });

  it('refuses CTAS and CVAS unless the database allows them, and runs them when it does', async () => {
    const refused = await execute({
      sql: 'SELECT * FROM t',
      select_as_cta: true,
      ctas_method: 'TABLE',
      tmp_table_name: 'ctas_t',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const view = await execute({
      sql: 'SELECT * FROM t',
      select_as_cta: true,
      ctas_method: 'VIEW',
      tmp_table_name: 'cvas_t',
    });
    expect(view.json().errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');

    await setFlags(harness(), setup.databaseId, { allow_ctas: 1 });
    try {
      const ok = await execute({
        sql: 'SELECT id FROM t WHERE id <= 3',
        select_as_cta: true,
        ctas_method: 'TABLE',
        tmp_table_name: 'ctas_t',
        client_id: 'ctas0000001',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().query).toMatchObject({ ctas: true, tempTable: 'ctas_t' });
      const row = await rowOf('ctas0000001');
      expect(row.select_sql).toBe('SELECT * FROM "ctas_t"');
      const copied = (await execute({ sql: 'SELECT count(*) AS n FROM ctas_t' })).json();
      expect(copied.data).toEqual([{ n: 3 }]);
    } finally {
      await setFlags(harness(), setup.databaseId, { allow_ctas: 0 });
    }
  });

  it('answers 404 for an unknown database and 403 without access to it', async () => {
    const unknown = await execute({ sql: 'SELECT 1', database_id: 99999 });
    expect(unknown.statusCode).toBe(404);
    await createRole(harness(), 'lab_no_access', [['can_execute_sql_query', 'SQLLab']]);
    await harness().createUser({ username: 'lab_outsider', roles: ['lab_no_access'] });
    const outsider = await harness().bearer('lab_outsider', 'password123');
    const denied = await execute({ sql: 'SELECT 1' }, outsider);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');

    const name = 'labdb';
    await createRole(harness(), 'lab_access', [
      ['can_execute_sql_query', 'SQLLab'],
      ['database_access', databasePermissionView({ id: setup.databaseId, database_name: name })],
      ['can_read', 'Query'],
    ]);
    await harness().createUser({ username: 'lab_insider', roles: ['lab_access'] });
    const insider = await harness().bearer('lab_insider', 'password123');
    const allowed = await execute({ sql: 'SELECT 1 AS one', client_id: 'insider0001' }, insider);
    expect(allowed.statusCode).toBe(200);

    // The history: the insider sees only their own queries, the admin sees everyone's.
    const mine = await harness().app.inject({ method: 'GET', url: '/api/v1/query/', headers: insider });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result.map((q: Json) => q.client_id)).toEqual(['insider0001']);
    const all = await harness().app.inject({
      method: 'GET',
      url: '/api/v1/query/?q=(page_size:100)',
      headers: setup.admin,
    });
    expect(all.json().count).toBeGreaterThan(1);
    const insiderRow = await rowOf('insider0001');
    const hidden = await harness().app.inject({
      method: 'GET',
      url: `/api/v1/query/${insiderRow.id - 1}`,
      headers: insider,
    });
    expect(hidden.statusCode).toBe(404);
    const shown = await harness().app.inject({
      method: 'GET',
      url: `/api/v1/query/${insiderRow.id}`,
      headers: insider,
    });
    expect(shown.json().result).toMatchObject({
      client_id: 'insider0001',
      status: 'success',
      rows: 1,
      database: { id: setup.databaseId },
    });
  });

  it('answers a re-post of a running client id with the existing query', async () => {
    const insert = await execute({ sql: 'SELECT 1', client_id: 'rerun000001' });
    expect(insert.statusCode).toBe(200);
    await harness()
      .ctx.metastore.db.updateTable('queries')
      .set({ status: 'running' })
      .where('client_id', '=', 'rerun000001')
      .execute();
    const again = await execute({ sql: 'SELECT 1', client_id: 'rerun000001' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ query: expect.objectContaining({ id: 'rerun000001', state: 'running' }) });
    await harness()
      .ctx.metastore.db.updateTable('queries')
      .set({ status: 'success' })
      .where('client_id', '=', 'rerun000001')
      .execute();
  });

  it('runs async queries on the job queue and serves their results until they expire', async () => {
    await setFlags(harness(), setup.databaseId, { allow_run_async: 1 });
    const ctx = harness().ctx;
    const worker = ctx.platform.queue.process(SQLLAB_QUEUE, sqlLabJobHandler(ctx));
    try {
      const response = await execute({
        sql: 'SELECT id FROM t ORDER BY id; SELECT id, name FROM t WHERE id <= 3 ORDER BY id',
        runAsync: true,
        client_id: 'async000001',
      });
      expect(response.statusCode).toBe(202);
      expect(response.json().query).toMatchObject({ id: 'async000001', state: 'pending' });
      let row = await rowOf('async000001');
      for (let i = 0; i < 100 && row.status !== 'success'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await rowOf('async000001');
      }
      expect(row.status).toBe('success');
      expect(row.rows).toBe(3);
      expect(row.results_key).toBeTruthy();
      expect(row.start_running_time).toBeGreaterThan(0);
      const results = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/sqllab/results/?q=(key:'${row.results_key}',rows:2)`,
        headers: setup.admin,
      });
      expect(results.statusCode).toBe(200);
      expect(results.json()).toMatchObject({
        status: 'success',
        data: [
          { id: 1, name: 'name 1' },
          { id: 2, name: 'name 2' },
        ],
        displayLimitReached: true,
        query: { id: 'async000001', state: 'success', resultsKey: row.results_key },
      });

      // updated_since reports it to the polling client.
      const since = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/query/updated_since?q=(last_updated_ms:${Date.now() - 60_000})`,
        headers: setup.admin,
      });
      expect(since.json().result.map((q: Json) => q.id)).toContain('async000001');

      await ctx.platform.results.delete(row.results_key as string);
      const expired = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/sqllab/results/?q=(key:'${row.results_key}')`,
        headers: setup.admin,
      });
      expect(expired.statusCode).toBe(410);
      const unknown = await harness().app.inject({
        method: 'GET',
        url: "/api/v1/sqllab/results/?q=(key:'no-such-key')",
        headers: setup.admin,
      });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await worker.close();
      await setFlags(harness(), setup.databaseId, { allow_run_async: 0 });
    }
  });

  it('runs the same with GLOBAL_ASYNC_QUERIES on: sync at once, runAsync on its own queue', async () => {
    const ctx = harness().ctx;
    ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
    await setFlags(harness(), setup.databaseId, { allow_run_async: 1 });
    const worker = ctx.platform.queue.process(SQLLAB_QUEUE, sqlLabJobHandler(ctx));
    try {
      const sync = await execute({
        sql: 'SELECT id FROM t WHERE id <= 2 ORDER BY id',
        client_id: 'gaqsync0001',
      });
      expect(sync.statusCode).toBe(200);
      expect(sync.json()).toMatchObject({ status: 'success', data: [{ id: 1 }, { id: 2 }] });
      const queued = await execute({ sql: 'SELECT id FROM t', runAsync: true, client_id: 'gaqasync001' });
      expect(queued.statusCode).toBe(202);
      expect(queued.json().query).toMatchObject({ id: 'gaqasync001', state: 'pending' });
      let row = await rowOf('gaqasync001');
      for (let i = 0; i < 100 && row.status !== 'success'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await rowOf('gaqasync001');
      }
      expect(row.status).toBe('success');
      expect(row.rows).toBe(50);
    } finally {
      await worker.close();
      await setFlags(harness(), setup.databaseId, { allow_run_async: 0 });
      ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
    }
  });

  it('fails rows left running by a worker that went away', async () => {
    const db = harness().ctx.metastore.db;
    await execute({ sql: 'SELECT 1', client_id: 'orphan00001' });
    await db
      .updateTable('queries')
      .set({ status: 'running', run_async: 1, start_time: Date.now() - 10 * 60_000 })
      .where('client_id', '=', 'orphan00001')
      .execute();
    expect(await sweepAbandonedQueries(harness().ctx)).toBeGreaterThanOrEqual(1);
    const row = await rowOf('orphan00001');
    expect(row.status).toBe('failed');
    expect(row.error_message).toMatch(/worker/);
  });

  it('answers OK to stopping a finished query', async () => {
    await execute({ sql: 'SELECT 1', client_id: 'finished001' });
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/query/stop',
      headers: setup.admin,
      payload: { client_id: 'finished001' },
    });
    expect(response.json()).toEqual({ result: 'OK' });
    expect((await rowOf('finished001')).status).toBe('success');
  });

  it('estimates the cost of each statement where the engine can, 400 where it cannot', async () => {
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/estimate/',
      headers: setup.admin,
      payload: {
        database_id: setup.databaseId,
        sql: 'SELECT * FROM t WHERE id > {{ n }}; SELECT 1',
        template_params: { n: 3 },
      },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().result as Array<Record<string, unknown>>;
    expect(result.length).toBeGreaterThanOrEqual(2);
    for (const entry of result) for (const value of Object.values(entry)) expect(typeof value).toBe('string');

    const sqliteFile = path.join(harness().ctx.config.filesDir, 'lab.sqlite');
    const sqliteId = await insertDatabase(harness(), { name: 'labsqlite', uri: `sqlite:///${sqliteFile}` });
    const refused = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/estimate/',
      headers: setup.admin,
      payload: { database_id: sqliteId, sql: 'SELECT 1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toMatch(/does not support cost estimation/);
    const missing = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/estimate/',
      headers: setup.admin,
      payload: { database_id: 99999, sql: 'SELECT 1' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('formats SQL in the dialect of the database with keywords upper-cased', async () => {
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/format_sql/',
      headers: setup.admin,
      payload: { sql: 'select id, name from t where id = 1', database_id: setup.databaseId },
    });
    expect(response.json()).toEqual({ result: 'SELECT\n  id,\n  name\nFROM\n  t\nWHERE\n  id = 1' });
    const plain = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/format_sql/',
      headers: setup.admin,
      payload: { sql: 'select 1' },
    });
    expect(plain.json()).toEqual({ result: 'SELECT\n  1' });
  });

  it('exports the whole result as CSV, not only the displayed rows', async () => {
    const config = harness().ctx.config.sqlLab;
    const saved = { ...config };
    Object.assign(config, { displayMaxRow: 5 });
    try {
      await execute({
        sql: 'SELECT id, name FROM t ORDER BY id',
        queryLimit: 10,
        client_id: 'export00001',
        tab: 'My tab',
      });
      const response = await harness().app.inject({
        method: 'GET',
        url: '/api/v1/sqllab/export/export00001/',
        headers: setup.admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="My tab_\d{8}_\d{6}\.csv"$/,
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('id,name');
      expect(lines).toHaveLength(51);
      expect(lines[50]).toBe('50,name 50');
    } finally {
      Object.assign(config, saved);
    }
    const unknown = await harness().app.inject({
      method: 'GET',
      url: '/api/v1/sqllab/export/nosuchquery/',
      headers: setup.admin,
    });
    expect(unknown.statusCode).toBe(404);
    await createRole(harness(), 'lab_no_csv', [['can_export_csv', 'SQLLab']]);
    await harness().createUser({ username: 'lab_no_csv_user', roles: ['lab_no_csv'] });
    const noCsv = await harness().app.inject({
      method: 'GET',
      url: '/api/v1/sqllab/export/export00001/',
      headers: await harness().bearer('lab_no_csv_user', 'password123'),
    });
    expect(noCsv.statusCode).toBe(403);
  });

  it('bootstraps the editor with databases, flags and recent queries', async () => {
    const response = await harness().app.inject({
      method: 'GET',
      url: '/api/v1/sqllab/',
      headers: setup.admin,
    });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.databases[String(setup.databaseId)]).toMatchObject({
      id: setup.databaseId,
      database_name: 'labdb',
      backend: 'duckdb',
      allow_dml: false,
      allows_cost_estimate: false,
      disable_data_preview: false,
    });
    expect(result.queries.abcdefghijk).toMatchObject({ id: 'abcdefghijk', state: 'success' });
    expect(result.tab_state_ids).toEqual([]);
    expect(result.active_tab).toBeNull();

    const outsider = await harness().bearer('lab_outsider', 'password123');
    await createRole(harness(), 'lab_reader', [['can_read', 'SQLLab']]);
    const outsiderId = await harness().createUser({ username: 'lab_reader_user', roles: ['lab_reader'] });
    expect(outsiderId).toBeGreaterThan(0);
    const reader = await harness().app.inject({
      method: 'GET',
      url: '/api/v1/sqllab/',
      headers: await harness().bearer('lab_reader_user', 'password123'),
    });
    expect(reader.json().result.databases).toEqual({});
    expect(outsider).toBeDefined();
  });

  it('answers the configured default database only to those who may use it', async () => {
    const bootstrap = async (headers: Headers) =>
      (await harness().app.inject({ method: 'GET', url: '/api/v1/sqllab/', headers })).json().result;
    const config = harness().ctx.config.sqlLab;
    expect((await bootstrap(setup.admin)).default_db_id).toBeNull();
    config.defaultDatabaseId = setup.databaseId;
    try {
      expect((await bootstrap(setup.admin)).default_db_id).toBe(setup.databaseId);
      // A user without access to it gets none: the web falls back to the lowest id it sees.
      await createRole(harness(), 'lab_default_reader', [['can_read', 'SQLLab']]);
      await harness().createUser({ username: 'lab_default_reader', roles: ['lab_default_reader'] });
      const reader = await harness().bearer('lab_default_reader', 'password123');
      expect((await bootstrap(reader)).default_db_id).toBeNull();
      config.defaultDatabaseId = 999_999;
      expect((await bootstrap(setup.admin)).default_db_id).toBeNull();
    } finally {
      config.defaultDatabaseId = null;
    }
  });

  it('stops through the legacy form endpoint as well', async () => {
    await execute({ sql: 'SELECT 1', client_id: 'legacy00001' });
    const response = await harness().app.inject({
      method: 'POST',
      url: '/superset/stop_query/',
      headers: { ...setup.admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=legacy00001',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
  });
});
