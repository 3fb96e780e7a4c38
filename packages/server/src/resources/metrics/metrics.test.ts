import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { CHART_DATA_QUEUE } from '../../flows/chartData/asyncQueries.ts';
import { startWorker } from '../../processes/worker.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

const TOKEN = 'scrape-token-for-tests';

/** The value of one sample line of the exposition (`name{labels} value`), undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  let harness: TestApp;
  let admin: Headers;
  let databaseId: number;
  let datasetId: number;
  beforeAll(async () => {
    harness = await createTestApp();
    harness.ctx.config.metrics.token = TOKEN;
    const file = path.join(harness.ctx.config.filesDir, 'metrics.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run('CREATE TABLE sales (city VARCHAR, amount DOUBLE)');
      await con.run("INSERT INTO sales VALUES ('Berlin', 1), ('Oslo', 2)");
      await con.run('CHECKPOINT');
    });
    databaseId = await insertDatabase(harness, { name: 'metricsdb', uri: `duckdb:///${file}` });
    admin = await harness.bearer(ADMIN.username, ADMIN.password);
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/dataset/',
      headers: admin,
      payload: { database: databaseId, table_name: 'sales' },
    });
    expect(created.statusCode).toBe(201);
    datasetId = created.json<{ id: number }>().id;
  });
  afterAll(async () => harness?.close());

  const scrape = async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const chartData = (headers: Headers = {}, query: Record<string, unknown> = {}) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { ...admin, ...headers },
      payload: {
        datasource: { id: datasetId, type: 'table' },
        queries: [{ columns: ['city'], metrics: ['count'], row_limit: 10, ...query }],
      },
    });

  describe('access', () => {
    it('is absent (404) on the main port while no VITRINA_METRICS_TOKEN is set', async () => {
      harness.ctx.config.metrics.token = null;
      try {
        const response = await harness.app.inject({ method: 'GET', url: '/metrics' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      } finally {
        harness.ctx.config.metrics.token = TOKEN;
      }
    });

    it('refuses a caller without the token or with another one (401, Bearer challenge)', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
        const response = await harness.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.body).not.toContain('vitrina_');
      }
    });

    it("refuses a user's API token: the scrape token is the operator's, not a login", async () => {
      const response = await harness.app.inject({ method: 'GET', url: '/metrics', headers: admin });
      expect(response.statusCode).toBe(401);
    });
  });

  it('answers the Prometheus text format with the process metrics', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.body).toContain('# TYPE vitrina_http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(response.body).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    expect(response.body).toContain('# TYPE vitrina_event_stream_clients gauge');
  });

  it('counts a request under its route pattern, method and status class, never its URL', async () => {
    const series =
      'vitrina_http_request_duration_seconds_count{route="/api/v1/chart/:id",method="GET",status_class="4xx"}';
    const before = sample(await scrape(), series) ?? 0;
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/chart/987654' });
    expect(response.statusCode).toBe(401);
    const text = await scrape();
    expect(sample(text, series)).toBe(before + 1);
    expect(text).not.toContain('987654');
  });

  it('times queries by database and outcome, and counts chart data cache misses and hits', async () => {
    const success = `vitrina_query_duration_seconds_count{database_id="${databaseId}",outcome="success"}`;
    const before = await scrape();
    const misses = sample(before, 'vitrina_chart_data_cache_misses_total') ?? 0;
    const hits = sample(before, 'vitrina_chart_data_cache_hits_total') ?? 0;
    const queries = sample(before, success) ?? 0;
    expect((await chartData({}, { row_limit: 7 })).statusCode).toBe(200);
    expect((await chartData({}, { row_limit: 7 })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'vitrina_chart_data_cache_misses_total')).toBe(misses + 1);
    expect(sample(after, 'vitrina_chart_data_cache_hits_total')).toBe(hits + 1);
    expect(sample(after, success)).toBeGreaterThan(queries);
  });

  it('shows the depth of a queue and the age of its oldest waiting job', async () => {
    // No worker runs in this app: the job stays waiting.
    await harness.ctx.platform.queue.enqueue(CHART_DATA_QUEUE, { probe: true });
    const text = await scrape();
    expect(
      sample(text, `vitrina_queue_jobs{queue="${CHART_DATA_QUEUE}",state="waiting"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, `vitrina_queue_oldest_waiting_seconds{queue="${CHART_DATA_QUEUE}"}`),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'vitrina_queue_jobs{queue="reports",state="waiting"}')).toBe(0);
  });

  describe('request id', () => {
    it("echoes a client's X-Request-Id and records it with the query run in the action log", async () => {
      const response = await chartData({ 'x-request-id': 'lb-4f2a.77:req' }, { row_limit: 8 });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toBe('lb-4f2a.77:req');
      const record = vi.spyOn(harness.ctx.eventLog, 'record');
      try {
        await chartData({ 'x-request-id': 'second-request' }, { row_limit: 9 });
        const entries = record.mock.calls.flatMap(([entry]) => [entry].flat());
        expect(entries.find((entry) => entry.action === 'chart_data')?.details.request_id).toBe(
          'second-request',
        );
      } finally {
        record.mockRestore();
      }
    });

    it('makes a new id when the client sends none, or one too long or with other characters', async () => {
      for (const sent of [undefined, 'x'.repeat(129), 'has space', 'new\u00e9line']) {
        const response = await harness.app.inject({
          method: 'GET',
          url: '/health/live',
          headers: sent === undefined ? {} : { 'x-request-id': sent },
        });
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it('carries the id into the queued job: the worker logs the run under it', async () => {
      harness.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
      const lines: string[] = [];
      const worker = startWorker(harness.ctx, { info: (line) => lines.push(line) });
      try {
        const response = await chartData({ 'x-request-id': 'async-trace-1' }, { row_limit: 6 });
        expect(response.statusCode).toBe(202);
        expect(response.headers['x-request-id']).toBe('async-trace-1');
        const jobId = response.json<{ job_id: string }>().job_id;
        await vi.waitFor(
          () =>
            expect(lines.find((line) => line.includes(jobId))).toMatch(
              /completed in \d+ ms request_id=async-trace-1$/,
            ),
          { timeout: 15_000, interval: 50 },
        );
      } finally {
        harness.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
        await worker.stop();
      }
    });
  });
});
