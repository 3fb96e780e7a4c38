import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { HttpError } from '../../http/errors.ts';
import { createPlatform } from '../../platform/index.ts';
import type { RunningProcess } from '../../processes/runningProcess.ts';
import { startWorker } from '../../processes/worker.ts';
import { datasetPermissionView } from '../../security/dataAccess.ts';
import {
  createDatasetThroughApi,
  createRole,
  insertDatabase,
  insertRlsRule,
} from '../../testing/fixtures.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

/**
 * The chart data flow beyond one query: time comparison, the x-axis grain from extras, annotation
 * layers, saved charts by slice_id, the legacy explore_json, multi-query exports, async queries (the
 * in-process queue, and Redis when reachable) and row-level security clauses with user macros.
 */

const hasRedis = await serviceAvailable('redis');

/** Monthly orders in 2023 and 2024, two cities: amount = month number (+100 in Berlin, ×10 in 2024). */
function orderRows(): string[] {
  const rows: string[] = [];
  let id = 1;
  for (const year of [2023, 2024]) {
    for (let month = 1; month <= 12; month++) {
      for (const city of ['Berlin', "St. John's"]) {
        const amount = (city === 'Berlin' ? 100 : 0) + month * (year === 2024 ? 10 : 1);
        const customer = city === 'Berlin' ? 'Иван' : "O'Brien";
        rows.push(
          `(${id++}, '${city.replace(/'/g, "''")}', '${customer.replace(/'/g, "''")}', ${amount}, TIMESTAMP '${year}-${String(month).padStart(2, '0')}-15 10:00:00')`,
        );
      }
    }
  }
  return rows;
}

interface Setup {
  datasetId: number;
  secretDatasetId: number;
  admin: Headers;
}

async function setUp(harness: TestApp): Promise<Setup> {
  const file = path.join(harness.ctx.config.filesDir, 'flow.duckdb');
  await withDuckDb(file, async (con) => {
    await con.run(
      'CREATE TABLE orders (id INTEGER, city VARCHAR, customer VARCHAR, amount DOUBLE, placed_at TIMESTAMP)',
    );
    await con.run(`INSERT INTO orders VALUES ${orderRows().join(', ')}`);
    await con.run('CREATE TABLE events (title VARCHAR, happened_at TIMESTAMP)');
    await con.run(
      "INSERT INTO events VALUES ('Launch', TIMESTAMP '2024-02-10 00:00:00'), ('Sale', TIMESTAMP '2024-06-01 00:00:00'), ('Old', TIMESTAMP '2023-05-01 00:00:00')",
    );
    await con.run('CHECKPOINT');
  });
  const databaseId = await insertDatabase(harness, { name: 'flowdb', uri: `duckdb:///${file}` });
  const admin = await harness.bearer(ADMIN.username, ADMIN.password);
  const create = (table: string) => createDatasetThroughApi(harness, admin, databaseId, table);
  return { datasetId: await create('orders'), secretDatasetId: await create('events'), admin };
}

const total = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount' },
  label: 'total',
};
const month = {
  label: 'month',
  sqlExpression: 'placed_at',
  expressionType: 'SQL',
  columnType: 'BASE_AXIS',
  timeGrain: 'P1M',
};

