import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/** SQL Lab runs on one connection: the tab's schema, a script's settings and temp tables, its export, its stop. */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions.
type Json = Record<string, any>;

const SLOW_SQL =
  'SELECT sum(a.range * b.range) AS slow FROM range(100000000) a, range(100000000) b WHERE a.range % 7 = 3';

describeEachMetastore('SQL Lab sessions', (harness) => {
  let databaseId: number;
  let admin: Headers;
  const execute = (payload: Json) =>
    harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers: admin,
      payload: { database_id: databaseId, ...payload },
    });
  const exportCsv = (clientId: string) =>
    harness().app.inject({ method: 'GET', url: `/api/v1/sqllab/export/${clientId}/`, headers: admin });
  const statusOf = async (clientId: string) =>
    (
      await harness()
        .ctx.metastore.db.selectFrom('queries')
        .select('status')
        .where('client_id', '=', clientId)
        .executeTakeFirst()
    )?.status;

  beforeAll(async () => {
    const file = path.join(harness().ctx.config.filesDir, 'sessions.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run('CREATE SCHEMA sales');
      await con.run('CREATE TABLE sales.orders AS SELECT i AS id, i * 10 AS amount FROM range(1, 6) r(i)');
      await con.run('CHECKPOINT');
    });
    databaseId = await insertDatabase(harness(), { name: 'sessionsdb', uri: `duckdb:///${file}` });
    await harness()
      .ctx.metastore.db.updateTable('databases')
      .set({ allow_dml: 1 })
      .where('id', '=', databaseId)
      .execute();
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
  });

  it("finds tables of the tab's schema without qualifying them", async () => {
    const found = await execute({
      sql: 'SELECT count(*) AS n FROM orders',
      schema: 'sales',
      client_id: 'schema00001',
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([{ n: 5 }]);
    // Without the schema the name does not resolve: the schema came from the tab, not from the pool.
    const missing = await execute({ sql: 'SELECT count(*) AS n FROM orders', client_id: 'schema00002' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('runs a script on one connection: its settings and temporary tables reach the last statement', async () => {
    const response = await execute({
      sql: "SET VARIABLE cutoff = 30; CREATE TEMP TABLE picked AS SELECT * FROM orders WHERE amount >= getvariable('cutoff'); INSERT INTO picked VALUES (99, 990); SELECT id FROM picked ORDER BY id",
      schema: 'sales',
      client_id: 'script00001',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }, { id: 99 }]);
  });

  it('exports a script result by replaying its session setup, not its lasting writes', async () => {
    const run = await execute({
      sql: [
        'CREATE TABLE IF NOT EXISTS sales.audit (note VARCHAR)',
        "INSERT INTO sales.audit VALUES ('ran')",
        'CREATE TEMP TABLE big AS SELECT * FROM orders WHERE amount > 20',
        'INSERT INTO big VALUES (7, 70)',
        'SELECT id, amount FROM big ORDER BY id',
      ].join(';\n'),
      schema: 'sales',
      client_id: 'export00s01',
      tab: 'Script',
    });
    expect(run.statusCode).toBe(200);
    const csv = await exportCsv('export00s01');
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['id,amount', '3,30', '4,40', '5,50', '7,70']);
    // The write to a real table ran once, with the script; the export did not repeat it.
    const audit = await execute({ sql: 'SELECT count(*) AS n FROM sales.audit', client_id: 'export00s02' });
    expect(audit.json().data).toEqual([{ n: 1 }]);
  });

  it('answers a stopped sync run as Superset does: 200 with the stopped status', async () => {
    const running = execute({ sql: SLOW_SQL, client_id: 'stopsync001' });
    await expect.poll(() => statusOf('stopsync001'), { timeout: 10_000 }).toBe('running');
    const stop = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/query/stop',
      headers: admin,
      payload: { client_id: 'stopsync001' },
    });
    expect(stop.json()).toEqual({ result: 'OK' });
    const answer = await running;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ query_id: expect.any(Number), status: 'stopped' });
    expect(await statusOf('stopsync001')).toBe('stopped');
  });

  it('refuses to export a stopped run and an unknown one', async () => {
    expect((await exportCsv('stopsync001')).statusCode).toBe(400);
    expect((await exportCsv('nosuchquery')).statusCode).toBe(404);
  });
});
