import path from 'node:path';
import { encodeRison, MAX_BEACON_EVENTS } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers, type TestApp } from '../../testing/testApp.ts';
import { pruneActionLog } from './retention.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions.
type Json = Record<string, any>;

const BEACON = '/superset/log/?explode=events';

/** A multipart body as `navigator.sendBeacon(url, formData)` sends it. */
async function multipart(fields: Record<string, string>): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? '',
  };
}

const event = (extra: Json = {}): Json => ({
  source: 'dashboard',
  impression_id: 'page-1',
  version: 'v2',
  ts: 1_000_000,
  event_name: 'mount_dashboard',
  event_type: 'user',
  ...extra,
});

describeEachMetastore('action log API', (harness) => {
  let admin: Headers;
  let adminCookie: Headers;
  let gamma: Headers;
  let gammaId: number;

  const logRows = async (db = harness().ctx.metastore.db) => {
    await harness().ctx.eventLog.flush();
    return db.selectFrom('logs').selectAll().orderBy('id').execute();
  };
  const clear = async () => {
    await harness().ctx.eventLog.flush();
    await harness().ctx.metastore.db.deleteFrom('logs').execute();
  };
  const sendForm = async (fields: Record<string, string>, headers: Headers, url = BEACON) => {
    const { body, type } = await multipart(fields);
    return harness().app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': type, referer: 'http://localhost/superset/dashboard/7/' },
      payload: body,
    });
  };

  beforeAll(async () => {
    const { createUser, loginAs, bearer } = harness();
    gammaId = await createUser({ username: 'gamma_log', roles: ['Gamma'] });
    admin = await bearer(ADMIN.username, ADMIN.password);
    // A cookie session without its CSRF token: the beacon is exempt, as Superset's.
    const { cookie } = await loginAs(ADMIN.username, ADMIN.password);
    adminCookie = { cookie: cookie as string };
    gamma = await bearer('gamma_log', 'password123');
  });

  it('writes one row per event of a multipart beacon, with the page dashboard and the event duration', async () => {
    await clear();
    const response = await sendForm(
      {
        events: JSON.stringify([
          event({ mount_duration: 843.4, dashboard_id: 99 }),
          event({ event_name: 'load_chart', event_type: 'timing', slice_id: 5, duration: 120 }),
        ]),
      },
      adminCookie,
      `${BEACON}&dashboard_id=7`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const rows = await logRows();
    expect(rows).toHaveLength(2);
    const adminId = rows[0]!.user_id;
    expect(adminId).toEqual(expect.any(Number));
    expect(rows.map((row) => [row.action, row.dashboard_id, row.slice_id, row.duration_ms])).toEqual([
      ['log', 7, null, 843],
      ['log', 7, 5, 120],
    ]);
    expect(rows[0]!.referrer).toBe('http://localhost/superset/dashboard/7/');
    expect(JSON.parse(rows[0]!.json)).toMatchObject({ event_name: 'mount_dashboard', mount_duration: 843.4 });
    expect(Date.now() - Date.parse(rows[0]!.dttm)).toBeLessThan(60_000);
  });

  it('takes an urlencoded form or a JSON body, and the ids of each event when the query has none', async () => {
    await clear();
    const urlencoded = await harness().app.inject({
      method: 'POST',
      url: BEACON,
      headers: { ...gamma, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        events: JSON.stringify([event({ source: 'explore', slice_id: 11, event_name: 'mount_explorer' })]),
      }).toString(),
    });
    expect(urlencoded.statusCode).toBe(200);
    const json = await harness().app.inject({
      method: 'POST',
      url: BEACON,
      headers: gamma,
      payload: { events: [event({ dashboard_id: 3, event_name: 'change_dashboard_filter' })] },
    });
    expect(json.statusCode, json.body).toBe(200);
    const rows = await logRows();
    expect(rows.map((row) => [row.user_id, row.slice_id, row.dashboard_id])).toEqual([
      [gammaId, 11, null],
      [gammaId, null, 3],
    ]);
  });

  it('refuses a malformed batch with 400 and writes nothing', async () => {
    await clear();
    const tooMany = JSON.stringify(Array.from({ length: MAX_BEACON_EVENTS + 1 }, () => event()));
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ events: '[{"event_name": ' }, /Not valid JSON/],
      [{ events: '{"event_name": "x"}' }, /JSON array/],
      [{ events: '[1, 2]' }, /not an object/],
      [{ events: tooMany }, /At most 1024 events/],
      [{ other: 'x' }, /Missing data/],
    ];
    for (const [fields, message] of cases) {
      const response = await sendForm(fields, admin);
      expect(response.statusCode, JSON.stringify(fields).slice(0, 40)).toBe(400);
      expect(JSON.stringify(response.json().message)).toMatch(message);
    }
    expect(await logRows()).toEqual([]);
  });

  it('refuses a body over the size limit', async () => {
    const huge = JSON.stringify([event({ padding: 'x'.repeat(2 * 1024 * 1024) })]);
    const response = await harness().app.inject({
      method: 'POST',
      url: BEACON,
      headers: admin,
      payload: { events: huge },
    });
    expect(response.statusCode).toBe(413);
    expect(await logRows()).toEqual([]);
  });

  it('refuses anonymous beacons with 401 (guest tokens are resolved by authentication)', async () => {
    const response = await sendForm({ events: JSON.stringify([event()]) }, {});
    expect(response.statusCode).toBe(401);
  });

  it('lists entries for administrators, newest first, with their users, filtered as the Action Log screen does', async () => {
    await clear();
    await sendForm({ events: JSON.stringify([event({ event_name: 'spa_navigation' })]) }, gamma);
    await sendForm(
      { events: JSON.stringify([event({ event_name: 'mount_dashboard', mount_duration: 10 })]) },
      admin,
      `${BEACON}&dashboard_id=42`,
    );
    harness().ctx.eventLog.record({
      action: 'chart_data',
      userId: gammaId,
      dashboardId: null,
      sliceId: 8,
      durationMs: 55,
      referrer: null,
      details: { viz_type: 'table' },
      // Newest: the beacon's rows may share its millisecond.
      at: new Date(Date.now() + 1000),
    });
    await harness().ctx.eventLog.flush();
    const list = (q: unknown, headers = admin) =>
      harness().app.inject({ url: `/api/v1/log/?q=${encodeURIComponent(encodeRison(q))}`, headers });

    const all = await list({});
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.count).toBe(3);
    expect(body.result.map((row: Json) => row.action)).toEqual(['chart_data', 'log', 'log']);
    expect(body.result[0]).toMatchObject({
      user: { username: 'gamma_log', first_name: 'gamma_log', last_name: 'Test' },
      user_id: gammaId,
      slice_id: 8,
      duration_ms: 55,
    });
    expect(JSON.parse(body.result[0].json)).toEqual({ viz_type: 'table' });

    const byUser = await list({ filters: [{ col: 'user', opr: 'rel_o_m', value: gammaId }] });
    expect(byUser.json().count).toBe(2);
    const byDashboard = await list({
      filters: [
        { col: 'dashboard_id', opr: 'eq', value: 42 },
        { col: 'json', opr: 'ct', value: 'mount_dashboard' },
      ],
    });
    expect(byDashboard.json().result.map((row: Json) => row.dashboard_id)).toEqual([42]);
    const byAction = await list({ filters: [{ col: 'action', opr: 'ct', value: 'chart' }] });
    expect(byAction.json().count).toBe(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const byTime = await list({
      filters: [
        { col: 'dttm', opr: 'gt', value: '2000-01-01T00:00:00Z' },
        { col: 'dttm', opr: 'lt', value: future },
      ],
    });
    expect(byTime.json().count).toBe(3);
    const later = await list({ filters: [{ col: 'dttm', opr: 'gt', value: future }] });
    expect(later.json().count).toBe(0);
    const paged = await list({ page: 1, page_size: 2, columns: ['id', 'user.username'] });
    expect(paged.json().result).toHaveLength(1);
    expect(Object.keys(paged.json().result[0]).sort()).toEqual(['id', 'user']);

    expect((await list({ filters: [{ col: 'nope', opr: 'eq', value: 1 }] })).statusCode).toBe(400);
    expect((await list({}, gamma)).statusCode).toBe(403);
    expect((await harness().app.inject({ url: '/api/v1/log/' })).statusCode).toBe(401);
  });

  it('answers one entry, 404 for an unknown one, and refuses Gamma', async () => {
    const [row] = await logRows();
    const one = await harness().app.inject({ url: `/api/v1/log/${row!.id}`, headers: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: row!.id, result: { id: row!.id, action: row!.action } });
    expect((await harness().app.inject({ url: '/api/v1/log/999999', headers: admin })).statusCode).toBe(404);
    expect((await harness().app.inject({ url: `/api/v1/log/${row!.id}`, headers: gamma })).statusCode).toBe(
      403,
    );
  });

  it('lists the slowest charts and dashboards of the last days', async () => {
    await clear();
    const db = harness().ctx.metastore.db;
    const dashboard = await db.selectFrom('dashboards').select(['id', 'dashboard_title']).executeTakeFirst();
    const chart = await db.selectFrom('slices').select(['id', 'slice_name']).executeTakeFirst();
    const dashboardId = dashboard?.id ?? 501;
    const chartId = chart?.id ?? 601;
    const chartData = (sliceId: number, durationMs: number, at?: Date) =>
      harness().ctx.eventLog.record({
        action: 'chart_data',
        userId: null,
        dashboardId: null,
        sliceId,
        durationMs,
        referrer: null,
        details: { viz_type: 'table', timings: { database_ms: durationMs - 1 } },
        ...(at && { at }),
      });
    chartData(chartId, 100);
    chartData(chartId, 300);
    chartData(9999, 50);
    // Outside the period: not counted.
    chartData(chartId, 90_000, new Date(Date.now() - 10 * 86_400_000));
    // Two openings of the dashboard in one page; the second chart load of chart 1 is a reload.
    const events = [
      event({ ts: 10_000, mount_duration: 400 }),
      event({ ts: 10_500, event_name: 'load_chart', event_type: 'timing', slice_id: 1, duration: 400 }),
      event({ ts: 11_600, event_name: 'load_chart', event_type: 'timing', slice_id: 2, duration: 900 }),
      event({ ts: 30_000, event_name: 'load_chart', event_type: 'timing', slice_id: 1, duration: 100 }),
      event({ ts: 50_000, mount_duration: 100 }),
      event({ ts: 50_200, event_name: 'load_chart', event_type: 'timing', slice_id: 1, duration: 150 }),
    ];
    await sendForm({ events: JSON.stringify(events) }, admin, `${BEACON}&dashboard_id=${dashboardId}`);
    await harness().ctx.eventLog.flush();

    const response = await harness().app.inject({
      url: `/api/v1/log/slowest/?q=${encodeRison({ days: 7 })}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.days).toBe(7);
    expect(body.charts).toEqual([
      {
        slice_id: chartId,
        slice_name: chart?.slice_name ?? null,
        viz_type: expect.any(String),
        count: 2,
        avg_duration_ms: 200,
        max_duration_ms: 300,
        last_seen: expect.any(String),
      },
      expect.objectContaining({ slice_id: 9999, slice_name: null, count: 1, avg_duration_ms: 50 }),
    ]);
    // First opening: mounted from 9 600, charts loaded by 11 600 → 2 000; second: 49 900 → 50 200 → 300.
    expect(body.dashboards).toEqual([
      {
        dashboard_id: dashboardId,
        dashboard_title: dashboard?.dashboard_title ?? null,
        count: 2,
        avg_duration_ms: 1150,
        max_duration_ms: 2000,
        last_seen: expect.any(String),
      },
    ]);

    const bad = await harness().app.inject({ url: '/api/v1/log/slowest/?q=(days:0)', headers: admin });
    expect(bad.statusCode).toBe(400);
    const notRison = await harness().app.inject({ url: '/api/v1/log/slowest/?q=(days', headers: admin });
    expect(notRison.statusCode).toBe(400);
    expect((await harness().app.inject({ url: '/api/v1/log/slowest/', headers: gamma })).statusCode).toBe(
      403,
    );
  });

  it('deletes rows older than the retention, and keeps everything with 0', async () => {
    await clear();
    const old = new Date(Date.now() - 100 * 86_400_000);
    const recent = new Date(Date.now() - 10 * 86_400_000);
    for (const at of [old, recent]) {
      harness().ctx.eventLog.record({
        action: 'log',
        userId: null,
        dashboardId: null,
        sliceId: null,
        durationMs: null,
        referrer: null,
        details: {},
        at,
      });
    }
    await harness().ctx.eventLog.flush();
    const ctx = harness().ctx;
    expect(await pruneActionLog({ ...ctx, config: { ...ctx.config, logRetentionDays: 0 } })).toBe(0);
    expect(await logRows()).toHaveLength(2);
    expect(ctx.config.logRetentionDays).toBe(90);
    expect(await pruneActionLog(ctx)).toBe(1);
    expect((await logRows()).map((row) => row.dttm)).toEqual([recent.toISOString()]);
    expect(await pruneActionLog({ ...ctx, config: { ...ctx.config, logRetentionDays: 5 } })).toBe(1);
    expect(await logRows()).toEqual([]);
  });

  it('records SQL Lab runs and their failures with the error type', async () => {
    await clear();
    const setup = await sqlLabDatabase(harness());
    const run = (sql: string) =>
      harness().app.inject({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        headers: admin,
        payload: { database_id: setup, sql },
      });
    expect((await run('SELECT * FROM t')).statusCode).toBe(200);
    expect((await run('SELECT * FROM missing_table')).statusCode).toBe(400);
    const rows = (await logRows()).filter((row) => row.action === 'sqllab_run');
    expect(rows).toHaveLength(2);
    const [ok, failed] = rows.map((row) => ({ ...row, details: JSON.parse(row.json) as Json }));
    expect(ok!.details).toMatchObject({ database_id: setup, status: 'success', row_count: 3 });
    expect(ok!.duration_ms).toEqual(expect.any(Number));
    expect(failed!.details).toMatchObject({ database_id: setup, status: expect.any(String) });
    expect(failed!.details.error_type).toEqual(expect.any(String));
    expect(failed!.details.status).not.toBe('success');
  });
});

async function sqlLabDatabase(harness: TestApp): Promise<number> {
  const file = path.join(harness.ctx.config.filesDir, 'actionlog.duckdb');
  await withDuckDb(file, async (con) => {
    await con.run('CREATE TABLE t AS SELECT * FROM range(3) r(i)');
    await con.run('CHECKPOINT');
  });
  return insertDatabase(harness, { name: 'actionlogdb', uri: `duckdb:///${file}` });
}
