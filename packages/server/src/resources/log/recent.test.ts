import { encodeRison } from '@vitrina/common';
import { chartsQuery, dashboardsQuery, savedQueriesQuery } from '@vitrina/common/home/sections';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { buildWorld, requester, type World } from '../charts/testFixtures.ts';
import { createChart, createDashboard } from '../dashboards/testWorld.ts';
import { chartActivityUrl, recentActivityArguments } from './recent.ts';
import { insertLogs } from './repo.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions.
type Json = Record<string, any>;

const RECENT = '/api/v1/log/recent_activity/';
const q = (value: unknown) => `${RECENT}?q=${encodeURIComponent(encodeRison(value as never))}`;

describe('recentActivityArguments', () => {
  it("defaults to Superset's: page 0, 20 a page, opened dashboards and charts, each once", () => {
    expect(recentActivityArguments(undefined)).toEqual({
      page: 0,
      pageSize: 20,
      actions: ['mount_explorer', 'mount_dashboard'],
      distinct: true,
    });
    expect(recentActivityArguments('(page:2,page_size:6,distinct:!f,actions:!(a,a,b))')).toEqual({
      page: 2,
      pageSize: 6,
      actions: ['a', 'b'],
      distinct: false,
    });
  });

  it('refuses what is not its arguments', () => {
    for (const bad of [
      '(page:',
      '!(1)',
      '(other:1)',
      '(page:-1)',
      '(page:1.5)',
      '(page_size:0)',
      '(page_size:101)',
      '(actions:!())',
      '(actions:x)',
      '(actions:!(1))',
      "(distinct:'yes')",
    ]) {
      expect(() => recentActivityArguments(bad), bad).toThrow();
    }
  });
});

