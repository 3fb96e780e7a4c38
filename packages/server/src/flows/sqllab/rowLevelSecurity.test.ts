import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningProcess } from '../../processes/runningProcess.ts';
import { startWorker } from '../../processes/worker.ts';
import { queryOutcome } from '../../testing/metastoreReads.ts';
import { buildRlsWorld, ONE_DATABASE_ROLE, type RlsWorld, SECRET_TABLE } from '../../testing/rlsWorld.ts';
import { createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';
import { checkSqlLabRowLevelSecurity } from './rowLevelSecurity.ts';

/**
 * With RLS_IN_SQLLAB on, every SQL Lab path that runs the user's SQL — a sync run, an async run, a
 * cost estimate, a CSV export — refuses a table under the user's row-level security, and checks it
 * exactly once per execution: a path that skipped the check would answer rows, one that checked
 * twice would count two calls.
 */

vi.mock('./rowLevelSecurity.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./rowLevelSecurity.ts')>();
  return { ...actual, checkSqlLabRowLevelSecurity: vi.fn(actual.checkSqlLabRowLevelSecurity) };
});

const checks = vi.mocked(checkSqlLabRowLevelSecurity);

describe('SQL Lab row-level security on every path', () => {
  let harness: TestApp;
  let world: RlsWorld;
  let lab: Headers;

  const post = (url: string, payload: Record<string, unknown>) =>
    harness.app.inject({ method: 'POST', url, headers: lab, payload });
  const execute = (sql: string, extra: Record<string, unknown> = {}) =>
    post('/api/v1/sqllab/execute/', { database_id: world.databaseId, sql, ...extra });
  const setRls = (on: boolean) => {
    harness.ctx.config.featureFlags.RLS_IN_SQLLAB = on;
  };

  beforeAll(async () => {
    harness = await createTestApp();
    world = await buildRlsWorld(harness);
    await harness.createUser({ username: 'rls_lab', roles: ['sql_lab', ONE_DATABASE_ROLE] });
    lab = await harness.bearer('rls_lab', 'password123');
    await harness.ctx.metastore.db
      .updateTable('databases')
      .set({ allow_run_async: 1 })
      .where('id', '=', world.databaseId)
      .execute();
  });
  afterAll(async () => {
    setRls(false);
    await harness?.close();
    world?.cleanUp();
  });
  beforeEach(() => {
    setRls(true);
    checks.mockClear();
  });

  it('a sync run: refused under the rule, other tables run; one check each', async () => {
    const refused = await execute('SELECT * FROM orders');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().errors[0].error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
    expect(checks).toHaveBeenCalledTimes(1);
    checks.mockClear();
    const allowed = await execute(`SELECT name FROM ${SECRET_TABLE}`);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('an async run: checked once, by the worker that runs it', async () => {
    const submitted = await execute('SELECT * FROM orders', { runAsync: true });
    expect(submitted.statusCode, submitted.body).toBe(202);
    expect(checks).toHaveBeenCalledTimes(0);
    const queryId = submitted.json().query.queryId as number;
    const worker: RunningProcess = startWorker(harness.ctx, { info: () => undefined });
    try {
      await vi.waitFor(
        async () => {
          const row = await queryOutcome(harness, queryId);
          expect(row.status).toBe('failed');
          expect(row.error_message).toMatch(/Row-level security rules apply to you on "orders"/);
        },
        { timeout: 15_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('a cost estimate: refused under the rule; one check', async () => {
    const refused = await post('/api/v1/sqllab/estimate/', {
      database_id: world.databaseId,
      sql: 'SELECT region FROM orders',
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).toContain('TABLE_SECURITY_ACCESS_ERROR');
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('an export runs the query again: refused under the rule; one check', async () => {
    // The query ran while the flag was off (Superset's default), so its rows exist to export.
    setRls(false);
    const ran = await execute('SELECT * FROM orders', { client_id: 'rlsexport01' });
    expect(ran.statusCode, ran.body).toBe(200);
    setRls(true);
    checks.mockClear();
    const exported = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/sqllab/export/rlsexport01/',
      headers: lab,
    });
    expect(exported.statusCode, exported.body).toBe(403);
    expect(exported.body).toContain('TABLE_SECURITY_ACCESS_ERROR');
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('chart data over a saved query or a SQL Lab query: refused under the rule, other tables chart', async () => {
    // Charting needs a role that may read charts (Gamma) beside SQL Lab's and the database's.
    await harness.createUser({ username: 'rls_charts', roles: ['Gamma', 'sql_lab', ONE_DATABASE_ROLE] });
    const charts = await harness.bearer('rls_charts', 'password123');
    const asCharter = (url: string, payload: Record<string, unknown>) =>
      harness.app.inject({ method: 'POST', url, headers: charts, payload });
    const chartData = (datasource: { id: number; type: string }) =>
      asCharter('/api/v1/chart/data', {
        datasource,
        queries: [
          { columns: [], metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }] },
        ],
      });
    const save = async (sql: string): Promise<number> => {
      const saved = await asCharter('/api/v1/saved_query/', {
        db_id: world.databaseId,
        label: 'rls chart',
        sql,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json<{ id: number }>().id;
    };

    const refused = await chartData({
      id: await save('SELECT region, amount FROM orders'),
      type: 'saved_query',
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().errors[0].error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
    expect(refused.json().errors[0].message).toContain('"orders"');
    const allowed = await chartData({
      id: await save(`SELECT name FROM ${SECRET_TABLE}`),
      type: 'saved_query',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().result[0].data).toEqual([{ n: 1 }]);

    // A query run while the flag was off is refused as a chart once the rule applies.
    setRls(false);
    const ran = await asCharter('/api/v1/sqllab/execute/', {
      database_id: world.databaseId,
      sql: 'SELECT * FROM orders',
      client_id: 'rlschart001',
    });
    expect(ran.statusCode, ran.body).toBe(200);
    setRls(true);
    const queryId = ran.json<{ query: { queryId: number } }>().query.queryId;
    const charted = await chartData({ id: queryId, type: 'query' });
    expect(charted.statusCode, charted.body).toBe(403);
    expect(charted.json().errors[0].error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
  });
});
