import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, type World } from '../charts/testFixtures.ts';
import { chartIdsOf, createChart, createDashboard, layoutWith, roleId, withFlag } from './testWorld.ts';

describeEachMetastore('dashboards API: saving', (harness) => {
  let world: World;
  let request: Request;
  let board: number;
  const put = (id: number, body: Record<string, unknown>, headers = world.alice) =>
    request('PUT', `/api/v1/dashboard/${id}`, headers, body);
  const stored = (id: number) =>
    harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    board = await createDashboard(request, world.alice, { dashboard_title: 'Sales', slug: 'sales' });
  }, 120_000);

  it('publishes alone and answers the echo with last_modified_time in epoch seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await put(board, { published: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: board, result: { published: true } });
    expect(Number.isInteger(response.body.last_modified_time)).toBe(true);
    expect(response.body.last_modified_time).toBeGreaterThanOrEqual(before);
    expect((await stored(board)).published).toBe(1);
  });

  it('saves the properties: titles, a normalised slug, owners and roles', async () => {
    const role = await roleId(harness(), 'orders_reader');
    const response = await put(board, {
      dashboard_title: '  Sales 2024 ',
      dashboard_title_ru: 'Продажи 2024',
      slug: ' sales 2024! ',
      owners: [world.userIds.bob],
      roles: [role],
      css: '.a { color: red }',
      certified_by: 'Data team',
      certification_details: 'Checked',
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors', refresh_frequency: 0 }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.result).toMatchObject({
      dashboard_title: 'Sales 2024',
      dashboard_title_ru: 'Продажи 2024',
      slug: 'sales-2024',
      // A non-admin cannot save themselves out of the owners.
      owners: [world.userIds.bob, world.userIds.alice],
      roles: [role],
    });
    const shown = await request('GET', '/api/v1/dashboard/sales-2024', world.alice);
    expect(shown.body.result).toMatchObject({
      dashboard_title: 'Sales 2024',
      certified_by: 'Data team',
      css: '.a { color: red }',
      roles: [{ id: role, name: 'orders_reader' }],
    });
    expect(shown.body.result.owners.map((owner: { id: number }) => owner.id).sort()).toEqual(
      [world.userIds.alice, world.userIds.bob].sort(),
    );
  });

  it('stores an empty slug as null and keeps slugs unique (422)', async () => {
    const other = await createDashboard(request, world.alice, { dashboard_title: 'Other', slug: 'other' });
    const taken = await put(other, { slug: 'sales-2024' });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ message: { slug: ['Must be unique'] } });
    expect((await stored(other)).slug).toBe('other');
    expect((await put(other, { slug: '' })).status).toBe(200);
    expect((await stored(other)).slug).toBeNull();
  });

  it('refuses bad JSON, unknown owners or roles and unknown fields, changing nothing', async () => {
    const before = await stored(board);
    const badMetadata = await put(board, { dashboard_title: 'x', json_metadata: '{"a":' });
    expect(badMetadata.status).toBe(400);
    expect(badMetadata.body.message).toEqual({ json_metadata: ['JSON not valid'] });
    const unknownKey = await put(board, { json_metadata: JSON.stringify({ colour: 'red' }) });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.message).toEqual({ json_metadata: ['colour: Unknown field.'] });
    const wrongType = await put(board, {
      json_metadata: JSON.stringify({ refresh_frequency: 'often', cross_filters_enabled: 1 }),
    });
    expect(wrongType.body.message).toEqual({
      json_metadata: [
        'refresh_frequency: Not a valid integer.',
        'cross_filters_enabled: Not a valid boolean.',
      ],
    });
    const badPosition = await put(board, { position_json: '[1,2]' });
    expect(badPosition.status).toBe(400);
    expect(badPosition.body.message).toEqual({ position_json: ['Must be a JSON object'] });
    const owners = await put(board, { dashboard_title: 'x', owners: [98765] });
    expect(owners.status).toBe(422);
    expect(owners.body.message).toEqual({ owners: ['Owners are invalid'] });
    const roles = await put(board, { dashboard_title: 'x', roles: [98765] });
    expect(roles.status).toBe(422);
    expect(roles.body.message).toEqual({ roles: ['Some roles do not exist'] });
    expect((await put(board, { bogus: true })).status).toBe(400);
    expect(await stored(board)).toEqual(before);
  });

  it('lets only owners with can_write and admins save (403), and answers 404 for no dashboard', async () => {
    const carols = await put(board, { published: false }, world.carol);
    expect(carols.status).toBe(403);
    expect(carols.body).toEqual({ message: 'Changing this Dashboard is forbidden' });
    expect((await put(board, { published: false }, world.viewer)).status).toBe(403);
    expect((await stored(board)).published).toBe(1);
    expect((await put(board, { css: '' }, world.admin)).status).toBe(200);
    expect((await put(987654, { published: true })).status).toBe(404);
  });

  it('makes the charts of the saved layout the dashboard charts, only those the saver may read', async () => {
    const first = await createChart(request, world.alice, world.ordersId, 'First');
    const second = await createChart(request, world.alice, world.ordersId, 'Second');
    const secret = await createChart(request, world.admin, world.secretId, 'Secret');
    const both = await put(board, { position_json: layoutWith([first, second, secret]) });
    expect(both.status).toBe(200);
    expect(await chartIdsOf(harness(), board)).toEqual([first, second]);
    const charts = await request('GET', `/api/v1/dashboard/${board}/charts`, world.alice);
    expect(charts.body.result.map((chart: { id: number }) => chart.id)).toEqual([first, second]);
    expect((await put(board, { position_json: layoutWith([second]) })).status).toBe(200);
    expect(await chartIdsOf(harness(), board)).toEqual([second]);
    // Saving other properties leaves the charts alone.
    expect((await put(board, { dashboard_title: 'Sales' })).status).toBe(200);
    expect(await chartIdsOf(harness(), board)).toEqual([second]);
  });

  it('stores json_metadata and position_json at their current versions', async () => {
    const chart = await createChart(request, world.alice, world.ordersId, 'Versioned');
    const oldLayout = JSON.parse(layoutWith([chart]));
    delete oldLayout.DASHBOARD_VERSION_KEY;
    oldLayout[`CHART-${chart}`].meta = { chartId: String(chart), width: '6', height: '50' };
    const response = await put(board, {
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors', positions: {} }),
      position_json: JSON.stringify(oldLayout),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const row = await stored(board);
    expect(JSON.parse(row.json_metadata!)).toEqual({
      color_scheme: 'bnbColors',
      cross_filters_enabled: true,
      version: 1,
    });
    const layout = JSON.parse(row.position_json!);
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
    expect(layout[`CHART-${chart}`].meta).toEqual({ chartId: chart, width: 6, height: 50 });
    expect(await chartIdsOf(harness(), board)).toEqual([chart]);
    expect(JSON.parse(response.body.result.json_metadata).version).toBe(1);
    // Rows written before versions existed read upgraded.
    await harness()
      .ctx.metastore.db.updateTable('dashboards')
      .set({ json_metadata: JSON.stringify({ color_scheme: 'old' }) })
      .where('id', '=', board)
      .execute();
    const shown = await request('GET', `/api/v1/dashboard/${board}`, world.alice);
    expect(JSON.parse(shown.body.result.json_metadata)).toMatchObject({ color_scheme: 'old', version: 1 });
  });

  it('saves label colours with a PUT carrying only json_metadata, leaving the rest alone', async () => {
    const before = await stored(board);
    const colours = {
      color_scheme: 'supersetColors',
      label_colors: { online: '#123456' },
      map_label_colors: { online: '#1FA8C9', retail: '#454E7C' },
      shared_label_colors: ['online'],
    };
    const response = await put(board, { json_metadata: JSON.stringify(colours) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(typeof response.body.last_modified_time).toBe('number');
    const row = await stored(board);
    expect(JSON.parse(row.json_metadata!)).toMatchObject(colours);
    expect(row).toMatchObject({
      dashboard_title: before.dashboard_title,
      css: before.css,
      position_json: before.position_json,
      published: before.published,
    });
    // Only those who may edit the dashboard save its colours; a map that is not JSON is refused.
    const viewers = await put(
      board,
      { json_metadata: JSON.stringify({ map_label_colors: {} }) },
      world.viewer,
    );
    expect(viewers.status).toBe(403);
    expect((await put(board, { json_metadata: '{"map_label_colors": ' })).status).toBe(400);
    expect(JSON.parse((await stored(board)).json_metadata!)).toMatchObject(colours);
  });

  describe('stale saves', () => {
    it('lets the last write win when CONFIRM_DASHBOARD_DIFF is off', async () => {
      const loaded = (await stored(board)).changed_on;
      expect((await put(board, { css: '.b {}' }, world.bob)).status).toBe(200);
      const stale = await put(board, { css: '.c {}', changed_on: loaded });
      expect(stale.status).toBe(200);
      expect((await stored(board)).css).toBe('.c {}');
    });

    it('refuses a stale save with the differing fields when CONFIRM_DASHBOARD_DIFF is on', async () => {
      await withFlag(harness(), 'CONFIRM_DASHBOARD_DIFF', async () => {
        const loaded = (await stored(board)).changed_on;
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect((await put(board, { css: '.bob {}' }, world.bob)).status).toBe(200);
        const latest = (await stored(board)).changed_on;
        const stale = await put(board, {
          css: '.alice {}',
          dashboard_title: 'Sales',
          changed_on: loaded,
        });
        expect(stale.status).toBe(409);
        expect(stale.body).toEqual({
          message: 'Please confirm the overwrite values.',
          changed_on: latest,
          diff: { css: { current: '.bob {}', incoming: '.alice {}' } },
        });
        expect((await stored(board)).css).toBe('.bob {}');
        // Confirmed: saved again with the newer changed_on.
        expect((await put(board, { css: '.alice {}', changed_on: latest })).status).toBe(200);
        expect((await stored(board)).css).toBe('.alice {}');
        expect((await put(board, { css: '.x {}', changed_on: 'yesterday' })).status).toBe(400);
      });
    });
  });
});