describeEachMetastore('recent activity API', (harness) => {
  const request = requester(harness);
  let world: World;
  let dana: Headers;
  let danaId: number;
  let salesId: number;
  let draftId: number;
  let ordersChartId: number;
  let secretChartId: number;

  const db = () => harness().ctx.metastore.db;
  /** Rows as the writer stores them, at given times (minutes ago), so the order is known. */
  const logRows = async (
    userId: number,
    rows: Array<{ event?: string; action?: string; dashboard?: number; chart?: number; minutesAgo: number }>,
  ) => {
    await insertLogs(
      db(),
      rows.map((row) => ({
        action: row.action ?? 'log',
        user_id: userId,
        dashboard_id: row.dashboard ?? null,
        slice_id: row.chart ?? null,
        json: JSON.stringify(row.event ? { event_name: row.event, ts: 1 } : { path: '/api' }),
        dttm: new Date(Date.now() - row.minutesAgo * 60_000).toISOString(),
        duration_ms: null,
        referrer: null,
      })),
    );
  };
  const recents = async (headers: Headers, url = RECENT): Promise<Json[]> => {
    const response = await request('GET', url, headers);
    expect(response.status, response.text).toBe(200);
    return response.body.result;
  };
  const titles = (items: Json[]) => items.map((item) => item.item_title);

  beforeAll(async () => {
    world = await buildWorld(harness());
    danaId = await harness().createUser({ username: 'dana', roles: ['Public'] });
    dana = await harness().bearer('dana', 'password123');
    salesId = await createDashboard(request, world.admin, { dashboard_title: 'Sales', published: true });
    draftId = await createDashboard(request, world.admin, { dashboard_title: 'Draft', published: false });
    ordersChartId = await createChart(request, world.admin, world.ordersId, 'Orders by city');
    secretChartId = await createChart(request, world.admin, world.secretId, 'Secret numbers');
  });

  beforeEach(async () => {
    await harness().ctx.eventLog.flush();
    await db().deleteFrom('logs').execute();
  });

  it("answers Superset's shape, newest first, for what the browser logged as opened", async () => {
    const beacon = await request('POST', '/superset/log/?explode=events', world.alice, {
      events: [
        { event_name: 'mount_dashboard', source: 'dashboard', dashboard_id: salesId, ts: 1 },
        {
          event_name: 'load_chart',
          source: 'dashboard',
          dashboard_id: salesId,
          slice_id: ordersChartId,
          ts: 2,
        },
      ],
    });
    expect(beacon.status).toBe(200);
    await logRows(world.userIds.alice, [{ event: 'mount_explorer', chart: ordersChartId, minutesAgo: 90 }]);

    const items = await recents(world.alice);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      action: 'log',
      item_type: 'dashboard',
      item_id: salesId,
      item_url: `/superset/dashboard/${salesId}/`,
      item_title: 'Sales',
      item_title_ru: null,
      viz_type: null,
      thumbnail_url: expect.stringMatching(new RegExp(`^/api/v1/dashboard/${salesId}/thumbnail/[0-9a-f]+/$`)),
      time: expect.any(Number),
      time_delta_humanized: expect.stringMatching(/ago$|^now$/),
    });
    expect(Date.now() - items[0]!.time).toBeLessThan(60_000);
    // The same picture the dashboard list names for the same person.
    const listed = await request(
      'GET',
      `/api/v1/dashboard/?q=${encodeURIComponent(encodeRison({ filters: [{ col: 'id', opr: 'eq', value: salesId }] }))}`,
      world.alice,
    );
    expect(listed.body.result[0].thumbnail_url).toBe(items[0]!.thumbnail_url);
    expect(items[1]).toMatchObject({
      item_type: 'slice',
      item_id: ordersChartId,
      item_url: chartActivityUrl(ordersChartId),
      item_title: 'Orders by city',
      viz_type: 'table',
      time_delta_humanized: 'an hour ago',
    });
    expect(items[1]!.item_url).toBe(
      `/explore/?slice_id=${ordersChartId}&form_data=%7B%22slice_id%22%3A%20${ordersChartId}%7D`,
    );
  });

  it("never shows another person's activity", async () => {
    await logRows(world.userIds.admin, [{ event: 'mount_dashboard', dashboard: salesId, minutesAgo: 1 }]);
    await logRows(world.userIds.bob, [{ event: 'mount_explorer', chart: ordersChartId, minutesAgo: 1 }]);
    expect(await recents(world.alice)).toEqual([]);
    expect(titles(await recents(world.bob))).toEqual(['Orders by city']);
    expect(titles(await recents(world.admin))).toEqual(['Sales']);
  });

  it('leaves out what the person can no longer open, and what is gone', async () => {
    const gone = await createChart(request, world.admin, world.ordersId, 'Soon deleted');
    await logRows(world.userIds.alice, [
      { event: 'mount_dashboard', dashboard: draftId, minutesAgo: 1 },
      { event: 'mount_explorer', chart: secretChartId, minutesAgo: 2 },
      { event: 'mount_explorer', chart: gone, minutesAgo: 3 },
      { event: 'mount_dashboard', dashboard: 999_999, minutesAgo: 4 },
      { event: 'mount_explorer', chart: ordersChartId, minutesAgo: 5 },
    ]);
    expect((await request('DELETE', `/api/v1/chart/${gone}`, world.admin)).status).toBe(200);
    // An unpublished dashboard of someone else's and a chart of a dataset alice may not query.
    expect(titles(await recents(world.alice))).toEqual(['Orders by city']);

    // Carol may query no dataset: no chart, and the published dashboard only.
    await logRows(world.userIds.carol, [
      { event: 'mount_explorer', chart: ordersChartId, minutesAgo: 1 },
      { event: 'mount_dashboard', dashboard: salesId, minutesAgo: 2 },
    ]);
    expect(titles(await recents(world.carol))).toEqual(['Sales']);
  });

  it('answers each item once at its newest, or every opening with distinct:!f, a page at a time', async () => {
    await logRows(world.userIds.alice, [
      { event: 'mount_dashboard', dashboard: salesId, minutesAgo: 30 },
      { event: 'mount_explorer', chart: ordersChartId, minutesAgo: 20 },
      { event: 'mount_dashboard', dashboard: salesId, minutesAgo: 10 },
      { event: 'change_dashboard_filter', dashboard: salesId, minutesAgo: 5 },
    ]);
    expect(titles(await recents(world.alice))).toEqual(['Sales', 'Orders by city']);
    expect(titles(await recents(world.alice, q({ distinct: false })))).toEqual([
      'Sales',
      'Orders by city',
      'Sales',
    ]);
    expect(titles(await recents(world.alice, q({ page: 0, page_size: 1 })))).toEqual(['Sales']);
    expect(titles(await recents(world.alice, q({ page: 1, page_size: 1 })))).toEqual(['Orders by city']);
    expect(await recents(world.alice, q({ page: 2, page_size: 1 }))).toEqual([]);
    expect(titles(await recents(world.alice, q({ actions: ['mount_explorer'] })))).toEqual([
      'Orders by city',
    ]);
    expect(titles(await recents(world.alice, q({ actions: ['change_dashboard_filter'] })))).toEqual([
      'Sales',
    ]);
  });

  it('looks back a year only', async () => {
    await logRows(world.userIds.alice, [
      { event: 'mount_dashboard', dashboard: salesId, minutesAgo: 366 * 24 * 60 },
    ]);
    expect(await recents(world.alice)).toEqual([]);
  });

  it("records creating and editing charts and dashboards, which the home page's other tabs ask for", async () => {
    await createChart(request, world.alice, world.ordersId, 'Alice made this');
    const dashboardId = await createDashboard(request, world.alice, { dashboard_title: 'Alice board' });
    const renamed = await request('PUT', `/api/v1/chart/${ordersChartId}`, world.admin, {
      slice_name: 'Orders by city',
    });
    expect(renamed.status).toBe(200);
    const edited = await request('PUT', `/api/v1/dashboard/${dashboardId}`, world.alice, {
      dashboard_title: 'Alice board',
    });
    expect(edited.status, edited.text).toBe(200);
    const copied = await request('POST', `/api/v1/dashboard/${salesId}/copy/`, world.alice, {
      dashboard_title: 'Sales (copy)',
      json_metadata: '{}',
    });
    expect(copied.status, copied.text).toBe(200);

    const created = q({
      actions: ['ChartRestApi.post', 'DashboardRestApi.post', 'DashboardRestApi.copy_dash'],
    });
    const createdItems = await recents(world.alice, created);
    expect(createdItems.map((item) => [item.action, item.item_title])).toEqual(
      expect.arrayContaining([
        ['ChartRestApi.post', 'Alice made this'],
        ['DashboardRestApi.post', 'Alice board'],
        ['DashboardRestApi.copy_dash', 'Sales (copy)'],
      ]),
    );
    expect(createdItems).toHaveLength(3);
    const editedItems = await recents(
      world.alice,
      q({ actions: ['ChartRestApi.put', 'DashboardRestApi.put'] }),
    );
    expect(titles(editedItems)).toEqual(['Alice board']);
    expect(titles(await recents(world.admin, q({ actions: ['ChartRestApi.put'] })))).toEqual([
      'Orders by city',
    ]);
    // A failed change is not recorded.
    const refused = await request('PUT', `/api/v1/chart/${ordersChartId}`, world.bob, {
      slice_name: 'Mine now',
    });
    expect(refused.status).toBe(403);
    expect(await recents(world.bob, q({ actions: ['ChartRestApi.put'] }))).toEqual([]);
  });

  it("answers the home page's section queries: starred and owned dashboards and charts, own saved queries", async () => {
    const list = async (path: string, query: unknown, headers: Headers) => {
      const response = await request(
        'GET',
        `${path}?q=${encodeURIComponent(encodeRison(query as never))}`,
        headers,
      );
      expect(response.status, response.text).toBe(200);
      return response.body.result as Json[];
    };
    const boardId = await createDashboard(request, world.bob, { dashboard_title: 'Bob board' });
    const chartId = await createChart(request, world.bob, world.ordersId, 'Bob chart');
    expect((await request('POST', `/api/v1/dashboard/${salesId}/favorites/`, world.bob)).status).toBe(200);
    expect((await request('POST', `/api/v1/chart/${ordersChartId}/favorites/`, world.bob)).status).toBe(200);
    const bobId = world.userIds.bob;

    const starredBoards = await list('/api/v1/dashboard/', dashboardsQuery('favorite', bobId), world.bob);
    expect(starredBoards.map((item) => item.id)).toEqual([salesId]);
    expect(Object.keys(starredBoards[0]!).sort()).toEqual([
      'changed_on_delta_humanized',
      'changed_on_utc',
      'dashboard_title',
      'dashboard_title_ru',
      'id',
      'thumbnail_url',
      'url',
    ]);
    expect(
      (await list('/api/v1/dashboard/', dashboardsQuery('mine', bobId), world.bob)).map((item) => item.id),
    ).toEqual([boardId]);
    expect(
      (await list('/api/v1/chart/', chartsQuery('favorite', bobId), world.bob)).map((item) => item.id),
    ).toEqual([ordersChartId]);
    const mine = await list('/api/v1/chart/', chartsQuery('mine', bobId), world.bob);
    expect(mine.map((item) => [item.id, item.viz_type])).toEqual([[chartId, 'table']]);

    const saved = await request('POST', '/api/v1/saved_query/', world.admin, {
      db_id: world.databaseId,
      label: 'Admin query',
      sql: 'select 1',
    });
    expect(saved.status, saved.text).toBe(201);
    const adminQueries = await list(
      '/api/v1/saved_query/',
      savedQueriesQuery(world.userIds.admin),
      world.admin,
    );
    expect(adminQueries.map((item) => [item.label, item.sql])).toEqual([['Admin query', 'select 1']]);
    expect(await list('/api/v1/saved_query/', savedQueriesQuery(bobId), world.admin)).toEqual([]);
  });

  it('answers 400 for a bad q, 401 without a session and 403 without can_recent_activity', async () => {
    for (const url of [`${RECENT}?q=(page:`, q({ page_size: 0 }), q({ nope: 1 }), q({ actions: [] })]) {
      const response = await request('GET', url, world.alice);
      expect(response.status, url).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await request('GET', RECENT, {})).status).toBe(401);
    // The Public role holds nothing; every built-in role a person signs in with holds the permission.
    expect(danaId).toEqual(expect.any(Number));
    expect((await request('GET', RECENT, dana)).status).toBe(403);
    expect((await request('GET', RECENT, world.viewer)).status).toBe(200);
  });
});
