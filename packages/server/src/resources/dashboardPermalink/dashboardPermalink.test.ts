import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, type World } from '../charts/testFixtures.ts';
import { createDashboard } from '../dashboards/testWorld.ts';

// A built web app of one page, to show the permalink's URL is a page of it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-permalink-web-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vitrina app</title>');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const state = {
  dataMask: {
    'NATIVE_FILTER-city': {
      extraFormData: { filters: [{ col: 'city', op: 'IN', val: ['Москва'] }] },
      filterState: { value: ['Москва'] },
      ownState: {},
    },
    '12': { extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['EU'] }] }, filterState: {} },
  },
  activeTabs: ['TAB-breakdown'],
  anchor: 'CHART-12',
  urlParams: [['standalone', '1']],
};

describeEachMetastore(
  'dashboard permalinks API',
  (harness) => {
    let world: World;
    let request: Request;
    let board: number;
    let draft: number;

    beforeAll(async () => {
      request = requester(harness);
      world = await buildWorld(harness());
      board = await createDashboard(request, world.alice, {
        dashboard_title: 'Sales',
        slug: 'sales-link',
        published: true,
      });
      draft = await createDashboard(request, world.alice, { dashboard_title: 'Draft' });
    }, 120_000);

    it('stores the state by id or slug and gives it back to whoever sees the dashboard', async () => {
      const created = await harness().app.inject({
        method: 'POST',
        url: '/api/v1/dashboard/sales-link/permalink',
        headers: { ...world.alice, origin: 'http://vitrina.test' },
        payload: state,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { key, url } = created.json<{ key: string; url: string }>();
      expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(url).toBe(`http://vitrina.test/superset/dashboard/p/${key}/`);
      const read = await request('GET', `/api/v1/dashboard/permalink/${key}`, world.viewer);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ dashboardId: String(board), state });

      // The link is a page of the web app.
      const page = await harness().app.inject({ url: new URL(url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Vitrina app');
    });

    it('keeps an empty state and gives a new key every time', async () => {
      const first = await request('POST', `/api/v1/dashboard/${board}/permalink`, world.bob, {});
      const second = await request('POST', `/api/v1/dashboard/${board}/permalink`, world.bob, {});
      expect(first.status).toBe(201);
      expect(first.body.key).not.toBe(second.body.key);
      expect(first.body.url).toMatch(/^http:\/\/localhost(:\d+)?\/superset\/dashboard\/p\//);
      const read = await request('GET', `/api/v1/dashboard/permalink/${first.body.key}`, world.bob);
      expect(read.body).toEqual({ dashboardId: String(board), state: {} });
    });

    it('names each bad field in a 400', async () => {
      const bad = await request('POST', `/api/v1/dashboard/${board}/permalink`, world.alice, {
        dataMask: ['x'],
        activeTabs: 'TAB-1',
        anchor: 5,
        urlParams: [['a']],
        extra: true,
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        message: {
          dataMask: ['Not a valid mapping type.'],
          activeTabs: ['Must be a list of tab ids.'],
          anchor: ['Not a valid string.'],
          urlParams: ['Must be a list of [name, value] pairs.'],
          extra: ['Unknown field.'],
        },
      });
      const masks = await request('POST', `/api/v1/dashboard/${board}/permalink`, world.alice, {
        dataMask: { 'NATIVE_FILTER-a': 'x' },
      });
      expect(masks.body).toEqual({ message: { dataMask: ['Each data mask must be a mapping.'] } });
    });

    it('checks the dashboard when storing and when opening', async () => {
      // Carol does not see Alice's draft: no link to it, and no reading of one.
      const refused = await request('POST', `/api/v1/dashboard/${draft}/permalink`, world.carol, state);
      expect(refused.status).toBe(403);
      const own = await request('POST', `/api/v1/dashboard/${draft}/permalink`, world.alice, state);
      expect(own.status).toBe(201);
      expect((await request('GET', `/api/v1/dashboard/permalink/${own.body.key}`, world.carol)).status).toBe(
        403,
      );
      expect((await request('GET', `/api/v1/dashboard/permalink/${own.body.key}`, world.alice)).status).toBe(
        200,
      );
      // Unknown dashboards and keys, and keys of other kinds, are 404.
      expect((await request('POST', '/api/v1/dashboard/999999/permalink', world.alice, {})).status).toBe(404);
      expect((await request('GET', '/api/v1/dashboard/permalink/nosuchkey', world.alice)).status).toBe(404);
      const explore = await request('POST', '/api/v1/explore/permalink', world.alice, {
        formData: { datasource: `${world.ordersId}__table`, viz_type: 'table' },
      });
      expect(explore.status).toBe(201);
      expect(
        (await request('GET', `/api/v1/dashboard/permalink/${explore.body.key}`, world.alice)).status,
      ).toBe(404);
      // A link to a deleted dashboard is gone with it.
      const doomed = await createDashboard(request, world.alice, { dashboard_title: 'Doomed' });
      const link = await request('POST', `/api/v1/dashboard/${doomed}/permalink`, world.alice, {});
      expect((await request('DELETE', `/api/v1/dashboard/${doomed}`, world.alice)).status).toBe(200);
      expect((await request('GET', `/api/v1/dashboard/permalink/${link.body.key}`, world.alice)).status).toBe(
        404,
      );
    });

    it('needs a login and the permalink permissions', async () => {
      expect((await request('POST', `/api/v1/dashboard/${board}/permalink`, {}, {})).status).toBe(401);
      expect((await request('GET', '/api/v1/dashboard/permalink/abc', {})).status).toBe(401);
      await harness().createUser({ username: 'permalink_sql', roles: ['sql_lab'] });
      const sqlOnly = await harness().bearer('permalink_sql', 'password123');
      expect((await request('POST', `/api/v1/dashboard/${board}/permalink`, sqlOnly, {})).status).toBe(403);
      expect((await request('GET', '/api/v1/dashboard/permalink/abc', sqlOnly)).status).toBe(403);
    });
  },
  { webDistDir: dist },
);