describe('chart data flow', () => {
  let harness: TestApp;
  let setup: Setup;
  const post = (payload: unknown, headers: Headers = setup.admin, url = '/api/v1/chart/data') =>
    harness.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const context = (query: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    datasource: { id: setup.datasetId, type: 'table' },
    queries: [query],
    ...extra,
  });

  beforeAll(async () => {
    harness = await createTestApp();
    setup = await setUp(harness);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('buckets a BASE_AXIS column by extras.time_grain_sqla when it has no grain of its own', async () => {
    const { timeGrain: _omitted, ...axis } = month;
    const response = await post(
      context({
        columns: [axis],
        metrics: [total],
        filters: [{ col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' }],
        extras: { time_grain_sqla: 'P1Y' },
        orderby: [],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result[0].data).toEqual([{ month: Date.UTC(2024, 0, 1), total: 420 }]);
  });

  it('resample asfreq with a fill_value covers the whole time range of the query', async () => {
    const response = await post(
      context({
        columns: [{ ...month, label: 'day', timeGrain: 'P1D' }],
        metrics: [total],
        filters: [
          { col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-10 : 2024-01-20' },
          { col: 'city', op: '==', val: 'Berlin' },
        ],
        orderby: [['day', true]],
        post_processing: [
          {
            operation: 'pivot',
            options: { index: ['day'], columns: [], aggregates: { total: { operator: 'sum' } } },
          },
          { operation: 'resample', options: { rule: '1D', method: 'asfreq', fill_value: 0 } },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result;
    expect(entry.from_dttm).toBe(Date.UTC(2024, 0, 10));
    expect(entry.data).toHaveLength(10);
    expect(entry.data[0]).toEqual({ day: Date.UTC(2024, 0, 10), total: 0 });
    expect(entry.data[5]).toEqual({ day: Date.UTC(2024, 0, 15), total: 110 });
    expect(entry.data[9]).toEqual({ day: Date.UTC(2024, 0, 19), total: 0 });
  });

  describe('time comparison', () => {
    const compared = (extra: Record<string, unknown> = {}) =>
      context({
        columns: [month, 'city'],
        metrics: [total],
        filters: [{ col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' }],
        orderby: [
          ['month', true],
          ['city', true],
        ],
        time_offsets: ['1 year ago'],
        ...extra,
      });

    it('joins <metric>__<offset> from the range a year back, by month and city', async () => {
      const response = await post(compared());
      expect(response.statusCode).toBe(200);
      const [entry] = response.json().result;
      expect(entry.colnames).toEqual(['month', 'city', 'total', 'total__1 year ago']);
      expect(entry.coltypes).toEqual([2, 1, 0, 0]);
      expect(entry.data).toEqual([
        { month: Date.UTC(2024, 0, 1), city: 'Berlin', total: 110, 'total__1 year ago': 101 },
        { month: Date.UTC(2024, 0, 1), city: "St. John's", total: 10, 'total__1 year ago': 1 },
        { month: Date.UTC(2024, 1, 1), city: 'Berlin', total: 120, 'total__1 year ago': 102 },
        { month: Date.UTC(2024, 1, 1), city: "St. John's", total: 20, 'total__1 year ago': 2 },
        { month: Date.UTC(2024, 2, 1), city: 'Berlin', total: 130, 'total__1 year ago': 103 },
        { month: Date.UTC(2024, 2, 1), city: "St. John's", total: 30, 'total__1 year ago': 3 },
      ]);
      // Both queries are shown, the second over the shifted range.
      expect(entry.query).toContain('2023-01-01');
    });

    it('runs before post-processing, so compare works on the joined columns', async () => {
      const response = await post(
        compared({
          filters: [
            { col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-03-01' },
            { col: 'city', op: '==', val: 'Berlin' },
          ],
          columns: [month],
          orderby: [['month', true]],
          post_processing: [
            {
              operation: 'compare',
              options: {
                source_columns: ['total'],
                compare_columns: ['total__1 year ago'],
                compare_type: 'difference',
                drop_original_columns: true,
              },
            },
          ],
        }),
      );
      expect(response.json()).toMatchObject({ result: [{}] });
      expect(response.json().result[0].data).toEqual([
        { month: Date.UTC(2024, 0, 1), 'difference__total__total__1 year ago': 9 },
        { month: Date.UTC(2024, 1, 1), 'difference__total__total__1 year ago': 18 },
      ]);
    });

    it('puts the offsets in the cache key', async () => {
      const withOffsets = (await post(compared())).json().result[0];
      const without = (await post(compared({ time_offsets: [] }))).json().result[0];
      expect(without.cache_key).not.toBe(withOffsets.cache_key);
      expect(without.colnames).toEqual(['month', 'city', 'total']);
    });

    it('needs an enclosed time range (400 naming time_offsets)', async () => {
      const response = await post(compared({ filters: [] }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/time_offsets: An enclosed time range/);
    });
  });

  describe('saved charts', () => {
    const savedContext = (sliceId: number) => ({
      datasource: { id: sliceId === 2 ? setup.secretDatasetId : setup.datasetId, type: 'table' },
      queries:
        sliceId === 2
          ? [
              {
                columns: ['title', 'happened_at'],
                filters: [{ col: 'happened_at', op: 'TEMPORAL_RANGE', val: 'No filter' }],
                orderby: [['happened_at', true]],
              },
            ]
          : [{ columns: ['city'], metrics: [total], orderby: [['city', true]] }],
      form_data: { slice_id: sliceId, viz_type: 'table', slice_name: `Chart ${sliceId}` },
      result_format: 'json',
      result_type: 'full',
    });
    const calls: Array<{ sliceId: number; overrides: unknown }> = [];
    let viewer: Headers;

    beforeAll(async () => {
      harness.ctx.services.savedChartQueryContext = async (_ctx, _principal, sliceId, overrides) => {
        calls.push({ sliceId, overrides });
        if (sliceId > 2) throw new HttpError(404, { message: 'Not found' });
        return savedContext(sliceId);
      };
      const view = datasetPermissionView('flowdb', { id: setup.datasetId, table_name: 'orders' } as never);
      await createRole(harness, 'flow_viewer', [
        ['can_read', 'Chart'],
        ['can_explore_json', 'Superset'],
        ['datasource_access', view],
      ]);
      await harness.createUser({ username: 'flowviewer', roles: ['flow_viewer'] });
      viewer = await harness.bearer('flowviewer', 'password123');
    });

    it('POST /api/v1/chart/data with no body runs the chart named by form_data.slice_id', async () => {
      const response = await harness.app.inject({
        method: 'POST',
        url: `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: 1 }))}`,
        headers: setup.admin,
      });
      expect(response.json()).toMatchObject({ result: [{}] });
      expect(response.json().result[0].data).toEqual([
        { city: 'Berlin', total: 2 * 1200 + 78 + 780 },
        { city: "St. John's", total: 78 + 780 },
      ]);
      expect(calls.at(-1)?.sliceId).toBe(1);
      const missing = await harness.app.inject({
        method: 'POST',
        url: `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: 9 }))}`,
        headers: setup.admin,
        payload: {},
      });
      expect(missing.statusCode).toBe(404);
    });

    it('answers annotation layers from saved charts, with the main range for time_range: null', async () => {
      const layer = {
        name: 'Events',
        annotationType: 'EVENT',
        sourceType: 'table',
        value: 2,
        show: true,
        timeColumn: 'happened_at',
        titleColumn: 'title',
        overrides: { time_range: null },
      };
      const response = await post(
        context({
          columns: [month],
          metrics: [total],
          filters: [{ col: 'placed_at', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-12-31' }],
          orderby: [['month', true]],
          annotation_layers: [
            layer,
            { ...layer, name: 'Hidden', show: false },
            { name: 'Formula', annotationType: 'FORMULA', sourceType: '', value: 'x*2', show: true },
          ],
        }),
      );
      expect(response.statusCode).toBe(200);
      const [entry] = response.json().result;
      expect(Object.keys(entry.annotation_data)).toEqual(['Events']);
      expect(entry.annotation_data.Events.colnames).toEqual(['title', 'happened_at']);
      // 'Old' (2023) is outside the chart's range, which replaced the saved chart's 'No filter'.
      expect(entry.annotation_data.Events.data).toEqual([
        { title: 'Launch', happened_at: Date.UTC(2024, 1, 10) },
        { title: 'Sale', happened_at: Date.UTC(2024, 5, 1) },
      ]);
      expect(entry.errors).toEqual([]);
      expect(entry.rowcount).toBe(12);
    });

    it('reports a layer whose dataset the user cannot read in errors, not as a failure', async () => {
      const response = await post(
        context({
          columns: ['city'],
          metrics: [total],
          annotation_layers: [
            { name: 'Secret', annotationType: 'EVENT', sourceType: 'table', value: 2, show: true },
            { name: 'Gone', annotationType: 'EVENT', sourceType: 'line', value: 7, show: true },
          ],
        }),
        viewer,
      );
      expect(response.statusCode).toBe(200);
      const [entry] = response.json().result;
      expect(entry.rowcount).toBe(2);
      expect(entry.annotation_data).toEqual({});
      expect(entry.errors.map((e: { error_type: string }) => e.error_type)).toEqual([
        'DATASOURCE_SECURITY_ACCESS_ERROR',
        'OBJECT_DOES_NOT_EXIST_ERROR',
      ]);
      expect(entry.errors[0].message).toMatch(/^Annotation layer "Secret": /);
    });

    it('legacy explore_json: a slice_id alone runs the saved chart; query, results and csv flags', async () => {
      const formData = encodeURIComponent(JSON.stringify({ slice_id: 1 }));
      const full = await harness.app.inject({
        method: 'GET',
        url: `/superset/explore_json/?form_data=${formData}`,
        headers: viewer,
      });
      expect(full.statusCode).toBe(200);
      const payload = full.json();
      expect(payload.status).toBe('success');
      expect(payload.rowcount).toBe(2);
      expect(payload.form_data).toEqual({ slice_id: 1 });
      expect(payload.cache_key).toMatch(/^[0-9a-f]{32}$/);
      const query = await harness.app.inject({
        method: 'POST',
        url: '/superset/explore_json/?query=true',
        headers: { ...viewer, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `form_data=${formData}`,
      });
      expect(query.statusCode).toBe(200);
      expect(query.json().query).toMatch(/SUM/);
      expect(query.json().data).toEqual([]);
      const results = await harness.app.inject({
        method: 'GET',
        url: `/superset/explore_json/?results=true&form_data=${formData}`,
        headers: viewer,
      });
      expect(Object.keys(results.json()).sort()).toEqual(['colnames', 'coltypes', 'data']);
      const refused = await harness.app.inject({
        method: 'GET',
        url: `/superset/explore_json/?csv=true&form_data=${formData}`,
        headers: viewer,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe("You don't have the rights to download as csv");
      const csv = await harness.app.inject({
        method: 'GET',
        url: `/superset/explore_json/?csv=true&form_data=${formData}`,
        headers: setup.admin,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe('city,total');
    });

    it('legacy explore_json answers the legacy error body', async () => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/superset/explore_json/?form_data=${encodeURIComponent('{"slice_id": 9}')}`,
        headers: setup.admin,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Not found');
      const bad = await harness.app.inject({
        method: 'GET',
        url: '/superset/explore_json/?form_data=%7Bnope',
        headers: setup.admin,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/form_data/);
    });
  });

  it('exports several queries as a zip of one CSV per query, named by the export rules', async () => {
    const response = await post({
      datasource: { id: setup.datasetId, type: 'table' },
      queries: [
        { columns: ['city'], metrics: [total], orderby: [['city', true]] },
        { columns: [], metrics: [total] },
      ],
      result_format: 'csv',
      form_data: { slice_name: 'Выручка', viz_type: 'table' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const disposition = decodeURIComponent(String(response.headers['content-disposition']));
    expect(disposition).toMatch(/Выручка_table_\d{8}_\d{6}\.zip/);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^Выручка_table_\d{8}_\d{6}_query_1\.csv$/);
    expect(names[1]).toMatch(/_query_2\.csv$/);
    const first = (await zip.file(names[0] as string)?.async('string'))?.replace(/^\uFEFF/, '');
    expect(first?.trim().split('\r\n')).toEqual(['city,total', 'Berlin,3258', "St. John's,858"]);
    const second = (await zip.file(names[1] as string)?.async('string'))?.replace(/^\uFEFF/, '');
    expect(second?.trim().split('\r\n')).toEqual(['total', '4116']);
    const xlsx = await post({
      datasource: { id: setup.datasetId, type: 'table' },
      queries: [
        { columns: ['city'], metrics: [total] },
        { columns: [], metrics: [total] },
      ],
      result_format: 'xlsx',
    });
    expect(xlsx.statusCode).toBe(200);
    const workbooks = Object.keys((await JSZip.loadAsync(xlsx.rawPayload)).files);
    expect(workbooks.every((name) => name.endsWith('.xlsx'))).toBe(true);
  });

  describe('row-level security with user macros', () => {
    it('filters per user, and a user name with a quote is a value, not SQL', async () => {
      await createRole(harness, 'own_orders', [
        ['can_read', 'Chart'],
        [
          'datasource_access',
          datasetPermissionView('flowdb', { id: setup.datasetId, table_name: 'orders' } as never),
        ],
      ]);
      await insertRlsRule(harness, {
        name: 'own customers',
        clause: "customer = '{{ current_username() }}'",
        datasetIds: [setup.datasetId],
        roleNames: ['own_orders'],
      });
      await harness.createUser({ username: 'Иван', roles: ['own_orders'] });
      await harness.createUser({ username: "O'Brien", roles: ['own_orders'] });
      await harness.createUser({ username: "x' OR '1'='1", roles: ['own_orders'] });
      const cities = async (username: string) => {
        const response = await post(
          context({ columns: ['city'], metrics: ['count'], orderby: [['city', true]] }),
          await harness.bearer(username, 'password123'),
        );
        expect(response.statusCode).toBe(200);
        return response.json().result[0].data;
      };
      expect(await cities('Иван')).toEqual([{ city: 'Berlin', count: 24 }]);
      expect(await cities("O'Brien")).toEqual([{ city: "St. John's", count: 24 }]);
      expect(await cities("x' OR '1'='1")).toEqual([]);
    });
  });

  describe('async queries (GLOBAL_ASYNC_QUERIES)', () => {
    const platforms: Array<{ name: string; redisUrl: string | null }> = [
      { name: 'in-process queue', redisUrl: null },
      ...(hasRedis ? [{ name: 'Redis (BullMQ)', redisUrl: SERVICES.redis.url }] : []),
    ];
    for (const { name, redisUrl } of platforms) {
      describe(name, () => {
        let worker: RunningProcess;
        let original: typeof harness.ctx.platform;

        beforeAll(async () => {
          original = harness.ctx.platform;
          if (redisUrl) {
            harness.ctx.platform = createPlatform({
              redisUrl,
              keyPrefix: `vitrina-test-${Math.random().toString(36).slice(2, 10)}`,
            });
          }
          harness.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
          worker = startWorker(harness.ctx, { info: () => undefined });
        });
        afterAll(async () => {
          harness.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
          await worker?.stop();
          if (redisUrl) {
            await harness.ctx.platform.close();
            harness.ctx.platform = original;
          }
        });

        const events = async (headers: Headers, lastId?: string) => {
          const response = await harness.app.inject({
            method: 'GET',
            url: `/api/v1/async_event/${lastId ? `?last_id=${lastId}` : ''}`,
            headers,
          });
          expect(response.statusCode).toBe(200);
          return response.json().result as Array<Record<string, unknown>>;
        };

        it('answers 202, publishes done with result_url, and the results are then cached', async () => {
          const session = await harness.loginAs(ADMIN.username, ADMIN.password);
          const query = context({ columns: ['city'], metrics: [total], row_limit: 11 + (redisUrl ? 1 : 0) });
          const submitted = await post(query, session);
          expect(submitted.statusCode).toBe(202);
          const job = submitted.json();
          expect(job).toMatchObject({ status: 'pending', errors: [], result_url: null });
          expect(job.job_id).toMatch(/^[0-9a-f-]{36}$/);
          expect(typeof job.channel_id).toBe('string');
          let done: Record<string, unknown> | undefined;
          await vi.waitFor(
            async () => {
              done = (await events(session)).find((event) => event.job_id === job.job_id);
              expect(done?.status).toBe('done');
            },
            { timeout: 15_000, interval: 50 },
          );
          expect(done).toMatchObject({ channel_id: job.channel_id, user_id: job.user_id, errors: [] });
          expect(String(done?.id)).toMatch(/^\d+-\d+$/);
          const results = await harness.app.inject({
            method: 'GET',
            url: String(done?.result_url),
            headers: session,
          });
          expect(results.statusCode).toBe(200);
          expect(results.json().result[0].rowcount).toBe(2);
          // Nothing after the last id; another session has its own channel.
          expect(await events(session, String(done?.id))).toEqual([]);
          const other = await harness.loginAs(ADMIN.username, ADMIN.password);
          expect((await events(other)).some((event) => event.job_id === job.job_id)).toBe(false);
          // Cached now: answered at once.
          const again = await post(query, session);
          expect(again.statusCode).toBe(200);
          expect(again.json().result[0].is_cached).toBe(true);
        });

        it('publishes error with the database message when the query fails', async () => {
          const submitted = await post(
            context({
              columns: ['city'],
              metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(no_such_column)', label: 'bad' }],
            }),
          );
          expect(submitted.statusCode).toBe(202);
          const job = submitted.json();
          await vi.waitFor(
            async () => {
              const event = (await events(setup.admin)).find((e) => e.job_id === job.job_id);
              expect(event?.status).toBe('error');
              expect(event?.result_url).toBeNull();
              const errors = (event?.errors ?? []) as Array<{ message: string }>;
              expect(errors[0]?.message).toMatch(/no_such_column/);
            },
            { timeout: 15_000, interval: 50 },
          );
        });

        it('answers a query that cannot compile at once (400 naming the field), not by a job', async () => {
          const response = await post(context({ columns: ['nope'] }));
          expect(response.statusCode).toBe(400);
          expect(response.json().message).toMatch(/columns\[0\]/);
        });

        it('answers 400 for a bad last_id', async () => {
          const response = await harness.app.inject({
            method: 'GET',
            url: '/api/v1/async_event/?last_id=nope',
            headers: setup.admin,
          });
          expect(response.statusCode).toBe(400);
        });
      });
    }
  });
});
