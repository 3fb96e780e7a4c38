import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { buildWorld, q, type Request, requester, type World } from '../charts/testFixtures.ts';
import { createChart, createDashboard, layoutWith, roleId, withFlag } from './testWorld.ts';

describeEachMetastore('dashboards API: role-based access, datasets and list filters', (harness) => {
  let world: World;
  let request: Request;
  let restricted: number;
  let open: number;
  let certified: number;
  const list = async (query: unknown, headers = world.admin) =>
    request('GET', `/api/v1/dashboard/?q=${q(query)}`, headers);

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    const ordersChart = await createChart(request, world.admin, world.ordersId, 'Orders');
    const secretChart = await createChart(request, world.admin, world.secretId, 'Secret');
    restricted = await createDashboard(request, world.admin, {
      dashboard_title: 'Readers only',
      published: true,
      roles: [await roleId(harness(), 'orders_reader')],
      position_json: layoutWith([ordersChart, secretChart]),
    });
    open = await createDashboard(request, world.admin, { dashboard_title: 'Everyone', published: true });
    certified = await createDashboard(request, world.alice, {
      dashboard_title: 'Certified board',
      certified_by: 'Data team',
    });
  }, 120_000);

  describe('DASHBOARD_RBAC', () => {
    it('without the flag, roles do not restrict a published dashboard', async () => {
      expect((await request('GET', `/api/v1/dashboard/${restricted}`, world.carol)).status).toBe(200);
      expect((await list({ columns: ['id'] }, world.carol)).body.ids.sort()).toEqual(
        [restricted, open].sort(),
      );
    });

    it('with the flag, a dashboard with roles is for holders of a role, owners and admins', async () => {
      await withFlag(harness(), 'DASHBOARD_RBAC', async () => {
        const carol = await request('GET', `/api/v1/dashboard/${restricted}`, world.carol);
        expect(carol.status).toBe(403);
        expect((await request('GET', `/api/v1/dashboard/${restricted}/charts`, world.carol)).status).toBe(
          403,
        );
        expect((await list({ columns: ['id'] }, world.carol)).body.ids).toEqual([open]);
        expect(
          (await request('GET', `/api/v1/dashboard/favorite_status/?q=${q([restricted])}`, world.carol))
            .status,
        ).toBe(404);
        expect((await request('GET', `/api/v1/dashboard/${restricted}`, world.alice)).status).toBe(200);
        expect((await list({ columns: ['id'] }, world.alice)).body.ids.sort()).toEqual(
          [restricted, open, certified].sort(),
        );
        expect((await request('GET', `/api/v1/dashboard/${restricted}`, world.admin)).status).toBe(200);
      });
    });
  });

  describe('datasets', () => {
    it("answers the datasets of the dashboard's charts with columns and metrics", async () => {
      const response = await request('GET', `/api/v1/dashboard/${restricted}/datasets`, world.admin);
      expect(response.status).toBe(200);
      const [orders, secret] = response.body.result;
      expect(orders).toMatchObject({
        id: world.ordersId,
        uid: `${world.ordersId}__table`,
        type: 'table',
        table_name: 'orders',
        database: { id: world.databaseId },
      });
      expect(orders.columns.map((column: { column_name: string }) => column.column_name)).toEqual(
        expect.arrayContaining(['id', 'city', 'amount', 'placed_at']),
      );
      expect(orders.metrics.map((metric: { metric_name: string }) => metric.metric_name)).toContain('count');
      expect(secret.id).toBe(world.secretId);
    });

    it('hides the SQL and owners of datasets the caller may not query', async () => {
      const response = await request('GET', `/api/v1/dashboard/${restricted}/datasets`, world.alice);
      expect(response.status).toBe(200);
      const secret = response.body.result.find((dataset: { id: number }) => dataset.id === world.secretId);
      expect(secret).toMatchObject({ select_star: null, sql: null, owners: [] });
      expect(secret.columns.length).toBeGreaterThan(0);
      // Hidden expressions stay null through the response schema (not coerced to '').
      for (const item of [...secret.columns, ...secret.metrics]) expect(item.expression).toBeNull();
      const orders = response.body.result.find((dataset: { id: number }) => dataset.id === world.ordersId);
      expect(orders.select_star).toEqual(expect.stringContaining('orders'));
    });

    it('answers 404 for no dashboard and 403 for a draft of someone else', async () => {
      expect((await request('GET', '/api/v1/dashboard/987654/datasets', world.alice)).status).toBe(404);
      expect((await request('GET', `/api/v1/dashboard/${certified}/datasets`, world.bob)).status).toBe(403);
    });
  });

  describe('list', () => {
    it('filters certified ones, by creator and by last editor', async () => {
      const certifiedOnly = await list({
        columns: ['id'],
        filters: [{ col: 'id', opr: 'dashboard_is_certified', value: true }],
      });
      expect(certifiedOnly.body.ids).toEqual([certified]);
      const byAlice = await list({
        columns: ['id'],
        filters: [{ col: 'created_by', opr: 'rel_o_m', value: world.userIds.alice }],
      });
      expect(byAlice.body.ids).toEqual([certified]);
      const changedByAdmin = await list({
        columns: ['id'],
        filters: [{ col: 'changed_by', opr: 'rel_o_m', value: world.userIds.admin }],
        order_column: 'dashboard_title',
        order_direction: 'asc',
      });
      expect(changedByAdmin.body.ids).toEqual([open, restricted]);
    });

    it('orders by published and pages', async () => {
      const ordered = await list({
        columns: ['id', 'published'],
        order_column: 'published',
        order_direction: 'asc',
        page: 0,
        page_size: 1,
      });
      expect(ordered.body.count).toBe(3);
      expect(ordered.body.ids).toEqual([certified]);
      const second = await list({
        columns: ['id'],
        order_column: 'dashboard_title',
        order_direction: 'asc',
        page: 1,
        page_size: 2,
      });
      expect(second.body.ids).toEqual([restricted]);
      expect((await list({ order_column: 'css' })).status).toBe(400);
    });

    it('offers roles and owners as related options', async () => {
      const roles = await request(
        'GET',
        `/api/v1/dashboard/related/roles?q=${q({ filter: 'reader' })}`,
        world.alice,
      );
      expect(roles.status).toBe(200);
      expect(roles.body.result).toEqual([
        { value: await roleId(harness(), 'orders_reader'), text: 'orders_reader' },
      ]);
      const owners = await request(
        'GET',
        `/api/v1/dashboard/related/owners?q=${q({ filter: 'ali' })}`,
        world.alice,
      );
      expect(owners.body.result.map((option: { value: number }) => option.value)).toEqual([
        world.userIds.alice,
      ]);
      expect((await request('GET', '/api/v1/dashboard/related/css', world.alice)).status).toBe(404);
    });
  });

  it('answers _info with the caller permissions and the filters', async () => {
    const info = (headers: Headers) =>
      request('GET', `/api/v1/dashboard/_info?q=${q({ keys: ['permissions', 'filters'] })}`, headers);
    const alice = await info(world.alice);
    expect(alice.status).toBe(200);
    expect(alice.body.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write', 'can_export']));
    expect(alice.body.filters.dashboard_title.map((f: { operator: string }) => f.operator)).toContain(
      'title_or_slug',
    );
    const viewer = await info(world.viewer);
    expect(viewer.body.permissions).toContain('can_read');
    expect(viewer.body.permissions).not.toContain('can_write');
  });

  it('declares every route in the OpenAPI document', async () => {
    const document = (await request('GET', '/api/v1/_openapi', {})).body;
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/v1/dashboard/',
      '/api/v1/dashboard/{id}',
      '/api/v1/dashboard/{id_or_slug}/datasets',
      '/api/v1/dashboard/{id_or_slug}/copy/',
      '/api/v1/dashboard/export/',
      '/api/v1/dashboard/import/',
      '/api/v1/dashboard/related/{field}',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(document.paths['/api/v1/dashboard/{id}'])).toEqual(
      expect.arrayContaining(['put', 'delete']),
    );
  });
});
