import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import {
  buildWorld,
  q,
  type Request,
  requester,
  tableFormData,
  tableQueryContext,
  type World,
} from './testFixtures.ts';

interface ChartBody {
  slice_name?: unknown;
  slice_name_ru?: unknown;
  viz_type?: unknown;
  datasource_id?: unknown;
  datasource_type?: unknown;
  params?: unknown;
  query_context?: unknown;
  dashboards?: unknown;
  owners?: unknown;
  description?: unknown;
  certified_by?: unknown;
}

const GRID_LAYOUT = JSON.stringify({
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] },
  HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Sales' } },
});

describeEachMetastore('charts API', (harness) => {
  let world: World;
  let request: Request;
  const chartCount = async () =>
    Number(
      (
        await harness()
          .ctx.metastore.db.selectFrom('slices')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const chartBody = (extra: ChartBody = {}): ChartBody => ({
    slice_name: 'Orders by city',
    viz_type: 'table',
    datasource_id: world.ordersId,
    datasource_type: 'table',
    params: JSON.stringify(tableFormData(world.ordersId)),
    ...extra,
  });
  const createChart = async (headers = world.alice, extra: ChartBody = {}) => {
    const response = await request('POST', '/api/v1/chart/', headers, chartBody(extra));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const createDashboard = async (headers = world.alice, extra: Record<string, unknown> = {}) => {
    const response = await request('POST', '/api/v1/dashboard/', headers, {
      dashboard_title: 'Sales',
      position_json: GRID_LAYOUT,
      ...extra,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const layoutOf = async (dashboardId: number) => {
    const row = await harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .select('position_json')
      .where('id', '=', dashboardId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.position_json ?? 'null') as Record<
      string,
      { type: string; children: string[]; parents?: string[]; meta?: Record<string, unknown> }
    >;
  };
  const chartNodes = (layout: Awaited<ReturnType<typeof layoutOf>>) =>
    Object.values(layout).filter((node) => node?.type === 'CHART');
  const list = async (query: unknown, headers = world.admin) =>
    request('GET', `/api/v1/chart/?q=${q(query)}`, headers);

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
  }, 120_000);

  describe('create', () => {
    it('refuses anonymous callers', async () => {
      expect((await request('GET', '/api/v1/chart/', {})).status).toBe(401);
      expect((await request('POST', '/api/v1/chart/', {}, chartBody())).status).toBe(401);
    });

    it('creates a chart owned by its creator and answers 201 with the accepted fields', async () => {
      const response = await request(
        'POST',
        '/api/v1/chart/',
        world.alice,
        chartBody({ slice_name_ru: 'Заказы по городам', description: 'Per city' }),
      );
      expect(response.status).toBe(201);
      expect(response.body.result).toMatchObject({
        slice_name: 'Orders by city',
        slice_name_ru: 'Заказы по городам',
        viz_type: 'table',
        datasource_id: world.ordersId,
        owners: [world.userIds.alice],
        dashboards: [],
      });
      const shown = await request('GET', `/api/v1/chart/${response.body.id}`, world.alice);
      expect(shown.status).toBe(200);
      expect(shown.body.result).toMatchObject({
        id: response.body.id,
        slice_name: 'Orders by city',
        slice_name_ru: 'Заказы по городам',
        description: 'Per city',
        datasource_type: 'table',
        query_context: null,
        url: `/explore/?slice_id=${response.body.id}`,
        owners: [{ id: world.userIds.alice, first_name: 'alice', last_name: 'Test' }],
        dashboards: [],
        tags: [],
        is_managed_externally: false,
      });
      expect(JSON.parse(shown.body.result.params)).toEqual(tableFormData(world.ordersId));
    });

    it.each([
      ['a missing slice_name', { slice_name: undefined }, 'slice_name', 'Missing data for required field.'],
      ['an empty slice_name', { slice_name: '  ' }, 'slice_name', 'Length must be between 1 and 250.'],
      [
        'a slice_name over 250',
        { slice_name: 'x'.repeat(251) },
        'slice_name',
        'Length must be between 1 and 250.',
      ],
      ['params that are not JSON', { params: '{"groupby": [' }, 'params', 'JSON not valid'],
      ['params that are not an object', { params: '[1, 2]' }, 'params', 'Must be a JSON object'],
      ['a query context that is not JSON', { query_context: 'nope' }, 'query_context', 'JSON not valid'],
      ['an unknown viz_type', { viz_type: 'sparkle' }, 'viz_type', 'Must be one of'],
      ['an unknown datasource_type', { datasource_type: 'cube' }, 'datasource_type', 'Must be one of'],
    ])('answers 400 naming the field for %s, saving nothing', async (_, extra, field, message) => {
      const before = await chartCount();
      const response = await request('POST', '/api/v1/chart/', world.alice, chartBody(extra as ChartBody));
      expect(response.status).toBe(400);
      expect(response.body.message[field][0]).toContain(message);
      expect(await chartCount()).toBe(before);
    });

    it('answers 422 for references that do not exist: datasource, dashboards, owners', async () => {
      const before = await chartCount();
      const unknownDatasource = await request(
        'POST',
        '/api/v1/chart/',
        world.admin,
        chartBody({ datasource_id: 9999 }),
      );
      expect(unknownDatasource.status).toBe(422);
      expect(unknownDatasource.body.message.datasource_id).toEqual(['Datasource does not exist']);
      const unknownDashboard = await request(
        'POST',
        '/api/v1/chart/',
        world.alice,
        chartBody({ dashboards: [9999] }),
      );
      expect(unknownDashboard.status).toBe(422);
      expect(unknownDashboard.body.message.dashboards).toEqual(['Dashboards do not exist']);
      const unknownOwner = await request(
        'POST',
        '/api/v1/chart/',
        world.alice,
        chartBody({ owners: [9999] }),
      );
      expect(unknownOwner.status).toBe(422);
      expect(unknownOwner.body.message.owners).toEqual(['Owners are invalid']);
      expect(await chartCount()).toBe(before);
    });

    it('refuses a user without can_write on Chart (403)', async () => {
      const response = await request('POST', '/api/v1/chart/', world.viewer, chartBody());
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Forbidden' });
    });

    it('refuses a chart over a dataset the user cannot query (403), saving nothing', async () => {
      const before = await chartCount();
      const response = await request('POST', '/api/v1/chart/', world.carol, chartBody());
      expect(response.status).toBe(403);
      expect(response.body.message).toBe("You don't have access to this dataset.");
      const secret = await request(
        'POST',
        '/api/v1/chart/',
        world.alice,
        chartBody({ datasource_id: world.secretId }),
      );
      expect(secret.status).toBe(403);
      expect(await chartCount()).toBe(before);
    });

    it('puts a new chart on a dashboard: a dashboard_slices row and a new row in its layout', async () => {
      const dashboardId = await createDashboard();
      const chartId = await createChart(world.alice, { dashboards: [dashboardId] });
      const link = await harness()
        .ctx.metastore.db.selectFrom('dashboard_slices')
        .selectAll()
        .where('slice_id', '=', chartId)
        .execute();
      expect(link).toEqual([{ dashboard_id: dashboardId, slice_id: chartId }]);
      const layout = await layoutOf(dashboardId);
      const [node] = chartNodes(layout);
      expect(node?.meta).toMatchObject({ chartId, width: 4, height: 50, sliceName: 'Orders by city' });
      const rowId = node!.parents!.at(-1)!;
      expect(layout[rowId]).toMatchObject({ type: 'ROW', parents: ['ROOT_ID', 'GRID_ID'] });
      expect(layout.GRID_ID!.children).toEqual([rowId]);
      expect(node!.parents).toEqual(['ROOT_ID', 'GRID_ID', rowId]);
      const shown = await request(
        'GET',
        `/api/v1/chart/${chartId}?q=${q({ columns: ['dashboards.id'] })}`,
        world.alice,
      );
      expect(shown.body.result).toEqual({ dashboards: [{ id: dashboardId }] });
      expect(shown.body.show_columns).toEqual(['dashboards.id']);
    });

    it('refuses to put a chart on a dashboard the user may not edit (403), saving nothing', async () => {
      const adminsDashboard = await createDashboard(world.admin, { published: true });
      const before = await chartCount();
      const response = await request(
        'POST',
        '/api/v1/chart/',
        world.alice,
        chartBody({ dashboards: [adminsDashboard] }),
      );
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Changing one or more of these dashboards is forbidden');
      expect(await chartCount()).toBe(before);
      expect(chartNodes(await layoutOf(adminsDashboard))).toEqual([]);
    });
  });

  describe('list and show', () => {
    let russianId: number;
    beforeAll(async () => {
      russianId = await createChart(world.bob, {
        slice_name: 'Revenue',
        slice_name_ru: 'Продажи по ГОРОДАМ',
        viz_type: 'echarts_timeseries_bar',
        certified_by: 'Finance',
        params: '{}',
      });
    });

    it('lists charts with Superset fields, Russian names and dashboards', async () => {
      const response = await list({ filters: [{ col: 'id', opr: 'eq', value: russianId }] });
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(1);
      expect(response.body.ids).toEqual([russianId]);
      expect(response.body.result[0]).toMatchObject({
        id: russianId,
        slice_name: 'Revenue',
        slice_name_ru: 'Продажи по ГОРОДАМ',
        viz_type: 'echarts_timeseries_bar',
        datasource_id: world.ordersId,
        datasource_type: 'table',
        datasource_name_text: 'orders',
        datasource_url: `/explore/?datasource_type=table&datasource_id=${world.ordersId}`,
        url: `/explore/?slice_id=${russianId}`,
        owners: [{ id: world.userIds.bob, first_name: 'bob', last_name: 'Test' }],
        created_by: { id: world.userIds.bob, first_name: 'bob', last_name: 'Test' },
        changed_by_name: 'bob Test',
        changed_on_delta_humanized: expect.any(String),
        certified_by: 'Finance',
        dashboards: [],
      });
      expect(response.body.list_title).toBe('List Slice');
    });

    it('answers only the columns asked for, with related objects narrowed', async () => {
      const dashboardId = await createDashboard(world.bob, {
        dashboard_title: 'Board',
        dashboard_title_ru: 'Доска',
      });
      await request('PUT', `/api/v1/chart/${russianId}`, world.bob, { dashboards: [dashboardId] });
      const response = await list({
        columns: ['id', 'dashboards.id', 'dashboards.dashboard_title_ru'],
        filters: [{ col: 'id', opr: 'eq', value: russianId }],
        keys: ['none'],
      });
      expect(response.body).toEqual({
        count: 1,
        ids: [russianId],
        result: [{ id: russianId, dashboards: [{ id: dashboardId, dashboard_title_ru: 'Доска' }] }],
      });
      const byDashboard = await list({
        columns: ['id'],
        filters: [{ col: 'dashboards', opr: 'rel_m_m', value: dashboardId }],
      });
      expect(byDashboard.body.ids).toEqual([russianId]);
    });

    it('finds Russian names with the text filters, in any case', async () => {
      const allText = await list({
        columns: ['id'],
        filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'продажи' }],
      });
      expect(allText.body.ids).toEqual([russianId]);
      const contains = await list({
        columns: ['id'],
        filters: [{ col: 'slice_name', opr: 'ct', value: 'ПРОДАЖИ по' }],
      });
      expect(contains.body.ids).toEqual([russianId]);
      // Both charts have a Russian name ending in «городам».
      const both = await list({
        columns: ['id'],
        filters: [{ col: 'slice_name', opr: 'ew', value: 'городам' }],
      });
      expect(both.body.count).toBe(2);
      const english = await list({
        columns: ['id'],
        filters: [{ col: 'slice_name', opr: 'ct', value: 'revenue' }],
      });
      expect(english.body.ids).toEqual([russianId]);
      const byDescription = await list({
        columns: ['id'],
        filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'PER CITY' }],
      });
      expect(byDescription.body.count).toBe(1);
      const none = await list({ columns: ['id'], filters: [{ col: 'slice_name', opr: 'ct', value: '%' }] });
      expect(none.body.count).toBe(0);
    });

    it('filters by viz type, datasource, owner, creator and certification', async () => {
      const byType = await list({
        columns: ['id'],
        filters: [{ col: 'viz_type', opr: 'eq', value: 'echarts_timeseries_bar' }],
      });
      expect(byType.body.ids).toEqual([russianId]);
      const byDatasource = await list({
        columns: ['id'],
        filters: [{ col: 'datasource_id', opr: 'eq', value: world.ordersId }],
      });
      expect(byDatasource.body.count).toBe(await chartCount());
      const byOwner = await list({
        columns: ['id'],
        filters: [{ col: 'owners', opr: 'rel_m_m', value: world.userIds.bob }],
      });
      expect(byOwner.body.ids).toEqual([russianId]);
      const byCreator = await list({
        columns: ['id'],
        filters: [{ col: 'created_by', opr: 'rel_o_m', value: world.userIds.bob }],
      });
      expect(byCreator.body.ids).toEqual([russianId]);
      const certified = await list({
        columns: ['id'],
        filters: [{ col: 'id', opr: 'chart_is_certified', value: true }],
      });
      expect(certified.body.ids).toEqual([russianId]);
      const notCertified = await list({
        columns: ['id'],
        filters: [{ col: 'id', opr: 'chart_is_certified', value: false }],
      });
      expect(notCertified.body.ids).not.toContain(russianId);
    });

    it('orders and pages', async () => {
      const all = await list({
        columns: ['id', 'slice_name'],
        order_column: 'slice_name',
        order_direction: 'asc',
      });
      const names = all.body.result.map((row: { slice_name: string }) => row.slice_name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const total = all.body.count;
      const page = await list({
        columns: ['id'],
        order_column: 'slice_name',
        order_direction: 'asc',
        page: 1,
        page_size: 1,
      });
      expect(page.body.count).toBe(total);
      expect(page.body.ids).toEqual([all.body.ids[1]]);
      for (const column of ['viz_type', 'changed_on_delta_humanized', 'datasource_name']) {
        expect((await list({ order_column: column, order_direction: 'desc' })).status).toBe(200);
      }
    });

    it('answers 400 to a bad rison argument, an unknown column or operator', async () => {
      expect((await request('GET', '/api/v1/chart/?q=(filters:!((col:slice_name', world.admin)).status).toBe(
        400,
      );
      expect((await list({ filters: [{ col: 'bogus', opr: 'eq', value: 1 }] })).status).toBe(400);
      expect((await list({ filters: [{ col: 'slice_name', opr: 'rel_m_m', value: 1 }] })).status).toBe(400);
      expect((await list({ order_column: 'params' })).status).toBe(400);
      expect((await request('GET', '/api/v1/chart/1?q=(columns:!(bogus))', world.admin)).status).toBe(400);
    });

    it('hides charts over datasets the caller cannot query, in the list and one by one', async () => {
      const forCarol = await list({ columns: ['id'] }, world.carol);
      expect(forCarol.status).toBe(200);
      expect(forCarol.body.count).toBe(0);
      expect((await request('GET', `/api/v1/chart/${russianId}`, world.carol)).status).toBe(404);
      expect((await request('GET', '/api/v1/chart/999999', world.admin)).status).toBe(404);
      const byUuid = await harness()
        .ctx.metastore.db.selectFrom('slices')
        .select('uuid')
        .where('id', '=', russianId)
        .executeTakeFirstOrThrow();
      const shown = await request('GET', `/api/v1/chart/${byUuid.uuid}`, world.viewer);
      expect(shown.status).toBe(200);
      expect(shown.body.id).toBe(russianId);
    });

    it('describes the list in _info and offers owners in related/owners', async () => {
      const info = await request(
        'GET',
        `/api/v1/chart/_info?q=${q({ keys: ['permissions', 'filters'] })}`,
        world.alice,
      );
      expect(info.status).toBe(200);
      expect(info.body.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write']));
      expect(info.body.filters.slice_name).toEqual(
        expect.arrayContaining([{ name: 'All Text', operator: 'chart_all_text' }]),
      );
      expect(info.body.add_columns).toBeUndefined();
      const viewerInfo = await request('GET', '/api/v1/chart/_info', world.viewer);
      expect(viewerInfo.body.permissions).toEqual(['can_read']);
      const related = await request(
        'GET',
        `/api/v1/chart/related/owners?q=${q({ filter: 'bo' })}`,
        world.alice,
      );
      expect(related.status).toBe(200);
      expect(related.body.result.map((option: { value: number }) => option.value)).toEqual([
        world.userIds.bob,
      ]);
      expect((await request('GET', '/api/v1/chart/related/params', world.alice)).status).toBe(404);
    });
  });

  describe('update', () => {
    let chartId: number;
    let dashboardId: number;
    beforeAll(async () => {
      dashboardId = await createDashboard();
      chartId = await createChart(world.alice, { slice_name: 'To edit', dashboards: [dashboardId] });
    });

    it('lets an owner change any field; the others stay', async () => {
      const response = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, {
        slice_name: 'Edited',
        slice_name_ru: 'Изменено',
        viz_type: 'echarts_timeseries_line',
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: chartId,
        result: { slice_name: 'Edited', slice_name_ru: 'Изменено', viz_type: 'echarts_timeseries_line' },
      });
      const shown = (await request('GET', `/api/v1/chart/${chartId}`, world.alice)).body.result;
      expect(shown).toMatchObject({
        slice_name: 'Edited',
        slice_name_ru: 'Изменено',
        datasource_id: world.ordersId,
      });
      expect(JSON.parse(shown.params)).toEqual(tableFormData(world.ordersId));
    });

    it('answers 403 with Superset body to a non-owner, 404 to an unknown chart', async () => {
      const response = await request('PUT', `/api/v1/chart/${chartId}`, world.bob, {
        slice_name: 'Mine now',
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Forbidden' });
      expect((await request('PUT', '/api/v1/chart/999999', world.alice, { slice_name: 'x' })).status).toBe(
        404,
      );
      expect(
        (await request('PUT', `/api/v1/chart/${chartId}`, world.carol, { slice_name: 'x' })).status,
      ).toBe(404);
    });

    it('lets anyone who sees the chart store a generated query context, and nothing else', async () => {
      const queryContext = JSON.stringify(tableQueryContext(world.ordersId));
      const response = await request('PUT', `/api/v1/chart/${chartId}`, world.bob, {
        query_context: queryContext,
        query_context_generation: true,
      });
      expect(response.status).toBe(200);
      const row = await harness()
        .ctx.metastore.db.selectFrom('slices')
        .select(['query_context', 'slice_name', 'last_saved_by_fk'])
        .where('id', '=', chartId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        query_context: queryContext,
        slice_name: 'Edited',
        last_saved_by_fk: world.userIds.alice,
      });
      const sneaky = await request('PUT', `/api/v1/chart/${chartId}`, world.bob, {
        query_context: queryContext,
        query_context_generation: true,
        slice_name: 'Sneaky',
      });
      expect(sneaky.status).toBe(403);
    });

    it('validates what it is given: 400 for the shape, 422 for references', async () => {
      const tooLong = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, {
        slice_name: 'y'.repeat(300),
      });
      expect(tooLong.status).toBe(400);
      const badParams = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, { params: 'not json' });
      expect(badParams.body.message).toEqual({ params: ['JSON not valid'] });
      const noType = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, {
        datasource_id: world.ordersId,
      });
      expect(noType.status).toBe(422);
      expect(noType.body.message.datasource_type[0]).toContain('required');
      const otherDataset = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, {
        datasource_id: world.secretId,
        datasource_type: 'table',
      });
      expect(otherDataset.status).toBe(403);
    });

    it('replaces the dashboards: leaving one takes the chart out of its layout, joining one adds it', async () => {
      expect(chartNodes(await layoutOf(dashboardId)).map((node) => node.meta?.chartId)).toEqual([chartId]);
      const other = await createDashboard(world.alice, { dashboard_title: 'Other' });
      const response = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, { dashboards: [other] });
      expect(response.status).toBe(200);
      const before = await layoutOf(dashboardId);
      expect(chartNodes(before)).toEqual([]);
      // The row that held only this chart went with it.
      expect(before.GRID_ID!.children).toEqual([]);
      expect(chartNodes(await layoutOf(other)).map((node) => node.meta?.chartId)).toEqual([chartId]);
      const shown = await request('GET', `/api/v1/chart/${chartId}`, world.alice);
      expect(shown.body.result.dashboards.map((d: { id: number }) => d.id)).toEqual([other]);
      const forbidden = await createDashboard(world.bob, { dashboard_title: "Bob's" });
      const refused = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, {
        dashboards: [other, forbidden],
      });
      expect(refused.status).toBe(403);
      expect(chartNodes(await layoutOf(forbidden))).toEqual([]);
    });

    it('replaces owners, keeping the non-admin caller among them', async () => {
      const response = await request('PUT', `/api/v1/chart/${chartId}`, world.alice, {
        owners: [world.userIds.bob],
      });
      expect(response.body.result.owners.sort()).toEqual([world.userIds.alice, world.userIds.bob].sort());
      const bobEdits = await request('PUT', `/api/v1/chart/${chartId}`, world.bob, { description: 'by bob' });
      expect(bobEdits.status).toBe(200);
    });
  });

  describe('favourites', () => {
    let chartId: number;
    beforeAll(async () => {
      chartId = await createChart(world.alice, { slice_name: 'Starred' });
    });

    it('stars and unstars per user', async () => {
      const status = (headers = world.alice) =>
        request('GET', `/api/v1/chart/favorite_status/?q=${q([chartId, 999999])}`, headers);
      expect((await status()).body.result).toEqual([
        { id: chartId, value: false },
        { id: 999999, value: false },
      ]);
      const star = await request('POST', `/api/v1/chart/${chartId}/favorites/`, world.alice);
      expect(star).toMatchObject({ status: 200, body: { result: 'OK' } });
      // Starring twice is harmless.
      expect((await request('POST', `/api/v1/chart/${chartId}/favorites/`, world.alice)).status).toBe(200);
      expect((await status()).body.result[0]).toEqual({ id: chartId, value: true });
      expect((await status(world.bob)).body.result[0]).toEqual({ id: chartId, value: false });
      const mine = await list(
        { columns: ['id'], filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }] },
        world.alice,
      );
      expect(mine.body.ids).toEqual([chartId]);
      const bobs = await list(
        { columns: ['id'], filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }] },
        world.bob,
      );
      expect(bobs.body.ids).toEqual([]);
      expect((await request('DELETE', `/api/v1/chart/${chartId}/favorites/`, world.alice)).status).toBe(200);
      expect((await status()).body.result[0]).toEqual({ id: chartId, value: false });
    });

    it("lists the charts a user owns, made or starred with Superset's 'mine' filter", async () => {
      const mine = {
        columns: ['id'],
        filters: [{ col: 'id', opr: 'chart_owned_created_favored_by_me', value: true }],
      };
      const before = (await list(mine, world.bob)).body.ids as number[];
      expect(before).not.toContain(chartId);
      const owned = await harness()
        .ctx.metastore.db.selectFrom('slice_owners')
        .select('slice_id')
        .where('user_id', '=', world.userIds.bob)
        .execute();
      expect(before.length).toBeGreaterThanOrEqual(owned.length);
      await request('POST', `/api/v1/chart/${chartId}/favorites/`, world.bob);
      const after = (await list(mine, world.bob)).body.ids as number[];
      expect(after.sort()).toEqual([...before, chartId].sort());
      await request('DELETE', `/api/v1/chart/${chartId}/favorites/`, world.bob);
    });

    it('answers 404 for charts the caller cannot see and 400 for a bad id list', async () => {
      expect((await request('POST', `/api/v1/chart/${chartId}/favorites/`, world.carol)).status).toBe(404);
      expect(
        (await request('GET', `/api/v1/chart/favorite_status/?q=${q([chartId])}`, world.carol)).status,
      ).toBe(404);
      expect((await request('GET', '/api/v1/chart/favorite_status/?q=(a:1)', world.alice)).status).toBe(400);
    });
  });

  describe('delete', () => {
    it('refuses a non-owner (403) and leaves the chart', async () => {
      const chartId = await createChart(world.alice, { slice_name: 'Keep me' });
      const response = await request('DELETE', `/api/v1/chart/${chartId}`, world.bob);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Forbidden' });
      expect((await request('GET', `/api/v1/chart/${chartId}`, world.alice)).status).toBe(200);
    });

    it('deletes all or nothing in a bulk delete', async () => {
      const mine = [await createChart(world.alice), await createChart(world.alice)];
      const bobs = await createChart(world.bob);
      const before = await chartCount();
      const mixed = await request('DELETE', `/api/v1/chart/?q=${q([...mine, bobs])}`, world.alice);
      expect(mixed.status).toBe(403);
      const unknown = await request('DELETE', `/api/v1/chart/?q=${q([...mine, 999999])}`, world.alice);
      expect(unknown.status).toBe(404);
      expect(await chartCount()).toBe(before);
      expect((await request('DELETE', '/api/v1/chart/?q=!()', world.alice)).status).toBe(400);
    });

    it('deletes owned charts with their links, layout places and stars', async () => {
      const dashboardId = await createDashboard();
      const first = await createChart(world.alice, { dashboards: [dashboardId] });
      const second = await createChart(world.alice, { dashboards: [dashboardId] });
      await request('POST', `/api/v1/chart/${first}/favorites/`, world.bob);
      expect(chartNodes(await layoutOf(dashboardId))).toHaveLength(2);
      const response = await request('DELETE', `/api/v1/chart/?q=${q([first, second])}`, world.alice);
      expect(response).toMatchObject({ status: 200, body: { message: 'Deleted 2 charts' } });
      expect(chartNodes(await layoutOf(dashboardId))).toEqual([]);
      const db = harness().ctx.metastore.db;
      expect(
        await db
          .selectFrom('dashboard_slices')
          .selectAll()
          .where('slice_id', 'in', [first, second])
          .execute(),
      ).toEqual([]);
      expect(await db.selectFrom('favourites').selectAll().where('obj_id', '=', first).execute()).toEqual([]);
      const single = await createChart(world.alice);
      expect(await request('DELETE', `/api/v1/chart/${single}`, world.alice)).toMatchObject({
        status: 200,
        body: { message: 'OK' },
      });
      expect((await request('DELETE', `/api/v1/chart/${single}`, world.alice)).status).toBe(404);
    });
  });
});
