import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, q, type Request, requester, tableFormData, type World } from '../charts/testFixtures.ts';

describeEachMetastore('dashboards API', (harness) => {
  let world: World;
  let request: Request;
  const dashboardCount = async () =>
    Number(
      (
        await harness()
          .ctx.metastore.db.selectFrom('dashboards')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = async (headers: World['admin'], body: Record<string, unknown>) => {
    const response = await request('POST', '/api/v1/dashboard/', headers, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const list = async (query: unknown, headers = world.admin) =>
    request('GET', `/api/v1/dashboard/?q=${q(query)}`, headers);

  let alicesDraft: number;
  let adminsPublished: number;
  let adminsDraft: number;

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
  }, 120_000);

  describe('create', () => {
    it('creates a dashboard owned by its creator; 201 with the accepted fields', async () => {
      const response = await request('POST', '/api/v1/dashboard/', world.alice, {
        dashboard_title: 'Продажи',
        dashboard_title_ru: 'Продажи по регионам',
        slug: '  My sales  board! ',
        css: '.x {}',
        json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
      });
      expect(response.status).toBe(201);
      alicesDraft = response.body.id;
      expect(response.body.result).toMatchObject({
        dashboard_title: 'Продажи',
        dashboard_title_ru: 'Продажи по регионам',
        slug: 'My-sales--board',
        owners: [world.userIds.alice],
      });
      adminsPublished = await create(world.admin, { dashboard_title: 'Company KPIs', published: true });
      adminsDraft = await create(world.admin, { dashboard_title: 'Admin draft', slug: '' });
      const row = await harness()
        .ctx.metastore.db.selectFrom('dashboards')
        .select(['slug', 'published'])
        .where('id', '=', adminsDraft)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ slug: null, published: 0 });
    });

    it('refuses a taken slug (422), bad JSON and long titles (400), saving nothing', async () => {
      const before = await dashboardCount();
      const taken = await request('POST', '/api/v1/dashboard/', world.admin, {
        dashboard_title: 'Copy',
        slug: 'My-sales--board',
      });
      expect(taken.status).toBe(422);
      expect(taken.body.message).toEqual({ slug: ['Must be unique'] });
      const badPosition = await request('POST', '/api/v1/dashboard/', world.admin, {
        dashboard_title: 'x',
        position_json: '{oops',
      });
      expect(badPosition.status).toBe(400);
      expect(badPosition.body.message).toEqual({ position_json: ['JSON not valid'] });
      const badMetadata = await request('POST', '/api/v1/dashboard/', world.admin, {
        dashboard_title: 'x',
        json_metadata: '[1]',
      });
      expect(badMetadata.body.message).toEqual({ json_metadata: ['Must be a JSON object'] });
      const long = await request('POST', '/api/v1/dashboard/', world.admin, {
        dashboard_title: 't'.repeat(501),
      });
      expect(long.status).toBe(400);
      const owners = await request('POST', '/api/v1/dashboard/', world.admin, {
        dashboard_title: 'x',
        owners: [999],
      });
      expect(owners.status).toBe(422);
      expect(owners.body.message.owners).toEqual(['Owners are invalid']);
      const unknownField = await request('POST', '/api/v1/dashboard/', world.admin, {
        dashboard_title: 'x',
        bogus: 1,
      });
      expect(unknownField.status).toBe(400);
      expect(await dashboardCount()).toBe(before);
    });

    it('refuses users without can_write on Dashboard', async () => {
      const response = await request('POST', '/api/v1/dashboard/', world.viewer, { dashboard_title: 'Mine' });
      expect(response.status).toBe(403);
    });
  });

  describe('read', () => {
    it('shows a dashboard by id and by slug with its charts', async () => {
      const chart = await request('POST', '/api/v1/chart/', world.alice, {
        slice_name: 'On the board',
        slice_name_ru: 'На доске',
        viz_type: 'table',
        datasource_id: world.ordersId,
        datasource_type: 'table',
        params: JSON.stringify(tableFormData(world.ordersId)),
        dashboards: [alicesDraft],
      });
      expect(chart.status).toBe(201);
      const byId = await request('GET', `/api/v1/dashboard/${alicesDraft}`, world.alice);
      expect(byId.status).toBe(200);
      expect(byId.body.result).toMatchObject({
        id: alicesDraft,
        slug: 'My-sales--board',
        url: '/superset/dashboard/My-sales--board/',
        dashboard_title: 'Продажи',
        dashboard_title_ru: 'Продажи по регионам',
        published: false,
        css: '.x {}',
        charts: ['On the board'],
        owners: [{ id: world.userIds.alice, first_name: 'alice', last_name: 'Test' }],
        roles: [],
        changed_by_name: 'alice Test',
        created_by: { id: world.userIds.alice, first_name: 'alice', last_name: 'Test' },
        is_managed_externally: false,
      });
      // Stored upgraded to the current metadata version.
      expect(JSON.parse(byId.body.result.json_metadata)).toEqual({
        color_scheme: 'supersetColors',
        cross_filters_enabled: true,
        version: 1,
      });
      const bySlug = await request('GET', '/api/v1/dashboard/My-sales--board', world.alice);
      expect(bySlug.body.result.id).toBe(alicesDraft);
      const charts = await request('GET', '/api/v1/dashboard/My-sales--board/charts', world.alice);
      expect(charts.status).toBe(200);
      expect(charts.body.result).toEqual([
        expect.objectContaining({
          id: chart.body.id,
          slice_name: 'On the board',
          slice_name_ru: 'На доске',
          viz_type: 'table',
          slice_url: `/explore/?slice_id=${chart.body.id}`,
          form_data: expect.objectContaining({
            slice_id: chart.body.id,
            datasource: `${world.ordersId}__table`,
          }),
        }),
      ]);
    });

    it('answers 404 for an unknown dashboard and 403 for a draft of someone else', async () => {
      expect((await request('GET', '/api/v1/dashboard/999999', world.admin)).status).toBe(404);
      expect((await request('GET', '/api/v1/dashboard/no-such-slug', world.admin)).status).toBe(404);
      const hidden = await request('GET', `/api/v1/dashboard/${adminsDraft}`, world.alice);
      expect(hidden.status).toBe(403);
      expect((await request('GET', `/api/v1/dashboard/${adminsDraft}/charts`, world.alice)).status).toBe(403);
      expect((await request('GET', `/api/v1/dashboard/${adminsPublished}`, world.alice)).status).toBe(200);
    });

    it('lists what the caller may see: admins everything, others published and their own', async () => {
      const forAdmin = await list({ columns: ['id'] });
      expect(forAdmin.body.ids.sort()).toEqual([alicesDraft, adminsPublished, adminsDraft].sort());
      const forAlice = await list({ columns: ['id', 'dashboard_title', 'status', 'url'] }, world.alice);
      expect(forAlice.body.ids.sort()).toEqual([alicesDraft, adminsPublished].sort());
      expect(forAlice.body.result).toEqual(
        expect.arrayContaining([
          {
            id: adminsPublished,
            dashboard_title: 'Company KPIs',
            status: 'published',
            url: `/superset/dashboard/${adminsPublished}/`,
          },
        ]),
      );
      const forBob = await list({ columns: ['id'] }, world.bob);
      expect(forBob.body.ids).toEqual([adminsPublished]);
    });

    it('narrows to the dashboards the caller owns, as the save modal asks', async () => {
      const mine = await list(
        {
          columns: ['id', 'dashboard_title', 'dashboard_title_ru', 'owners.id'],
          filters: [{ col: 'owners', opr: 'rel_m_m', value: world.userIds.alice }],
          order_column: 'dashboard_title',
          order_direction: 'asc',
          page_size: 100,
        },
        world.alice,
      );
      expect(mine.body.result).toEqual([
        {
          id: alicesDraft,
          dashboard_title: 'Продажи',
          dashboard_title_ru: 'Продажи по регионам',
          owners: [{ id: world.userIds.alice }],
        },
      ]);
    });

    it('searches titles in both languages', async () => {
      const russian = await list({
        columns: ['id'],
        filters: [{ col: 'dashboard_title', opr: 'ct', value: 'РЕГИОНАМ' }],
      });
      expect(russian.body.ids).toEqual([alicesDraft]);
      const english = await list({
        columns: ['id'],
        filters: [{ col: 'dashboard_title', opr: 'ct', value: 'kpi' }],
      });
      expect(english.body.ids).toEqual([adminsPublished]);
      const titleOrSlug = await list({
        columns: ['id'],
        filters: [{ col: 'dashboard_title', opr: 'title_or_slug', value: 'sales--board' }],
      });
      expect(titleOrSlug.body.ids).toEqual([alicesDraft]);
      const published = await list({
        columns: ['id'],
        filters: [{ col: 'published', opr: 'eq', value: true }],
      });
      expect(published.body.ids).toEqual([adminsPublished]);
      expect((await list({ filters: [{ col: 'css', opr: 'eq', value: 'x' }] })).status).toBe(400);
    });
  });

  describe('favourites', () => {
    it('stars and unstars per user, and filters by stars', async () => {
      const status = (headers = world.alice) =>
        request('GET', `/api/v1/dashboard/favorite_status/?q=${q([adminsPublished])}`, headers);
      expect((await status()).body.result).toEqual([{ id: adminsPublished, value: false }]);
      expect(
        await request('POST', `/api/v1/dashboard/${adminsPublished}/favorites/`, world.alice),
      ).toMatchObject({
        status: 200,
        body: { result: 'OK' },
      });
      expect((await status()).body.result).toEqual([{ id: adminsPublished, value: true }]);
      expect((await status(world.bob)).body.result).toEqual([{ id: adminsPublished, value: false }]);
      const starred = await list(
        { columns: ['id'], filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] },
        world.alice,
      );
      expect(starred.body.ids).toEqual([adminsPublished]);
      expect(
        (await request('DELETE', `/api/v1/dashboard/${adminsPublished}/favorites/`, world.alice)).status,
      ).toBe(200);
      expect((await status()).body.result).toEqual([{ id: adminsPublished, value: false }]);
    });

    it('answers 404 for dashboards the caller cannot see', async () => {
      expect((await request('POST', `/api/v1/dashboard/${adminsDraft}/favorites/`, world.alice)).status).toBe(
        404,
      );
      expect(
        (await request('GET', `/api/v1/dashboard/favorite_status/?q=${q([adminsDraft])}`, world.alice))
          .status,
      ).toBe(404);
    });
  });
});
