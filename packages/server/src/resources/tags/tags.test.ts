import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, q, requester, type World } from '../charts/testFixtures.ts';
import { createChart, createDashboard } from '../dashboards/testWorld.ts';

const TAGS = '/api/v1/tag/';

describeEachMetastore('tags API', (harness) => {
  const request = requester(harness);
  let world: World;
  /** Alice's chart over orders; the admin's chart over orders (alice sees it, may not change it); the admin's over secret. */
  let aliceChart: number;
  let adminChart: number;
  let secretChart: number;
  let publishedDashboard: number;
  let draftDashboard: number;
  let savedQuery: number;

  beforeAll(async () => {
    world = await buildWorld(harness());
    aliceChart = await createChart(request, world.alice, world.ordersId, 'Alice orders');
    adminChart = await createChart(request, world.admin, world.ordersId, 'Admin orders');
    secretChart = await createChart(request, world.admin, world.secretId, 'Secret numbers');
    publishedDashboard = await createDashboard(request, world.admin, {
      dashboard_title: 'Sales board',
      published: true,
    });
    draftDashboard = await createDashboard(request, world.admin, { dashboard_title: 'Draft board' });
    const saved = await request('POST', '/api/v1/saved_query/', world.admin, {
      db_id: world.databaseId,
      label: 'Orders by city',
      sql: 'SELECT city FROM orders',
    });
    expect(saved.status, saved.text).toBe(201);
    savedQuery = saved.body.id;
  });

  const tagObject = (headers: World['admin'], type: string | number, id: number, tags: string[]) =>
    request('POST', `${TAGS}${type}/${id}/`, headers, { properties: { tags } });
  const tagIdNamed = async (name: string): Promise<number> => {
    const listed = await request(
      'GET',
      `${TAGS}?q=${q({ filters: [{ col: 'name', opr: 'eq', value: name }] })}`,
      world.admin,
    );
    expect(listed.body.count, name).toBe(1);
    return listed.body.result[0].id;
  };

  it('creates, shows, lists, renames and deletes a tag', async () => {
    const created = await request('POST', TAGS, world.admin, { name: '  finance ', description: 'Money' });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;

    const shown = await request('GET', `${TAGS}${id}`, world.admin);
    expect(shown.body).toMatchObject({
      id,
      result: { id, name: 'finance', type: 1, description: 'Money', created_by: { id: world.userIds.admin } },
    });

    const listed = await request(
      'GET',
      `${TAGS}?q=${q({
        filters: [
          { col: 'name', opr: 'ct', value: 'FIN' },
          { col: 'type', opr: 'custom_tag', value: true },
        ],
      })}`,
      world.viewer,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.result.map((tag: { name: string }) => tag.name)).toEqual(['finance']);
    // The Tags screen shows the change's time in the reader's language, so the list gives the timestamp.
    expect(listed.body.result[0].changed_on).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const renamed = await request('PUT', `${TAGS}${id}`, world.admin, { name: 'treasury' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ id, result: { name: 'treasury' } });
    expect((await request('GET', `${TAGS}${id}`, world.admin)).body.result.name).toBe('treasury');

    expect((await request('DELETE', `${TAGS}${id}`, world.admin)).body).toEqual({ message: 'OK' });
    expect((await request('GET', `${TAGS}${id}`, world.admin)).status).toBe(404);
    expect((await request('DELETE', `${TAGS}${id}`, world.admin)).status).toBe(404);
    expect((await request('PUT', `${TAGS}987654`, world.admin, { name: 'x' })).status).toBe(404);
  });

  it("refuses bad bodies with Superset's field messages", async () => {
    const missing = await request('POST', TAGS, world.admin, { description: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { name: ['Missing data for required field.'] } });
    const bad = await request('POST', TAGS, world.admin, {
      name: '   ',
      description: 3,
      colour: 'red',
      objects_to_tag: [
        ['table', 1],
        ['chart', 0],
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message).sort()).toEqual(
      ['colour', 'description', 'name', 'objects_to_tag.0', 'objects_to_tag.1'].sort(),
    );
    expect(bad.body.message.name).toEqual(['Length must be between 1 and 250.']);
    const long = await request('POST', TAGS, world.admin, { name: 'x'.repeat(251) });
    expect(long.status).toBe(400);

    const one = (await request('POST', TAGS, world.admin, { name: 'unique-one' })).body.id;
    await request('POST', TAGS, world.admin, { name: 'unique-two' });
    const clash = await request('PUT', `${TAGS}${one}`, world.admin, { name: 'unique-two' });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({ message: { name: ['Name must be unique'] } });
    // Its own name is no clash; a POST of an existing name finds that tag rather than making another.
    expect((await request('PUT', `${TAGS}${one}`, world.admin, { name: 'unique-one' })).status).toBe(200);
    const again = await request('POST', TAGS, world.admin, { name: 'unique-one', description: 'same' });
    expect(again.body.id).toBe(one);
  });

  it('tags and untags a chart its owner may change, and lists and filters by tag', async () => {
    const tagged = await tagObject(world.alice, 2, aliceChart, ['sales', ' q1 ', 'sales']);
    expect(tagged.status, tagged.text).toBe(201);
    expect(tagged.body).toEqual({});

    const chart = await request('GET', `/api/v1/chart/${aliceChart}`, world.alice);
    expect(chart.body.result.tags.map((tag: { name: string }) => tag.name)).toEqual(['q1', 'sales']);
    expect(chart.body.result.tags[0]).toEqual({ id: expect.any(Number), name: 'q1', type: 1 });

    const salesId = await tagIdNamed('sales');
    const byId = await request(
      'GET',
      `/api/v1/chart/?q=${q({ filters: [{ col: 'tags', opr: 'chart_tag_id', value: salesId }], columns: ['id', 'tags.name'] })}`,
      world.alice,
    );
    expect(byId.body.result).toEqual([{ id: aliceChart, tags: [{ name: 'q1' }, { name: 'sales' }] }]);
    const byName = await request(
      'GET',
      `/api/v1/chart/?q=${q({ filters: [{ col: 'tags', opr: 'chart_tags', value: 'SAL' }] })}`,
      world.alice,
    );
    expect(byName.body.ids).toEqual([aliceChart]);

    // By Superset's type name too; taking a tag off twice: the second time it is not there.
    expect((await request('DELETE', `${TAGS}chart/${aliceChart}/q1/`, world.alice)).body).toEqual({
      message: 'OK',
    });
    expect((await request('DELETE', `${TAGS}2/${aliceChart}/q1/`, world.alice)).status).toBe(404);
    expect((await request('DELETE', `${TAGS}2/${aliceChart}/nosuchtag/`, world.alice)).status).toBe(404);
  });

  it('lets only those who may edit an object tag it', async () => {
    // Bob sees alice's chart but does not own it; carol cannot see it at all; viewer may not write tags.
    expect((await tagObject(world.bob, 2, aliceChart, ['bob'])).status).toBe(403);
    expect((await tagObject(world.carol, 2, aliceChart, ['carol'])).status).toBe(404);
    expect((await tagObject(world.viewer, 2, aliceChart, ['viewer'])).status).toBe(403);
    expect((await request('DELETE', `${TAGS}2/${aliceChart}/sales/`, world.bob)).status).toBe(403);
    expect((await request('POST', TAGS, world.viewer, { name: 'viewer-tag' })).status).toBe(403);
    expect((await request('POST', `${TAGS}bulk_create`, world.viewer, { tags: [] })).status).toBe(403);
    // A saved query is its author's: others get its API's 404.
    expect((await tagObject(world.alice, 1, savedQuery, ['mine'])).status).toBe(404);
    // None of them made a tag on the way.
    const names = (await request('GET', TAGS, world.admin)).body.result.map(
      (tag: { name: string }) => tag.name,
    );
    expect(names).not.toEqual(expect.arrayContaining(['bob']));
    expect(names).not.toContain('carol');
  });

  it("answers Superset's errors for bad tagging calls", async () => {
    const invalid = await tagObject(world.admin, 9, aliceChart, ['x']);
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ message: 'Invalid tag' });
    expect((await tagObject(world.admin, 'table', aliceChart, ['x'])).status).toBe(422);
    expect((await tagObject(world.admin, 2, 0, ['x'])).status).toBe(422);
    const noTags = await request('POST', `${TAGS}2/${aliceChart}/`, world.admin, { properties: {} });
    expect(noTags.status).toBe(400);
    expect(noTags.body).toEqual({ message: "Missing required field 'tags' in 'properties'" });
    const empty = await tagObject(world.admin, 2, aliceChart, ['']);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: { tags: ['Length must be between 1 and 250.'] } });
    expect((await tagObject(world.admin, 2, 987654, ['x'])).status).toBe(404);
    expect((await tagObject(world.admin, 3, 987654, ['x'])).status).toBe(404);
    expect((await tagObject(world.admin, 4, 987654, ['x'])).status).toBe(404);
    expect((await tagObject(world.admin, 'saved_query', 987654, ['x'])).status).toBe(404);
    expect((await request('DELETE', `${TAGS}7/${aliceChart}/sales/`, world.admin)).status).toBe(422);
  });

  it("sets a dashboard's and a chart's tags with PUT tags:[ids]", async () => {
    const a = (await request('POST', TAGS, world.admin, { name: 'put-a' })).body.id;
    const b = (await request('POST', TAGS, world.admin, { name: 'put-b' })).body.id;
    const put = await request('PUT', `/api/v1/dashboard/${publishedDashboard}`, world.admin, {
      tags: [a, b],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.result.tags).toEqual([a, b]);
    const shown = await request('GET', `/api/v1/dashboard/${publishedDashboard}`, world.admin);
    expect(shown.body.result.tags.map((tag: { name: string }) => tag.name)).toEqual(['put-a', 'put-b']);

    await request('PUT', `/api/v1/dashboard/${publishedDashboard}`, world.admin, { tags: [b] });
    const listed = await request(
      'GET',
      `/api/v1/dashboard/?q=${q({ filters: [{ col: 'tags', opr: 'dashboard_tags', value: 'put-' }], columns: ['id', 'tags.name'] })}`,
      world.admin,
    );
    expect(listed.body.result).toEqual([{ id: publishedDashboard, tags: [{ name: 'put-b' }] }]);

    const unknown = await request('PUT', `/api/v1/chart/${aliceChart}`, world.alice, { tags: [987654] });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ message: { tags: ['Some tags do not exist'] } });
    const chartPut = await request('PUT', `/api/v1/chart/${aliceChart}`, world.alice, { tags: [a] });
    expect(chartPut.status, chartPut.text).toBe(200);
    const chart = await request('GET', `/api/v1/chart/${aliceChart}`, world.alice);
    expect(chart.body.result.tags.map((tag: { name: string }) => tag.name)).toEqual(['put-a']);
  });

  it('lists through get_objects only what the caller may open', async () => {
    const name = 'everywhere';
    for (const [type, id] of [
      [3, publishedDashboard],
      [3, draftDashboard],
      [2, aliceChart],
      [2, adminChart],
      [2, secretChart],
      [1, savedQuery],
      [4, world.ordersId],
    ] as const) {
      expect((await tagObject(world.admin, type, id, [name])).status).toBe(201);
    }
    const tagId = await tagIdNamed(name);
    const objects = async (headers: World['admin'], query: string) => {
      const response = await request('GET', `${TAGS}get_objects/?${query}`, headers);
      expect(response.status, response.text).toBe(200);
      return (response.body.result as Array<{ type: string; id: number }>)
        .map((object) => `${object.type}:${object.id}`)
        .sort();
    };
    const all = [
      `chart:${adminChart}`,
      `chart:${aliceChart}`,
      `chart:${secretChart}`,
      `dashboard:${draftDashboard}`,
      `dashboard:${publishedDashboard}`,
      `dataset:${world.ordersId}`,
      `query:${savedQuery}`,
    ].sort();
    expect(await objects(world.admin, `tagIds=${tagId}`)).toEqual(all);
    // Alice: the orders charts and dataset, the published dashboard; not the secret chart, the admin's
    // draft dashboard or saved query.
    expect(await objects(world.alice, `tagIds=${tagId}`)).toEqual(
      [
        `chart:${adminChart}`,
        `chart:${aliceChart}`,
        `dashboard:${publishedDashboard}`,
        `dataset:${world.ordersId}`,
      ].sort(),
    );
    // The viewer (readonly) reads no datasets' view, so none are listed to them.
    expect(await objects(world.viewer, `tagIds=${tagId}`)).toEqual(
      [
        `chart:${adminChart}`,
        `chart:${aliceChart}`,
        `chart:${secretChart}`,
        `dashboard:${publishedDashboard}`,
      ].sort(),
    );
    expect(await objects(world.carol, `tags=${name}`)).toEqual([`dashboard:${publishedDashboard}`]);
    expect(await objects(world.admin, `tags=${name}&types=chart,query`)).toEqual(
      [`chart:${adminChart}`, `chart:${aliceChart}`, `chart:${secretChart}`, `query:${savedQuery}`].sort(),
    );

    const full = await request('GET', `${TAGS}get_objects/?tagIds=${tagId}&types=dashboard`, world.alice);
    expect(full.body.result).toEqual([
      {
        id: publishedDashboard,
        type: 'dashboard',
        name: 'Sales board',
        name_ru: null,
        url: `/superset/dashboard/${publishedDashboard}/`,
        changed_on: expect.any(String),
        created_by: world.userIds.admin,
        creator: expect.any(String),
        tags: expect.arrayContaining([{ id: tagId, name, type: 1 }]),
        owners: [expect.objectContaining({ id: world.userIds.admin })],
      },
    ]);
    expect((await request('GET', `${TAGS}get_objects/?tagIds=1,x`, world.admin)).status).toBe(400);
    expect((await request('GET', `${TAGS}get_objects/?types=table`, world.admin)).status).toBe(400);
    expect((await request('GET', `${TAGS}get_objects/?tagIds=987654`, world.admin)).body).toEqual({
      result: [],
    });
  });

  it('bulk-creates tags, skipping objects the caller may not change', async () => {
    const response = await request('POST', `${TAGS}bulk_create`, world.alice, {
      tags: [
        {
          name: 'bulk-one',
          objects_to_tag: [
            ['chart', aliceChart],
            ['chart', adminChart],
          ],
        },
        { name: 'bulk-two', description: 'Second', objects_to_tag: [['chart', aliceChart]] },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      result: { objects_tagged: [['chart', aliceChart]], objects_skipped: [['chart', adminChart]] },
    });
    const chart = await request('GET', `/api/v1/chart/${adminChart}`, world.admin);
    expect(chart.body.result.tags.map((tag: { name: string }) => tag.name)).not.toContain('bulk-one');
    const bad = await request('POST', `${TAGS}bulk_create`, world.alice, { tags: [{ description: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: { 'tags.0.name': ['Missing data for required field.'] } });
  });

  it('deletes tags by name, all or none, and only for those who may change what they are on', async () => {
    await tagObject(world.admin, 2, adminChart, ['doomed-a', 'doomed-b']);
    // Alice may not change the admin's chart, so she may not delete its tags.
    expect((await request('DELETE', `${TAGS}?q=${q(['doomed-a'])}`, world.alice)).status).toBe(403);
    const unknown = await request('DELETE', `${TAGS}?q=${q(['doomed-a', 'no-such-tag'])}`, world.admin);
    expect(unknown.status).toBe(422);
    expect(await tagIdNamed('doomed-a')).toEqual(expect.any(Number));
    const deleted = await request('DELETE', `${TAGS}?q=${q(['doomed-a', 'doomed-b'])}`, world.admin);
    expect(deleted.body).toEqual({ message: 'Deleted 2 tags' });
    const chart = await request('GET', `/api/v1/chart/${adminChart}`, world.admin);
    expect(chart.body.result.tags.map((tag: { name: string }) => tag.name)).not.toContain('doomed-a');
    expect((await request('DELETE', `${TAGS}?q=${q([1, 2])}`, world.admin)).status).toBe(400);
  });

  it('forgets the tags of a deleted object, in the same transaction', async () => {
    const chart = await createChart(request, world.alice, world.ordersId, 'Short-lived');
    await tagObject(world.alice, 2, chart, ['ephemeral']);
    expect((await request('DELETE', `/api/v1/chart/${chart}`, world.alice)).status).toBe(200);
    const rows = await harness()
      .ctx.metastore.db.selectFrom('tagged_object')
      .select('id')
      .where('object_type', '=', 'chart')
      .where('object_id', '=', chart)
      .execute();
    expect(rows).toEqual([]);
    const tagId = await tagIdNamed('ephemeral');
    expect((await request('GET', `${TAGS}get_objects/?tagIds=${tagId}`, world.alice)).body.result).toEqual(
      [],
    );
  });

  it('tags saved queries and datasets, shown in their lists and filtered by tag', async () => {
    expect((await tagObject(world.admin, 'saved_query', savedQuery, ['sql-tag'])).status).toBe(201);
    const queries = await request(
      'GET',
      `/api/v1/saved_query/?q=${q({ filters: [{ col: 'tags', opr: 'saved_query_tags', value: 'sql-' }], columns: ['id', 'tags.name'] })}`,
      world.admin,
    );
    expect(queries.body.result).toEqual([
      { id: savedQuery, tags: [{ name: 'everywhere' }, { name: 'sql-tag' }] },
    ]);
    const shown = await request('GET', `/api/v1/saved_query/${savedQuery}`, world.admin);
    expect(shown.body.result.tags.map((tag: { name: string }) => tag.name)).toContain('sql-tag');

    expect((await tagObject(world.admin, 'dataset', world.ordersId, ['data-tag'])).status).toBe(201);
    const dataTag = await tagIdNamed('data-tag');
    const datasets = await request(
      'GET',
      `/api/v1/dataset/?q=${q({ filters: [{ col: 'tags', opr: 'dataset_tag_id', value: dataTag }], columns: ['id'] })}`,
      world.admin,
    );
    expect(datasets.body.ids).toEqual([world.ordersId]);
    const dataset = await request('GET', `/api/v1/dataset/${world.ordersId}`, world.admin);
    expect(dataset.body.result.tags.map((tag: { name: string }) => tag.name)).toContain('data-tag');
  });

  it("stars tags and answers each tag's star", async () => {
    const id = (await request('POST', TAGS, world.alice, { name: 'starry' })).body.id;
    expect((await request('POST', `${TAGS}${id}/favorites/`, world.alice)).body).toEqual({ result: 'OK' });
    const status = await request('GET', `${TAGS}favorite_status/?q=${q([id, 987654])}`, world.alice);
    expect(status.body).toEqual({
      result: [
        { id, value: true },
        { id: 987654, value: false },
      ],
    });
    expect((await request('DELETE', `${TAGS}${id}/favorites/`, world.alice)).body).toEqual({ result: 'OK' });
    expect((await request('GET', `${TAGS}favorite_status/?q=${q([id])}`, world.alice)).body.result).toEqual([
      { id, value: false },
    ]);
    expect((await request('POST', `${TAGS}987654/favorites/`, world.alice)).status).toBe(404);
    expect((await request('GET', `${TAGS}favorite_status/?q=${q([987654])}`, world.alice)).status).toBe(404);
  });

  describe('feature flag', () => {
    it('is on by default', async () => {
      const flags = await request('GET', '/api/v1/feature_flags/', world.viewer);
      expect(flags.body.result.TAGGING_SYSTEM).toBe(true);
    });
  });
});
