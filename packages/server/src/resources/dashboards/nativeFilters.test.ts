import JSZip from 'jszip';
import { beforeAll, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { exportZip, multipart } from '../../testing/multipart.ts';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, type World } from '../charts/testFixtures.ts';
import { createDashboard } from './testWorld.ts';

function filter(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'NATIVE_FILTER',
    name: id.replace('NATIVE_FILTER-', ''),
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'city' } }],
    controlValues: { multiSelect: true },
    defaultDataMask: { extraFormData: {}, filterState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    ...overrides,
  };
}

describeEachMetastore('dashboards API: native filters and json_metadata checks', (harness) => {
  let world: World;
  let request: Request;
  let board: number;
  const metadataOf = async (id: number) => {
    const row = await harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .select('json_metadata')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.json_metadata ?? '{}');
  };
  const putFilters = (body: unknown, headers = world.alice, id = board) =>
    request('PUT', `/api/v1/dashboard/${id}/filters`, headers, body);

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    board = await createDashboard(request, world.alice, {
      dashboard_title: 'Filtered',
      published: true,
      json_metadata: JSON.stringify({
        color_scheme: 'supersetColors',
        native_filter_configuration: [filter('NATIVE_FILTER-region'), filter('NATIVE_FILTER-city')],
      }),
    });
  }, 120_000);

  it('adds, changes, deletes and reorders filters, keeping the other metadata', async () => {
    const response = await putFilters({
      modified: [filter('NATIVE_FILTER-city', { name: 'Town' }), filter('NATIVE_FILTER-channel')],
      deleted: [],
      reordered: ['NATIVE_FILTER-channel'],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
    expect(ids(response.body.result)).toEqual([
      'NATIVE_FILTER-channel',
      'NATIVE_FILTER-region',
      'NATIVE_FILTER-city',
    ]);
    expect(response.body.result[2].name).toBe('Town');
    const stored = await metadataOf(board);
    expect(stored.color_scheme).toBe('supersetColors');
    expect(stored.native_filter_configuration).toEqual(response.body.result);
    const removed = await putFilters({ deleted: ['NATIVE_FILTER-channel'] });
    expect(ids(removed.body.result)).toEqual(['NATIVE_FILTER-region', 'NATIVE_FILTER-city']);
  });

  it('keeps every filter when several changes arrive at once', async () => {
    const ids = ['p1', 'p2', 'p3', 'p4'].map((n) => `NATIVE_FILTER-${n}`);
    const responses = await Promise.all(ids.map((id) => putFilters({ modified: [filter(id)] })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const stored = (await metadataOf(board)).native_filter_configuration.map(
      (item: { id: string }) => item.id,
    );
    expect(stored).toEqual(expect.arrayContaining(ids));
    const cleaned = await putFilters({ deleted: ids });
    expect(cleaned.body.result.map((item: { id: string }) => item.id)).toEqual([
      'NATIVE_FILTER-region',
      'NATIVE_FILTER-city',
    ]);
  });

  it('refuses a change that leaves the configuration invalid, saving nothing', async () => {
    const before = await metadataOf(board);
    const orphan = await putFilters({
      modified: [filter('NATIVE_FILTER-city', { cascadeParentIds: ['NATIVE_FILTER-gone'] })],
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body).toEqual({
      message: {
        json_metadata: [
          'native_filter_configuration: NATIVE_FILTER-city cascadeParentIds: The parent filter does not exist',
        ],
      },
    });
    const badBody = await putFilters({ modified: [{ name: 'no id' }], deleted: 'x' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.message).toEqual({
      modified: ['Must be a list of filters, each with an id.'],
      deleted: ['Must be a list of filter ids.'],
    });
    expect(await metadataOf(board)).toEqual(before);
  });

  it('lets only owners and admins change filters', async () => {
    expect((await putFilters({}, {})).status).toBe(401);
    const bob = await putFilters({ deleted: ['NATIVE_FILTER-city'] }, world.bob);
    expect(bob.status).toBe(403);
    expect((await putFilters({}, world.viewer)).status).toBe(403);
    expect((await putFilters({}, world.admin)).status).toBe(200);
    expect((await putFilters({}, world.alice, 999999)).status).toBe(404);
    expect((await metadataOf(board)).native_filter_configuration).toHaveLength(2);
  });

  it('checks native filters and cross-filter scoping on save and create: 400, nothing saved', async () => {
    const before = await metadataOf(board);
    const bad = await request('PUT', `/api/v1/dashboard/${board}`, world.alice, {
      json_metadata: JSON.stringify({
        native_filter_configuration: [filter('NATIVE_FILTER-a', { name: '', filterType: 'filter_magic' })],
        chart_configuration: { '5': { id: 6, crossFilters: { scope: 'everywhere', chartsInScope: [] } } },
        global_chart_configuration: { scope: 'all' },
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: {
        json_metadata: [
          'native_filter_configuration: NATIVE_FILTER-a name: Name is required',
          'native_filter_configuration: NATIVE_FILTER-a filterType: Unknown filter type',
          'chart_configuration: 5: id must be the chart id 5',
          'chart_configuration: 5: crossFilters.scope must be "global" or {rootPath: [layout ids], excluded: [chart ids]}',
          'global_chart_configuration: scope must be {rootPath: [layout ids], excluded: [chart ids]}',
        ],
      },
    });
    expect(await metadataOf(board)).toEqual(before);
    const created = await request('POST', '/api/v1/dashboard/', world.alice, {
      dashboard_title: 'Bad filters',
      json_metadata: JSON.stringify({ native_filter_configuration: { not: 'a list' } }),
    });
    expect(created.status).toBe(400);
    expect(created.body.message.json_metadata).toEqual([
      'native_filter_configuration: items: The filter configuration must be a list',
    ]);
    const good = await request('PUT', `/api/v1/dashboard/${board}`, world.alice, {
      json_metadata: JSON.stringify({
        native_filter_configuration: [filter('NATIVE_FILTER-a')],
        chart_configuration: { '5': { id: 5, crossFilters: { scope: 'global', chartsInScope: [] } } },
        global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [] },
      }),
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it('refuses an import whose metadata has a bad filter, creating nothing', async () => {
    const uuid = '9a0e1c2d-0000-4000-8000-00000000f117';
    const zip = new JSZip();
    zip.file('export/metadata.yaml', stringify({ version: '1.0.0', type: 'Dashboard' }));
    zip.file(
      'export/dashboards/Broken.yaml',
      stringify({
        uuid,
        dashboard_title: 'Broken filters',
        position: {},
        metadata: {
          native_filter_configuration: [filter('NATIVE_FILTER-x', { cascadeParentIds: ['NATIVE_FILTER-x'] })],
        },
      }),
    );
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const { payload, contentType } = multipart({}, exportZip(file));
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/import/',
      headers: { ...world.alice, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Cascading filters cannot depend on each other in a cycle');
    const rows = await harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .select('id')
      .where('uuid', '=', uuid)
      .execute();
    expect(rows).toEqual([]);
  });
});
