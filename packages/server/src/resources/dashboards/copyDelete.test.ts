import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, q, type Request, requester, type World } from '../charts/testFixtures.ts';
import { chartIdsOf, createChart, createDashboard, layoutWith } from './testWorld.ts';

describeEachMetastore('dashboards API: copy and delete', (harness) => {
  let world: World;
  let request: Request;
  let source: number;
  let chart: number;
  const exists = async (id: number) =>
    (await harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    chart = await createChart(request, world.alice, world.ordersId, 'Revenue');
    source = await createDashboard(request, world.alice, {
      dashboard_title: 'Source',
      dashboard_title_ru: 'Исходная',
      slug: 'source',
      published: true,
      css: '.src {}',
      position_json: layoutWith([chart]),
    });
  }, 120_000);

  describe('copy', () => {
    const metadata = (chartId: number) =>
      JSON.stringify({
        timed_refresh_immune_slices: [chartId],
        expanded_slices: { [chartId]: true },
        chart_configuration: {
          [chartId]: { id: chartId, crossFilters: { scope: 'global', chartsInScope: [chartId] } },
        },
      });

    it('copies a dashboard sharing its charts, owned by the caller, as a draft', async () => {
      const response = await request('POST', '/api/v1/dashboard/source/copy/', world.bob, {
        dashboard_title: 'Copy of source',
        json_metadata: metadata(chart),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { id, last_modified_time } = response.body.result;
      expect(Number.isInteger(last_modified_time)).toBe(true);
      const copy = (await request('GET', `/api/v1/dashboard/${id}`, world.bob)).body.result;
      expect(copy).toMatchObject({
        dashboard_title: 'Copy of source',
        dashboard_title_ru: 'Исходная',
        slug: null,
        published: false,
        css: '.src {}',
        owners: [{ id: world.userIds.bob }],
      });
      expect(JSON.parse(copy.json_metadata)).toMatchObject(JSON.parse(metadata(chart)));
      expect(JSON.parse(copy.position_json)).toEqual(JSON.parse(layoutWith([chart])));
      expect(await chartIdsOf(harness(), id)).toEqual([chart]);
    });

    it('duplicates the charts and points the layout and metadata at the new ones', async () => {
      const response = await request('POST', `/api/v1/dashboard/${source}/copy/`, world.bob, {
        dashboard_title: 'Deep copy',
        dashboard_title_ru: 'Глубокая копия',
        json_metadata: metadata(chart),
        duplicate_slices: true,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const id = response.body.result.id;
      const [newChart] = await chartIdsOf(harness(), id);
      expect(newChart).not.toBe(chart);
      const copiedChart = await request('GET', `/api/v1/chart/${newChart}`, world.bob);
      expect(copiedChart.body.result).toMatchObject({
        slice_name: 'Revenue',
        owners: [expect.objectContaining({ id: world.userIds.bob })],
      });
      const copy = (await request('GET', `/api/v1/dashboard/${id}`, world.bob)).body.result;
      expect(copy.dashboard_title_ru).toBe('Глубокая копия');
      expect(JSON.parse(copy.json_metadata)).toEqual({
        ...JSON.parse(metadata(newChart!)),
        cross_filters_enabled: true,
        version: 1,
      });
      const chartNode = JSON.parse(copy.position_json)[`CHART-${chart}`];
      expect(chartNode.meta).toMatchObject({ chartId: newChart, uuid: copiedChart.body.result.uuid });
      expect(await chartIdsOf(harness(), source)).toEqual([chart]);
    });

    it('requires json_metadata (400), a dashboard the caller sees (403/404) and can_write', async () => {
      const missing = await request('POST', `/api/v1/dashboard/${source}/copy/`, world.bob, {
        dashboard_title: 'x',
      });
      expect(missing.status).toBe(400);
      const draft = await createDashboard(request, world.alice, { dashboard_title: 'Draft' });
      const hidden = await request('POST', `/api/v1/dashboard/${draft}/copy/`, world.bob, {
        json_metadata: '{}',
      });
      expect(hidden.status).toBe(403);
      const gone = await request('POST', '/api/v1/dashboard/987654/copy/', world.bob, {
        json_metadata: '{}',
      });
      expect(gone.status).toBe(404);
      const viewer = await request('POST', `/api/v1/dashboard/${source}/copy/`, world.viewer, {
        json_metadata: '{}',
      });
      expect(viewer.status).toBe(403);
    });
  });

  describe('delete', () => {
    it('deletes one dashboard of the caller with its links; the charts stay', async () => {
      const id = await createDashboard(request, world.alice, {
        dashboard_title: 'Doomed',
        position_json: layoutWith([chart]),
      });
      await request('POST', `/api/v1/dashboard/${id}/favorites/`, world.alice);
      const response = await request('DELETE', `/api/v1/dashboard/${id}`, world.alice);
      expect(response).toMatchObject({ status: 200, body: { message: 'OK' } });
      expect(await exists(id)).toBe(false);
      expect(await chartIdsOf(harness(), id)).toEqual([]);
      expect((await request('GET', `/api/v1/chart/${chart}`, world.alice)).status).toBe(200);
      const stars = await harness()
        .ctx.metastore.db.selectFrom('favourites')
        .select('obj_id')
        .where('class_name', '=', 'Dashboard')
        .where('obj_id', '=', id)
        .execute();
      expect(stars).toEqual([]);
      expect((await request('DELETE', `/api/v1/dashboard/${id}`, world.alice)).status).toBe(404);
    });

    it('bulk deletes all or nothing: one forbidden dashboard keeps them all', async () => {
      const mine = await createDashboard(request, world.alice, { dashboard_title: 'Mine 1' });
      const mine2 = await createDashboard(request, world.alice, { dashboard_title: 'Mine 2' });
      const forbidden = await request('DELETE', `/api/v1/dashboard/?q=${q([mine, source])}`, world.bob);
      expect(forbidden.status).toBe(403);
      const bobsOwn = await createDashboard(request, world.bob, { dashboard_title: 'Bob' });
      const mixed = await request('DELETE', `/api/v1/dashboard/?q=${q([bobsOwn, source])}`, world.bob);
      expect(mixed.status).toBe(403);
      expect(mixed.body).toEqual({ message: 'Changing this Dashboard is forbidden' });
      expect(await exists(bobsOwn)).toBe(true);
      expect(await exists(source)).toBe(true);
      const missing = await request('DELETE', `/api/v1/dashboard/?q=${q([mine, 987654])}`, world.alice);
      expect(missing.status).toBe(404);
      expect(await exists(mine)).toBe(true);
      const done = await request('DELETE', `/api/v1/dashboard/?q=${q([mine, mine2])}`, world.alice);
      expect(done).toMatchObject({ status: 200, body: { message: 'Deleted 2 dashboards' } });
      expect(await exists(mine)).toBe(false);
      expect(await exists(mine2)).toBe(false);
      expect((await request('DELETE', '/api/v1/dashboard/?q=!()', world.alice)).status).toBe(400);
    });

    it('lets admins delete any dashboard and readonly users none', async () => {
      const id = await createDashboard(request, world.alice, { dashboard_title: 'Admin deletes' });
      expect((await request('DELETE', `/api/v1/dashboard/${id}`, world.viewer)).status).toBe(403);
      expect((await request('DELETE', `/api/v1/dashboard/${id}`, world.admin)).status).toBe(200);
    });
  });
});
