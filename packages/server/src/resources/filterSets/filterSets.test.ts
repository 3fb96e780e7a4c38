import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, type World } from '../charts/testFixtures.ts';
import { createDashboard } from '../dashboards/testWorld.ts';
import { NOT_DASHBOARD_OWNER } from './service.ts';

const metadata = (value: string[]) =>
  JSON.stringify({
    nativeFilters: { 'NATIVE_FILTER-a': { id: 'NATIVE_FILTER-a', name: 'City' } },
    dataMask: { 'NATIVE_FILTER-a': { filterState: { value }, extraFormData: {} } },
  });

describeEachMetastore('filter sets API', (harness) => {
  let world: World;
  let request: Request;
  let board: number;
  let draft: number;
  const base = () => `/api/v1/dashboard/${board}/filtersets`;
  const create = (body: Record<string, unknown>, headers = world.alice, dashboard = board) =>
    request('POST', `/api/v1/dashboard/${dashboard}/filtersets`, headers, body);
  const list = async (headers: World['alice']) => {
    const response = await request('GET', base(), headers);
    expect(response.status).toBe(200);
    return response.body as { count: number; ids: number[]; result: Array<Record<string, unknown>> };
  };

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    board = await createDashboard(request, world.alice, { dashboard_title: 'Sales', published: true });
    draft = await createDashboard(request, world.alice, { dashboard_title: 'Draft', published: false });
  }, 120_000);

  it('saves a dashboard-owned set for an owner and lists it with its params', async () => {
    const response = await create({
      name: ' Moscow ',
      description: 'Orders in Moscow',
      owner_type: 'Dashboard',
      json_metadata: metadata(['Москва']),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.result).toMatchObject({
      id: response.body.id,
      name: 'Moscow',
      description: 'Orders in Moscow',
      owner_type: 'Dashboard',
      owner_id: board,
      dashboard_id: board,
      is_primary: false,
      created_by: { id: world.userIds.alice },
      params: { dataMask: { 'NATIVE_FILTER-a': { filterState: { value: ['Москва'] } } } },
    });
    const listed = await list(world.viewer);
    expect(listed.ids).toEqual([response.body.id]);
    expect(listed.count).toBe(1);
    expect(listed.result[0]).toMatchObject({ name: 'Moscow', json_metadata: metadata(['Москва']) });
  });

  it('keeps a user-owned set to its user; others and the dashboard owner do not see it', async () => {
    const own = await create(
      { name: 'Mine', owner_type: 'User', owner_id: world.userIds.bob, json_metadata: metadata(['Berlin']) },
      world.bob,
    );
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect((await list(world.bob)).ids).toContain(own.body.id);
    expect((await list(world.alice)).ids).not.toContain(own.body.id);
    expect((await list(world.admin)).ids).toContain(own.body.id);
    // Alice cannot touch it: to her it does not exist.
    const put = await request('PUT', `${base()}/${own.body.id}`, world.alice, { name: 'Hers' });
    expect(put.status).toBe(404);
    expect((await request('DELETE', `${base()}/${own.body.id}`, world.alice)).status).toBe(404);
    // Nor may Bob save one in Alice's name.
    const forged = await create(
      { name: 'Forged', owner_type: 'User', owner_id: world.userIds.alice, json_metadata: metadata([]) },
      world.bob,
    );
    expect(forged.status).toBe(403);
  });

  it('lets only those who may edit the dashboard create and change its sets', async () => {
    const refused = await create(
      { name: 'Not mine', owner_type: 'Dashboard', json_metadata: metadata([]) },
      world.bob,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: NOT_DASHBOARD_OWNER });
    const set = (await list(world.alice)).result.find((item) => item.owner_type === 'Dashboard');
    const put = await request('PUT', `${base()}/${set?.id}`, world.bob, { name: 'Renamed' });
    expect(put.status).toBe(403);
    expect((await request('DELETE', `${base()}/${set?.id}`, world.bob)).status).toBe(403);
    const wrongOwner = await create({
      name: 'Elsewhere',
      owner_type: 'Dashboard',
      owner_id: board + 1000,
      json_metadata: metadata([]),
    });
    expect(wrongOwner.status).toBe(400);
    expect(wrongOwner.body).toEqual({ message: { owner_id: ['owner_id should be equal to dashboard_id'] } });
  });

  it('names every bad field in one 400 and saves nothing', async () => {
    const before = (await list(world.admin)).count;
    const missing = await create({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: {
        name: ['Missing data for required field.'],
        json_metadata: ['Missing data for required field.'],
        owner_type: ['Missing data for required field.'],
      },
    });
    const bad = await create({
      name: '   ',
      description: 5,
      owner_type: 'Team',
      owner_id: 'me',
      is_primary: 'yes',
      json_metadata: '{"dataMask": []}',
      colour: 'red',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual({
      name: ['Name must not be empty.'],
      description: ['Not a valid string.'],
      owner_type: ['Must be one of: Dashboard, User.'],
      owner_id: ['Not a valid integer.'],
      is_primary: ['Not a valid boolean.'],
      json_metadata: [
        'nativeFilters: Missing data for required field.',
        'dataMask: Not a valid mapping type.',
      ],
      colour: ['Unknown field.'],
    });
    const userWithoutId = await create({ name: 'x', owner_type: 'User', json_metadata: metadata([]) });
    expect(userWithoutId.body).toEqual({
      message: { owner_id: ['owner_id is mandatory when owner_type is User'] },
    });
    const notJson = await create({ name: 'x', owner_type: 'Dashboard', json_metadata: '{nope' });
    expect(notJson.body).toEqual({ message: { json_metadata: ['JSON not valid'] } });
    const longName = await create({
      name: 'n'.repeat(501),
      owner_type: 'Dashboard',
      json_metadata: metadata([]),
    });
    expect(longName.body).toEqual({ message: { name: ['Length must be between 1 and 500.'] } });
    const badPut = await request('PUT', `${base()}/1`, world.alice, {
      owner_type: 'User',
      json_metadata: '[]',
    });
    expect(badPut.status).toBe(400);
    expect(badPut.body.message).toEqual({
      owner_type: ['Must be one of: Dashboard.'],
      json_metadata: ['Must be a JSON object'],
    });
    expect((await list(world.admin)).count).toBe(before);
  });

  it('keeps one primary set per owner: making one primary clears the others', async () => {
    const ids: number[] = [];
    for (const name of ['First', 'Second']) {
      const response = await create({
        name,
        owner_type: 'Dashboard',
        is_primary: name === 'First',
        json_metadata: metadata([name]),
      });
      expect(response.status).toBe(201);
      ids.push(response.body.id);
    }
    const bobs = await create(
      {
        name: 'Bob primary',
        owner_type: 'User',
        owner_id: world.userIds.bob,
        is_primary: true,
        json_metadata: metadata([]),
      },
      world.bob,
    );
    const primaries = async () =>
      (await list(world.admin)).result.filter((item) => item.is_primary).map((item) => item.id);
    expect(await primaries()).toEqual([ids[0], bobs.body.id]);
    const made = await request('PUT', `${base()}/${ids[1]}`, world.alice, {
      is_primary: true,
      name: 'Second (main)',
      json_metadata: metadata(['Berlin']),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.result).toMatchObject({ id: ids[1], name: 'Second (main)', is_primary: true });
    expect(made.body.result.params.dataMask['NATIVE_FILTER-a'].filterState.value).toEqual(['Berlin']);
    expect(await primaries()).toEqual([ids[1], bobs.body.id]);
    const third = await create({
      name: 'Third',
      owner_type: 'Dashboard',
      is_primary: true,
      json_metadata: metadata([]),
    });
    expect(await primaries()).toEqual([bobs.body.id, third.body.id]);
  });

  it('deletes a set, and answers 404 for sets of other dashboards and unknown ones', async () => {
    const other = await createDashboard(request, world.alice, { dashboard_title: 'Other', published: true });
    const set = await create({ name: 'Gone soon', owner_type: 'Dashboard', json_metadata: metadata([]) });
    expect(
      (
        await request('PUT', `/api/v1/dashboard/${other}/filtersets/${set.body.id}`, world.alice, {
          name: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (await request('DELETE', `/api/v1/dashboard/${other}/filtersets/${set.body.id}`, world.alice)).status,
    ).toBe(404);
    const deleted = await request('DELETE', `${base()}/${set.body.id}`, world.alice);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: set.body.id, message: 'OK' });
    expect((await list(world.alice)).ids).not.toContain(set.body.id);
    expect((await request('DELETE', `${base()}/${set.body.id}`, world.alice)).status).toBe(404);
    expect((await request('PUT', `${base()}/999999`, world.alice, { name: 'x' })).status).toBe(404);
  });

  it('checks who calls: 401 anonymous, 403 without can_write or access to the dashboard, 404 unknown', async () => {
    expect((await request('GET', base(), {})).status).toBe(401);
    expect(
      (await create({ name: 'x', owner_type: 'Dashboard', json_metadata: metadata([]) }, {})).status,
    ).toBe(401);
    // readonly reads sets but writes none, not even its own.
    const viewerSet = await create(
      { name: 'Viewer', owner_type: 'User', owner_id: world.userIds.viewer, json_metadata: metadata([]) },
      world.viewer,
    );
    expect(viewerSet.status).toBe(403);
    // A dashboard the caller does not see.
    expect((await request('GET', `/api/v1/dashboard/${draft}/filtersets`, world.bob)).status).toBe(403);
    const hidden = await create(
      { name: 'x', owner_type: 'User', owner_id: world.userIds.bob, json_metadata: metadata([]) },
      world.bob,
      draft,
    );
    expect(hidden.status).toBe(403);
    expect((await request('GET', '/api/v1/dashboard/999999/filtersets', world.alice)).status).toBe(404);
  });

  it('goes away with its dashboard', async () => {
    const doomed = await createDashboard(request, world.alice, { dashboard_title: 'Doomed' });
    const set = await create(
      { name: 'x', owner_type: 'Dashboard', json_metadata: metadata([]) },
      world.alice,
      doomed,
    );
    expect(set.status).toBe(201);
    expect((await request('DELETE', `/api/v1/dashboard/${doomed}`, world.alice)).status).toBe(200);
    const rows = await harness()
      .ctx.metastore.db.selectFrom('filter_sets')
      .select('id')
      .where('id', '=', set.body.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
