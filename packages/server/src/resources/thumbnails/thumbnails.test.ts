import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '../../config.ts';
import { THUMBNAILS_QUEUE, thumbnailJobHandler } from '../../flows/thumbnails/job.ts';
import { ScreenshotError } from '../../http/screenshots.ts';
import { recordingScreenshots, TINY_PNG } from '../../testing/screenshots.ts';
import { createTestApp, describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, q, type Request, requester, tableFormData, type World } from '../charts/testFixtures.ts';
import { createChart, createDashboard } from '../dashboards/testWorld.ts';
import { NOT_DRAWN_MESSAGE } from './thumbnails.ts';

const DIGEST_URL = /^\/api\/v1\/(chart|dashboard)\/\d+\/thumbnail\/[0-9a-f]{32}\/$/;

const screenshots = recordingScreenshots();

describeEachMetastore(
  'thumbnails API',
  (harness) => {
    let world: World;
    let request: Request;
    let chartId: number;
    let dashboardId: number;

    /** Runs every queued capture to its end, as a worker would. */
    const drawQueued = async () => {
      const ctx = harness().ctx;
      await ctx.platform.queue
        .process(THUMBNAILS_QUEUE, thumbnailJobHandler(ctx), { concurrency: 100 })
        .close();
    };
    const chartUrl = async (headers: World['admin'], id = chartId) =>
      (await request('GET', `/api/v1/chart/${id}`, headers)).body.result.thumbnail_url as string;
    const dashboardUrl = async (headers: World['admin'], id = dashboardId) =>
      (await request('GET', `/api/v1/dashboard/${id}`, headers)).body.result.thumbnail_url as string;
    const picture = (url: string, headers: World['admin']) =>
      harness().app.inject({ method: 'GET', url, headers });

    beforeAll(async () => {
      world = await buildWorld(harness());
      request = requester(harness);
      chartId = await createChart(request, world.alice, world.ordersId, 'Orders by city');
      dashboardId = await createDashboard(request, world.alice, { dashboard_title: 'Sales' });
    });

    it('answers thumbnail_url per viewer in the chart show and list answers', async () => {
      const alices = await chartUrl(world.alice);
      expect(alices).toMatch(DIGEST_URL);
      expect(alices.startsWith(`/api/v1/chart/${chartId}/thumbnail/`)).toBe(true);
      const list = await request(
        'GET',
        `/api/v1/chart/?q=${q({ columns: ['id', 'thumbnail_url'], page_size: 100 })}`,
        world.alice,
      );
      expect(list.body.result.find((row: { id: number }) => row.id === chartId).thumbnail_url).toBe(alices);
      // Drawn with the viewer's rights, so another viewer's picture is another picture.
      expect(await chartUrl(world.bob)).not.toBe(alices);
    });

    it('answers thumbnail_url in the dashboard show and list answers', async () => {
      const url = await dashboardUrl(world.alice);
      expect(url).toMatch(DIGEST_URL);
      const list = await request(
        'GET',
        `/api/v1/dashboard/?q=${q({ columns: ['id', 'thumbnail_url'], page_size: 100 })}`,
        world.alice,
      );
      expect(list.body.result.find((row: { id: number }) => row.id === dashboardId).thumbnail_url).toBe(url);
    });

    it('queues a chart picture once (202), draws it as the viewer, then sends the PNG', async () => {
      screenshots.calls.length = 0;
      const url = await chartUrl(world.alice);
      const first = await picture(url, world.alice);
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ message: 'OK' });
      expect((await picture(url, world.alice)).statusCode).toBe(202);

      await drawQueued();
      expect(screenshots.calls).toEqual([
        {
          userId: world.userIds.alice,
          request: {
            subject: { kind: 'chart', id: chartId },
            format: 'png',
            width: 800,
            height: 600,
            scale: 0.5,
            timeoutMs: 60_000,
          },
        },
      ]);
      const drawn = await picture(url, world.alice);
      expect(drawn.statusCode).toBe(200);
      expect(drawn.headers['content-type']).toBe('image/png');
      expect(drawn.headers['cache-control']).toMatch(/^private\b/);
      expect(drawn.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(drawn.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('draws a dashboard picture at its own size', async () => {
      screenshots.calls.length = 0;
      const url = await dashboardUrl(world.alice);
      expect((await picture(url, world.alice)).statusCode).toBe(202);
      await drawQueued();
      expect(screenshots.calls.map((call) => call.request)).toEqual([
        {
          subject: { kind: 'dashboard', id: dashboardId },
          format: 'png',
          width: 1600,
          height: 1200,
          scale: 0.25,
          timeoutMs: 60_000,
        },
      ]);
      const drawn = await picture(url, world.alice);
      expect(drawn.statusCode).toBe(200);
      expect(drawn.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it("moves a digest that is not the caller's current one to the current URL (302)", async () => {
      const current = await chartUrl(world.alice);
      const stale = await picture(`/api/v1/chart/${chartId}/thumbnail/0123456789abcdef/`, world.alice);
      expect(stale.statusCode).toBe(302);
      expect(stale.headers.location).toBe(current);
      // Another viewer's digest names another viewer's picture: the caller is sent to their own.
      const bobs = await picture(current, world.bob);
      expect(bobs.statusCode).toBe(302);
      expect(bobs.headers.location).toBe(await chartUrl(world.bob));
    });

    it('gives a changed chart a new digest, and moves the old one to it', async () => {
      const before = await chartUrl(world.alice);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const update = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, {
        description: 'changed',
      });
      expect(update.status, JSON.stringify(update.body)).toBe(200);
      const after = await chartUrl(world.alice);
      expect(after).toMatch(DIGEST_URL);
      expect(after).not.toBe(before);
      const old = await picture(before, world.alice);
      expect(old.statusCode).toBe(302);
      expect(old.headers.location).toBe(after);
      expect((await picture(after, world.alice)).statusCode).toBe(202);
    });

    it("gives a dashboard a new digest when one of its charts changes, and not for another's", async () => {
      const onIt = await createChart(request, world.alice, world.ordersId, 'On the board');
      const elsewhere = await createChart(request, world.alice, world.ordersId, 'Elsewhere');
      const board = await createDashboard(request, world.alice, { dashboard_title: 'Board' });
      const place = await request('PUT', `/api/v1/chart/${onIt}`, world.alice, { dashboards: [board] });
      expect(place.status, JSON.stringify(place.body)).toBe(200);
      const listed = async () =>
        (
          await request(
            'GET',
            `/api/v1/dashboard/?q=${q({ columns: ['id', 'thumbnail_url'], page_size: 100 })}`,
            world.alice,
          )
        ).body.result.find((row: { id: number }) => row.id === board).thumbnail_url as string;
      const edit = async (id: number, body: Record<string, unknown>) => {
        // changed_on is kept to the millisecond: a later edit must fall on a later one.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const response = await request('PUT', `/api/v1/chart/${id}`, world.alice, body);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      };

      const before = await dashboardUrl(world.alice, board);
      expect(await listed()).toBe(before);
      await edit(elsewhere, { slice_name: 'Elsewhere, renamed', viz_type: 'pie' });
      expect(await dashboardUrl(world.alice, board)).toBe(before);
      expect(await listed()).toBe(before);
      expect((await picture(before, world.alice)).statusCode).not.toBe(302);

      await edit(onIt, { slice_name: 'On the board, renamed' });
      const renamed = await dashboardUrl(world.alice, board);
      expect(renamed).toMatch(DIGEST_URL);
      expect(renamed).not.toBe(before);
      expect(await listed()).toBe(renamed);
      const old = await picture(before, world.alice);
      expect(old.statusCode).toBe(302);
      expect(old.headers.location).toBe(renamed);

      await edit(onIt, { params: JSON.stringify({ ...tableFormData(world.ordersId), row_limit: 7 }) });
      expect(await dashboardUrl(world.alice, board)).not.toBe(renamed);
    });

    it("gives a new digest when the viewer's roles change", async () => {
      const db = harness().ctx.metastore.db;
      const before = await chartUrl(world.bob);
      const role = await db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'readonly')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_roles').values({ user_id: world.userIds.bob, role_id: role.id }).execute();
      try {
        const after = await chartUrl(world.bob);
        expect(after).toMatch(DIGEST_URL);
        expect(after).not.toBe(before);
      } finally {
        await db
          .deleteFrom('user_roles')
          .where('user_id', '=', world.userIds.bob)
          .where('role_id', '=', role.id)
          .execute();
      }
      expect(await chartUrl(world.bob)).toBe(before);
    });

    it('answers 404 for objects the caller cannot see, and for no object', async () => {
      // carol is Gamma without access to the chart's dataset; the dashboard is alice's draft.
      const adminsChart = await chartUrl(world.admin);
      const carolsChart = adminsChart.replace(/[0-9a-f]{32}/, '0'.repeat(32));
      expect((await picture(carolsChart, world.carol)).statusCode).toBe(404);
      expect(
        (await picture(`/api/v1/dashboard/${dashboardId}/thumbnail/${'0'.repeat(32)}/`, world.carol))
          .statusCode,
      ).toBe(404);
      expect(
        (await picture(`/api/v1/chart/999999/thumbnail/${'0'.repeat(32)}/`, world.admin)).statusCode,
      ).toBe(404);
    });

    it('answers 401 to an anonymous caller', async () => {
      const response = await picture(await chartUrl(world.alice), {});
      expect(response.statusCode).toBe(401);
    });

    it('answers 404 with its reason while a failed capture is remembered', async () => {
      screenshots.failWith = new ScreenshotError('The page did not draw in time');
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const url = await chartUrl(world.admin);
        expect((await picture(url, world.admin)).statusCode).toBe(202);
        await drawQueued();
        const failed = await picture(url, world.admin);
        expect(failed.statusCode).toBe(404);
        expect(failed.json()).toEqual({ message: NOT_DRAWN_MESSAGE });
        expect(warn).toHaveBeenCalledWith(expect.stringContaining('The page did not draw in time'));
      } finally {
        screenshots.failWith = null;
        warn.mockRestore();
      }
    });

    it('draws a kept picture again with force=true (202)', async () => {
      const url = await dashboardUrl(world.alice);
      expect((await picture(url, world.alice)).statusCode).toBe(200);
      screenshots.calls.length = 0;
      expect((await picture(`${url}?force=true`, world.alice)).statusCode).toBe(202);
      await drawQueued();
      expect(screenshots.calls).toHaveLength(1);
      expect((await picture(url, world.alice)).statusCode).toBe(200);
    });
  },
  { screenshots },
);

describe('thumbnails with the THUMBNAILS flag off', () => {
  it('has no thumbnail routes and answers thumbnail_url null', async () => {
    const harness = await createTestApp({
      config: { featureFlags: { ...DEFAULT_FEATURE_FLAGS, THUMBNAILS: false } },
      screenshots: recordingScreenshots(),
    });
    try {
      const request = requester(() => harness);
      const world = await buildWorld(harness);
      const chartId = await createChart(request, world.alice, world.ordersId, 'Orders by city');
      const dashboardId = await createDashboard(request, world.alice, { dashboard_title: 'Sales' });
      expect(
        (await request('GET', `/api/v1/chart/${chartId}`, world.alice)).body.result.thumbnail_url,
      ).toBeNull();
      expect(
        (await request('GET', `/api/v1/dashboard/${dashboardId}`, world.alice)).body.result.thumbnail_url,
      ).toBeNull();
      const charts = await request(
        'GET',
        `/api/v1/chart/?q=${q({ columns: ['thumbnail_url'] })}`,
        world.alice,
      );
      expect(charts.body.result).toEqual([{ thumbnail_url: null }]);
      const dashboards = await request(
        'GET',
        `/api/v1/dashboard/?q=${q({ columns: ['thumbnail_url'] })}`,
        world.alice,
      );
      expect(dashboards.body.result).toEqual([{ thumbnail_url: null }]);
      const route = await request(
        'GET',
        `/api/v1/chart/${chartId}/thumbnail/${'0'.repeat(32)}/`,
        world.alice,
      );
      expect(route.status).toBe(404);
      expect(harness.app.hasRoute({ method: 'GET', url: '/api/v1/chart/:id/thumbnail/:digest/' })).toBe(
        false,
      );
    } finally {
      await harness.close();
    }
  });
});
