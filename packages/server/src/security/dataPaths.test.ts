import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runChartDataJob } from '../flows/chartData/asyncQueries.ts';
import { runSqlLabJob } from '../flows/sqllab/asyncQueries.ts';
import { withAsyncQueries } from '../testing/asyncQueries.ts';
import { queryOutcome } from '../testing/metastoreReads.ts';
import {
  buildRlsWorld,
  ONE_DATABASE_ROLE,
  ONE_DATASET_ROLE,
  OUTSIDE_REGION as OUTSIDE_ROW,
  type RlsWorld,
  SECRET_TABLE as SECRET,
} from '../testing/rlsWorld.ts';
import { createTestApp, type Headers, type TestApp } from '../testing/testApp.ts';

/**
 * Every path that reads a dataset's rows or metadata, walked by a user whose one custom role grants
 * exactly one dataset (`orders`) under a row-level security rule (`region = 'emea'`): rows of other
 * regions never come back, and the other dataset (`payroll_hidden`) is refused without its name or SQL
 * in the answer — as a missing one where Superset's API answers 404.
 */

describe('grants and row-level security on every data path', () => {
  let harness: TestApp;
  let admin: Headers;
  let eve: Headers;
  let eveId: number;
  let ordersId: number;
  let payrollId: number;
  let ordersChart: number;
  let payrollChart: number;
  let dashboardId: number;
  let world: RlsWorld;
  let databaseId: number;
  let lab: Headers;
  let labId: number;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) => {
    const response = await harness.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
    return response;
  };
  const context = (
    datasetId: number,
    extra: Record<string, unknown> = {},
    query: Record<string, unknown> = {},
  ) => ({
    datasource: { id: datasetId, type: 'table' },
    queries: [{ columns: ['region', 'amount'], metrics: [], orderby: [], row_limit: 100, ...query }],
    ...extra,
  });
  /** The regions in an answer's rows; fails when there are none, so an empty answer cannot pass. */
  const regionsOf = (rows: Array<Record<string, unknown>>) => {
    expect(rows.length).toBeGreaterThan(0);
    return [...new Set(rows.map((row) => row.region))];
  };
  /** A refusal that says nothing about the refused dataset. */
  const expectSilentRefusal = (body: string) => {
    expect(body).not.toContain(SECRET);
    expect(body).not.toContain('salary');
  };

  beforeAll(async () => {
    harness = await createTestApp();
    world = await buildRlsWorld(harness);
    ({ admin, databaseId, ordersId, payrollId } = world);
    eveId = await harness.createUser({ username: 'eve', roles: ['Gamma', ONE_DATASET_ROLE] });
    eve = await harness.bearer('eve', 'password123');
    labId = await harness.createUser({ username: 'lab', roles: ['sql_lab', ONE_DATABASE_ROLE] });
    lab = await harness.bearer('lab', 'password123');

    const chart = async (datasetId: number) => {
      const created = await call('POST', '/api/v1/chart/', admin, {
        slice_name: `chart ${datasetId}`,
        viz_type: 'table',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'table' }),
        query_context: JSON.stringify(context(datasetId)),
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    ordersChart = await chart(ordersId);
    payrollChart = await chart(payrollId);
    const dashboard = await call('POST', '/api/v1/dashboard/', admin, {
      dashboard_title: 'Paths',
      published: true,
    });
    dashboardId = dashboard.json<{ id: number }>().id;
    for (const id of [ordersChart, payrollChart]) {
      await harness.ctx.metastore.db
        .insertInto('dashboard_slices')
        .values({ dashboard_id: dashboardId, slice_id: id })
        .execute();
    }
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    world?.cleanUp();
  });

  describe('POST /api/v1/chart/data', () => {
    for (const resultType of ['full', 'samples', 'drill_detail', 'results', 'post_processed']) {
      it(`${resultType}: only rows inside the rule; the other dataset is refused`, async () => {
        const response = await call(
          'POST',
          '/api/v1/chart/data',
          eve,
          context(ordersId, { result_type: resultType }),
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(regionsOf(response.json().result[0].data)).toEqual(['emea']);
        const refused = await call(
          'POST',
          '/api/v1/chart/data',
          eve,
          context(payrollId, { result_type: resultType }),
        );
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
        expectSilentRefusal(refused.body);
      });
    }

    it('query: the SQL shown carries the rule; columns: refused for the other dataset', async () => {
      const query = await call(
        'POST',
        '/api/v1/chart/data',
        eve,
        context(ordersId, { result_type: 'query' }),
      );
      expect(query.json().result[0].query).toContain("region = 'emea'");
      const columns = await call(
        'POST',
        '/api/v1/chart/data',
        eve,
        context(payrollId, { result_type: 'columns' }),
      );
      expect(columns.statusCode).toBe(403);
      expectSilentRefusal(columns.body);
    });

    it('an aggregate cannot count rows outside the rule', async () => {
      const response = await call(
        'POST',
        '/api/v1/chart/data',
        eve,
        context(ordersId, {}, { columns: [], metrics: ['count'] }),
      );
      expect(response.json().result[0].data).toEqual([{ count: 2 }]);
    });

    it('CSV and XLSX exports hold only rows inside the rule', async () => {
      const csv = await call('POST', '/api/v1/chart/data', eve, context(ordersId, { result_format: 'csv' }));
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('emea');
      expect(csv.body).not.toContain(OUTSIDE_ROW);
      const xlsx = await call(
        'POST',
        '/api/v1/chart/data',
        eve,
        context(ordersId, { result_format: 'xlsx' }),
      );
      expect(xlsx.statusCode).toBe(200);
      const zip = await JSZip.loadAsync(xlsx.rawPayload);
      const texts = await Promise.all(Object.values(zip.files).map((entry) => entry.async('string')));
      expect(texts.join('\n')).toContain('emea');
      expect(texts.join('\n')).not.toContain(OUTSIDE_ROW);
      const refused = await call(
        'POST',
        '/api/v1/chart/data',
        eve,
        context(payrollId, { result_format: 'csv' }),
      );
      expect(refused.statusCode).toBe(403);
      expectSilentRefusal(refused.body);
    });

    it('a result cached for someone without the rule is not readable by its cache key', async () => {
      const unfiltered = await call('POST', '/api/v1/chart/data', admin, context(ordersId));
      const key = unfiltered.json().result[0].cache_key as string;
      expect(regionsOf(unfiltered.json().result[0].data)).toContain(OUTSIDE_ROW);
      const replay = await call('GET', `/api/v1/chart/data/${key}`, eve);
      expect(replay.statusCode).toBe(404);
      const own = await call('POST', '/api/v1/chart/data', eve, context(ordersId));
      const ownReplay = await call('GET', `/api/v1/chart/data/${own.json().result[0].cache_key}`, eve);
      expect(ownReplay.statusCode).toBe(200);
      expect(regionsOf(ownReplay.json().result[0].data)).toEqual(['emea']);
    });
  });

  describe('saved charts and the legacy endpoints', () => {
    it('GET /api/v1/chart/{id}/data/: the rule applies; a chart of the other dataset is a missing chart', async () => {
      const data = await call('GET', `/api/v1/chart/${ordersChart}/data/`, eve);
      expect(data.statusCode, data.body).toBe(200);
      expect(regionsOf(data.json().result[0].data)).toEqual(['emea']);
      const hidden = await call('GET', `/api/v1/chart/${payrollChart}/data/`, eve);
      const missing = await call('GET', '/api/v1/chart/999999/data/', eve);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toBe(missing.body);
      const bySliceId = await call(
        'POST',
        `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: payrollChart }))}`,
        eve,
      );
      expect(bySliceId.statusCode).toBe(404);
      expect((await call('GET', `/api/v1/chart/${payrollChart}`, eve)).statusCode).toBe(404);
    });

    it('/superset/explore_json/: every output keeps to the rule; the other dataset is refused', async () => {
      const formData = (datasetId: number) =>
        encodeURIComponent(
          JSON.stringify({
            datasource: `${datasetId}__table`,
            viz_type: 'table',
            query_mode: 'raw',
            all_columns: ['region', 'amount'],
            row_limit: 100,
          }),
        );
      for (const flag of ['', '&results=true', '&samples=true']) {
        const response = await call(
          'GET',
          `/superset/explore_json/?form_data=${formData(ordersId)}${flag}`,
          eve,
        );
        expect(response.statusCode, `${flag} ${response.body}`).toBe(200);
        expect(regionsOf(response.json().data)).toEqual(['emea']);
      }
      const csv = await call('GET', `/superset/explore_json/?form_data=${formData(ordersId)}&csv=true`, eve);
      expect(csv.body).toContain('emea');
      expect(csv.body).not.toContain(OUTSIDE_ROW);
      const query = await call(
        'GET',
        `/superset/explore_json/?form_data=${formData(ordersId)}&query=true`,
        eve,
      );
      expect(query.json().query).toContain("region = 'emea'");
      const refused = await call('GET', `/superset/explore_json/?form_data=${formData(payrollId)}`, eve);
      expect(refused.statusCode).toBe(403);
      expectSilentRefusal(refused.body);
    });

    it('POST /datasource/samples: samples and drill to detail keep to the rule', async () => {
      const url = (id: number) => `/datasource/samples?datasource_id=${id}&datasource_type=table`;
      const samples = await call('POST', url(ordersId), eve);
      expect(samples.statusCode, samples.body).toBe(200);
      expect(regionsOf(samples.json().result.data)).toEqual(['emea']);
      expect(samples.json().result.total_count).toBe(2);
      const drill = await call('POST', url(ordersId), eve, { filters: [{ col: 'amount', op: '>', val: 0 }] });
      expect(regionsOf(drill.json().result.data)).toEqual(['emea']);
      const refused = await call('POST', url(payrollId), eve);
      expect(refused.statusCode).toBe(403);
      expectSilentRefusal(refused.body);
    });
  });

  describe('explore, filter options and dataset reads', () => {
    it('explore and its metadata refuse the other dataset without naming it', async () => {
      for (const url of [
        `/api/v1/explore/?datasource_id=${payrollId}&datasource_type=table`,
        `/api/v1/explore/?slice_id=${payrollChart}`,
        `/superset/fetch_datasource_metadata?datasourceKey=${payrollId}__table`,
      ]) {
        const response = await call('GET', url, eve);
        expect(response.statusCode, url).toBe(403);
        expectSilentRefusal(response.body);
      }
      const formData = await call('GET', `/api/v1/form_data/?slice_id=${payrollChart}`, eve);
      expect(formData.json()).toEqual({});
      const opened = await call(
        'GET',
        `/api/v1/explore/?datasource_id=${ordersId}&datasource_type=table`,
        eve,
      );
      expect(opened.statusCode).toBe(200);
    });

    it('explore permalinks: neither stored nor read for the other dataset', async () => {
      const formData = { datasource: `${payrollId}__table`, viz_type: 'table' };
      const stored = await call('POST', '/api/v1/explore/permalink', admin, { formData });
      expect(stored.statusCode).toBe(201);
      const read = await call('GET', `/api/v1/explore/permalink/${stored.json().key}`, eve);
      expect(read.statusCode).toBe(403);
      expectSilentRefusal(read.body);
      expect((await call('POST', '/api/v1/explore/permalink', eve, { formData })).statusCode).toBe(403);
    });

    it('column values (filter options) keep to the rule; the other dataset is refused', async () => {
      const values = await call('GET', `/api/v1/datasource/table/${ordersId}/column/region/values/`, eve);
      expect(values.statusCode, values.body).toBe(200);
      expect(values.json().result).toEqual(['emea']);
      const refused = await call('GET', `/api/v1/datasource/table/${payrollId}/column/name/values/`, eve);
      expect(refused.statusCode).toBe(403);
      expectSilentRefusal(refused.body);
    });

    it('dataset reads answer the other dataset exactly as a missing one', async () => {
      for (const suffix of ['', '/related_objects']) {
        const hidden = await call('GET', `/api/v1/dataset/${payrollId}${suffix}`, eve);
        const missing = await call('GET', `/api/v1/dataset/999999${suffix}`, eve);
        expect(hidden.statusCode).toBe(404);
        expect(hidden.body).toBe(missing.body);
      }
      const list = await call('GET', '/api/v1/dataset/', eve);
      expect(list.json().result.map((row: { id: number }) => row.id)).toEqual([ordersId]);
      expect((await call('GET', `/api/v1/dataset/${ordersId}`, eve)).statusCode).toBe(200);
    });
  });

  describe('dashboards', () => {
    it("the dashboard's streamed data keeps to the rule and refuses the other dataset's chart", async () => {
      const response = await call('POST', `/api/v1/dashboard/${dashboardId}/chart_data`, eve, {
        charts: [
          { key: 'orders', slice_id: ordersChart, query_context: context(ordersId) },
          { key: 'payroll', slice_id: payrollChart, query_context: context(payrollId) },
        ],
      });
      expect(response.statusCode).toBe(200);
      const lines = new Map(
        response.body
          .split('\n')
          .filter(Boolean)
          .map((text) => JSON.parse(text) as { key: string; status: number; result?: Array<{ data: [] }> })
          .map((line) => [line.key, line]),
      );
      expect(regionsOf(lines.get('orders')?.result?.[0]?.data ?? [])).toEqual(['emea']);
      expect(lines.get('payroll')?.status).toBe(403);
      expectSilentRefusal(JSON.stringify(lines.get('payroll')));
    });

    it("the dashboard's datasets show no SQL of a dataset the caller cannot query", async () => {
      const response = await call('GET', `/api/v1/dashboard/${dashboardId}/datasets`, eve);
      expect(response.statusCode).toBe(200);
      const payroll = response.json().result.find((entry: { id: number }) => entry.id === payrollId);
      expect(payroll.sql).toBeNull();
      expect(payroll.metrics.every((metric: { expression: unknown }) => metric.expression === null)).toBe(
        true,
      );
      expect(payroll.columns.every((column: { expression: unknown }) => column.expression === null)).toBe(
        true,
      );
    });
  });

  describe('async chart data (GLOBAL_ASYNC_QUERIES)', () => {
    withAsyncQueries(() => harness.ctx);

    it('the job answers only rows inside the rule', async () => {
      const submitted = await call('POST', '/api/v1/chart/data', eve, context(ordersId, { force: true }));
      expect(submitted.statusCode).toBe(202);
      const job = submitted.json();
      let resultUrl = '';
      await vi.waitFor(
        async () => {
          const events = (await call('GET', '/api/v1/async_event/', eve)).json().result as Array<
            Record<string, unknown>
          >;
          const done = events.find((event) => event.job_id === job.job_id);
          expect(done?.status).toBe('done');
          resultUrl = String(done?.result_url);
        },
        { timeout: 15_000, interval: 50 },
      );
      const results = await call('GET', resultUrl, eve);
      expect(regionsOf(results.json().result[0].data)).toEqual(['emea']);
    });

    it('the worker checks access again rather than trusting what was queued', async () => {
      await runChartDataJob(harness.ctx, {
        channel_id: 'data-paths-test',
        job_id: 'queued-for-payroll',
        user_id: eveId,
        context: context(payrollId) as never,
        result_path: '/api/v1/chart/data/',
      });
      const [event] = await harness.ctx.platform.events.read('data-paths-test', null);
      expect(event?.event).toMatchObject({ status: 'error', result_url: null });
      expectSilentRefusal(JSON.stringify(event?.event));
    });
  });

  describe('SQL Lab', () => {
    const execute = (sql: string, extra: Record<string, unknown> = {}) =>
      call('POST', '/api/v1/sqllab/execute/', lab, { database_id: databaseId, sql, ...extra });

    it('the one-dataset role cannot run SQL on the database', async () => {
      const response = await call('POST', '/api/v1/sqllab/execute/', eve, {
        database_id: databaseId,
        sql: 'SELECT * FROM orders',
      });
      expect(response.statusCode).toBe(403);
    });

    it("with RLS_IN_SQLLAB on, a table under the user's rule is refused and others run", async () => {
      harness.ctx.config.featureFlags.RLS_IN_SQLLAB = true;
      try {
        const refused = await execute('SELECT * FROM orders');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errors[0].error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
        const nested = await execute('SELECT count(*) FROM (SELECT * FROM main.orders) AS t');
        expect(nested.statusCode).toBe(403);
        const other = await execute(`SELECT name FROM ${SECRET}`);
        expect(other.statusCode, other.body).toBe(200);
      } finally {
        harness.ctx.config.featureFlags.RLS_IN_SQLLAB = false;
      }
      // Off (Superset's default), database access reads the whole table, as in Superset.
      const off = await execute('SELECT * FROM orders');
      expect(off.statusCode).toBe(200);
    });

    it('a user who lost access runs nothing by the worker and reads no stored results', async () => {
      const id = databaseId;
      await harness.ctx.metastore.db
        .updateTable('databases')
        .set({ allow_run_async: 1 })
        .where('id', '=', id)
        .execute();
      try {
        const earlier = await execute('SELECT 1 AS one');
        const resultsKey = earlier.json().query.resultsKey as string;
        expect(resultsKey).toBeTruthy();
        const submitted = await execute('SELECT 1 AS one', { runAsync: true });
        expect(submitted.statusCode, submitted.body).toBe(202);
        const queryId = submitted.json().query.queryId as number;
        const role = await harness.ctx.metastore.db
          .selectFrom('roles')
          .select('id')
          .where('name', '=', ONE_DATABASE_ROLE)
          .executeTakeFirstOrThrow();
        await harness.ctx.metastore.db
          .deleteFrom('user_roles')
          .where('user_id', '=', labId)
          .where('role_id', '=', role.id)
          .execute();
        await runSqlLabJob(harness.ctx, {
          query_id: queryId,
          plan: { statements: [{ sql: 'SELECT 1 AS one', kind: 'read' }], resultIndex: 0 } as never,
        });
        const row = await queryOutcome(harness, queryId);
        expect(row.status).toBe('failed');
        expect(row.error_message).toMatch(/no longer has access/);
        const results = await call('GET', `/api/v1/sqllab/results/?q=(key:'${resultsKey}')`, lab);
        expect(results.statusCode).toBe(403);
      } finally {
        await harness.ctx.metastore.db
          .updateTable('databases')
          .set({ allow_run_async: 0 })
          .where('id', '=', id)
          .execute();
      }
    });
  });
});
