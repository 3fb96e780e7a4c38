import type { ChartDataTimings } from '@vitrina/common/api/chartData';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withAsyncQueries } from '../../testing/asyncQueries.ts';
import { recordingEventLog } from '../../testing/eventLog.ts';
import { createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';
import { buildWorld, tableFormData, tableQueryContext, type World } from '../charts/testFixtures.ts';

/**
 * Every chart data answer carries its timings (queue wait, database, post-processing, serialisation,
 * total, cache hit or miss) and is recorded in the action log with them: the synchronous answer, the
 * cached second call, the async result read from result_url, and each line of a dashboard's stream.
 * Durations are only checked for their shape: no test asserts a wall-clock figure.
 */

type Entry = Record<string, unknown> & { timings?: ChartDataTimings; rowcount?: number };

function expectTimings(timings: ChartDataTimings | undefined, cache: 'hit' | 'miss', queued: boolean) {
  expect(timings).toBeDefined();
  const t = timings as ChartDataTimings;
  expect(t.cache).toBe(cache);
  if (queued) expect(t.queue_wait_ms).toBeGreaterThanOrEqual(0);
  else expect(t.queue_wait_ms).toBeNull();
  for (const phase of ['database_ms', 'post_processing_ms', 'serialisation_ms', 'total_ms'] as const) {
    expect(t[phase]).toBeGreaterThanOrEqual(0);
  }
  if (cache === 'hit') {
    expect(t.database_ms).toBe(0);
    expect(t.post_processing_ms).toBe(0);
  }
}

describe('chart data timings and the action log', () => {
  let harness: TestApp;
  let world: World;
  let log: ReturnType<typeof recordingEventLog>;
  /** A query of its own per test (the row limit is part of the cache key). */
  let rowLimit = 50;
  const context = () => {
    const base = tableQueryContext(world.ordersId);
    const [query] = base.queries as Array<Record<string, unknown>>;
    rowLimit += 1;
    return { ...base, queries: [{ ...query, row_limit: rowLimit }] };
  };
  const post = (payload: unknown, headers: Headers, url = '/api/v1/chart/data') =>
    harness.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const withReferrer = (headers: Headers): Headers => ({
    ...headers,
    referer: 'http://localhost/superset/dashboard/7/',
  });

  beforeAll(async () => {
    harness = await createTestApp();
    world = await buildWorld(harness);
  }, 120_000);
  afterAll(async () => harness.close());

  beforeEach(() => {
    log = recordingEventLog();
    harness.ctx.eventLog = log;
  });

  it('answers timings with a miss, then a hit for the same query, and records both', async () => {
    const query = context();
    const ids = encodeURIComponent(JSON.stringify({ slice_id: 12, dashboard_id: 7 }));
    const url = `/api/v1/chart/data?form_data=${ids}`;
    const first = await post(query, withReferrer(world.alice), url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    const [missed] = first.json().result as Entry[];
    expect(missed?.data).toContainEqual({ city: 'Москва', total: 30.5 });
    expect(missed?.is_cached).toBe(false);
    expectTimings(missed?.timings, 'miss', false);

    const second = await post(query, withReferrer(world.alice), url);
    const [hit] = second.json().result as Entry[];
    expect(hit?.is_cached).toBe(true);
    expectTimings(hit?.timings, 'hit', false);

    expect(log.entries).toHaveLength(2);
    const [recordedMiss, recordedHit] = log.entries;
    expect(recordedMiss).toMatchObject({
      action: 'chart_data',
      userId: world.userIds.alice,
      sliceId: 12,
      dashboardId: 7,
      referrer: 'http://localhost/superset/dashboard/7/',
      details: {
        timings: [missed?.timings],
        viz_type: 'table',
        datasource: `${world.ordersId}__table`,
        row_count: missed?.rowcount,
        cache: 'miss',
      },
    });
    expect(recordedMiss?.durationMs).toBeGreaterThanOrEqual(0);
    expect(recordedHit?.details).toMatchObject({ timings: [hit?.timings], cache: 'hit' });
  });

  it('sends a hit as stored: the same fields in the same order as the entry read by its cache key', async () => {
    const query = context();
    await post(query, world.alice);
    const hit = await post(query, world.alice);
    const [stored] = hit.json().result as Entry[];
    expect(stored?.is_cached).toBe(true);
    const byKey = await harness.app.inject({
      url: `/api/v1/chart/data/${String(stored?.cache_key)}`,
      headers: world.alice,
    });
    expect(byKey.statusCode).toBe(200);
    const [decoded] = byKey.json().result as Entry[];
    const withoutTimings = ({ timings: _timings, ...rest }: Entry) => JSON.stringify(rest);
    expect(withoutTimings(stored as Entry)).toBe(withoutTimings(decoded as Entry));
    expect(stored?.cached_dttm).toEqual(expect.any(String));
  });

  it('takes the chart and dashboard from the query context when the URL names none', async () => {
    const query = context();
    const response = await post(
      { ...query, form_data: { ...tableFormData(world.ordersId), slice_id: 3, dashboardId: 4 } },
      world.alice,
    );
    expect(response.statusCode).toBe(200);
    expect(log.entries[0]).toMatchObject({ sliceId: 3, dashboardId: 4, referrer: null });
  });

  it('gives no timings and records nothing for result types that run no query', async () => {
    const response = await post({ ...context(), result_type: 'query' }, world.alice);
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().result as Entry[];
    expect(entry?.query).toEqual(expect.stringContaining('SELECT'));
    expect(entry?.timings).toBeUndefined();
    expect(log.entries).toEqual([]);
  });

  it('answers a result read by its cache key as a hit', async () => {
    const first = await post(context(), world.alice);
    const key = String((first.json().result as Entry[])[0]?.cache_key);
    const read = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/chart/data/${key}`,
      headers: world.alice,
    });
    expect(read.statusCode).toBe(200);
    expectTimings((read.json().result as Entry[])[0]?.timings, 'hit', false);
    expect(log.entries.map((entry) => entry.details.cache)).toEqual(['miss', 'hit']);
  });

  it('never fails the answer when the action log cannot record it', async () => {
    harness.ctx.eventLog = {
      ...log,
      record: () => {
        throw new Error('the log is down');
      },
    };
    const response = await post(context(), world.alice);
    expect(response.statusCode).toBe(200);
    expectTimings((response.json().result as Entry[])[0]?.timings, 'miss', false);
  });

  describe('async queries', () => {
    withAsyncQueries(() => harness.ctx);

    it('reports the queue wait and the run on the result fetched from result_url', async () => {
      const session = await harness.loginAs('alice', 'password123');
      const ids = encodeURIComponent(JSON.stringify({ slice_id: 21 }));
      const submitted = await post(context(), session, `/api/v1/chart/data?form_data=${ids}`);
      expect(submitted.statusCode).toBe(202);
      const job = submitted.json();
      let done: Record<string, unknown> | undefined;
      await vi.waitFor(
        async () => {
          const events = await harness.app.inject({
            method: 'GET',
            url: '/api/v1/async_event/',
            headers: session,
          });
          done = (events.json().result as Array<Record<string, unknown>>).find(
            (event) => event.job_id === job.job_id,
          );
          expect(done?.status).toBe('done');
        },
        { timeout: 15_000, interval: 50 },
      );
      // The 202 is not an answer: nothing is recorded until the results are read.
      expect(log.entries).toEqual([]);
      const results = await harness.app.inject({
        method: 'GET',
        url: String(done?.result_url),
        headers: withReferrer(session),
      });
      expect(results.statusCode).toBe(200);
      const [entry] = results.json().result as Entry[];
      expectTimings(entry?.timings, 'miss', true);
      const timings = entry?.timings as ChartDataTimings;
      expect(timings.total_ms).toBeGreaterThanOrEqual(timings.queue_wait_ms as number);
      expect(log.entries).toHaveLength(1);
      expect(log.entries[0]).toMatchObject({
        action: 'chart_data',
        userId: world.userIds.alice,
        sliceId: 21,
        dashboardId: null,
        referrer: 'http://localhost/superset/dashboard/7/',
        details: { timings: [timings], viz_type: 'table', datasource: `${world.ordersId}__table` },
      });
    });
  });

  describe("a dashboard's streamed data", () => {
    let dashboardId: number;
    let chartId: number;
    beforeAll(async () => {
      const dashboard = await post(
        { dashboard_title: 'Timed board', slug: 'timed-board', published: true },
        world.admin,
        '/api/v1/dashboard/',
      );
      dashboardId = dashboard.json().id;
      const chart = await post(
        {
          slice_name: 'Orders by city',
          viz_type: 'table',
          datasource_id: world.ordersId,
          datasource_type: 'table',
          params: JSON.stringify(tableFormData(world.ordersId)),
          query_context: JSON.stringify(tableQueryContext(world.ordersId)),
          dashboards: [dashboardId],
        },
        world.admin,
        '/api/v1/chart/',
      );
      expect(chart.statusCode).toBe(201);
      chartId = chart.json().id;
    });

    it("answers a saved chart's data with timings and records it under the chart", async () => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/v1/chart/${chartId}/data/?force=true`,
        headers: world.admin,
      });
      expect(response.statusCode).toBe(200);
      const [entry] = response.json().result as Entry[];
      expectTimings(entry?.timings, 'miss', false);
      expect(log.entries).toHaveLength(1);
      expect(log.entries[0]).toMatchObject({ sliceId: chartId, dashboardId: null, userId: 1 });
    });

    it('puts timings on each line and records each chart', async () => {
      const query = context();
      const stream = (force: boolean) =>
        post(
          {
            force,
            charts: [
              { key: 'a', slice_id: chartId, query_context: query },
              { key: 'b', slice_id: chartId, query_context: { ...query, result_type: 'query' } },
            ],
          },
          withReferrer(world.alice),
          `/api/v1/dashboard/${dashboardId}/chart_data`,
        );
      const response = await stream(false);
      expect(response.statusCode).toBe(200);
      const lines = response.body
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as { key: string; status: number; result: Entry[] });
      const byKey = new Map(lines.map((line) => [line.key, line]));
      const data = byKey.get('a')?.result[0];
      expect(data?.data).toContainEqual({ city: 'Москва', total: 30.5 });
      expectTimings(data?.timings, 'miss', false);
      expect(byKey.get('b')?.result[0]?.timings).toBeUndefined();
      // One entry: the chart whose query ran; the SQL-only answer ran nothing.
      expect(log.entries).toHaveLength(1);
      expect(log.entries[0]).toMatchObject({
        action: 'chart_data',
        userId: world.userIds.alice,
        sliceId: chartId,
        dashboardId,
        referrer: 'http://localhost/superset/dashboard/7/',
        details: { timings: [data?.timings], viz_type: 'table', cache: 'miss' },
      });

      const again = await stream(false);
      const cached = again.body
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as { key: string; result: Entry[] })
        .find((line) => line.key === 'a');
      expectTimings(cached?.result[0]?.timings, 'hit', false);
    });
  });
});
