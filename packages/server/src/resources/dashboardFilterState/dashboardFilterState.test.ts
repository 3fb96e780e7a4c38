import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, type World } from '../charts/testFixtures.ts';
import { createDashboard } from '../dashboards/testWorld.ts';

const masks = (city: string) =>
  JSON.stringify({ 'NATIVE_FILTER-city': { filterState: { value: [city] }, extraFormData: {} } });

describeEachMetastore('dashboard filter state API', (harness) => {
  let world: World;
  let request: Request;
  let board: number;
  let draft: number;
  const base = () => `/api/v1/dashboard/${board}/filter_state`;

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    board = await createDashboard(request, world.alice, { dashboard_title: 'Sales', published: true });
    draft = await createDashboard(request, world.alice, { dashboard_title: 'Draft' });
  }, 120_000);

  it('stores, reads, changes and deletes a state', async () => {
    const created = await request('POST', base(), world.bob, { value: masks('Москва') });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { key } = created.body as { key: string };
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Anyone who sees the dashboard reads it (a shared URL carries the key).
    const read = await request('GET', `${base()}/${key}`, world.viewer);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ value: masks('Москва') });
    const changed = await request('PUT', `${base()}/${key}`, world.bob, { value: masks('Berlin') });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ key, message: key });
    expect((await request('GET', `${base()}/${key}`, world.bob)).body).toEqual({ value: masks('Berlin') });
    const deleted = await request('DELETE', `${base()}/${key}`, world.bob);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Deleted successfully' });
    expect((await request('GET', `${base()}/${key}`, world.bob)).status).toBe(404);
    expect((await request('DELETE', `${base()}/${key}`, world.bob)).status).toBe(404);
  });

  it('keeps one key per user and browser tab', async () => {
    const first = await request('POST', `${base()}?tab_id=7`, world.bob, { value: masks('a') });
    const again = await request('POST', `${base()}?tab_id=7`, world.bob, { value: masks('b') });
    const otherTab = await request('POST', `${base()}?tab_id=8`, world.bob, { value: masks('c') });
    const otherUser = await request('POST', `${base()}?tab_id=7`, world.alice, { value: masks('d') });
    const noTab = await request('POST', base(), world.bob, { value: masks('e') });
    expect(again.body.key).toBe(first.body.key);
    expect(new Set([first.body.key, otherTab.body.key, otherUser.body.key, noTab.body.key]).size).toBe(4);
    expect((await request('GET', `${base()}/${first.body.key}`, world.bob)).body.value).toBe(masks('b'));
    // Tab 9 changing tab 7's state writes under a key of its own, as Superset's update does.
    const moved = await request('PUT', `${base()}/${first.body.key}?tab_id=9`, world.bob, {
      value: masks('f'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.key).not.toBe(first.body.key);
    expect((await request('GET', `${base()}/${moved.body.key}`, world.bob)).body.value).toBe(masks('f'));
    expect((await request('GET', `${base()}/${first.body.key}`, world.bob)).body.value).toBe(masks('b'));
    // A deleted tab state starts afresh.
    await request('DELETE', `${base()}/${first.body.key}?tab_id=7`, world.bob);
    const fresh = await request('POST', `${base()}?tab_id=7`, world.bob, { value: masks('g') });
    expect(fresh.body.key).not.toBe(first.body.key);
  });

  it('refuses a missing or non-JSON value with a 400', async () => {
    const missing = await request('POST', base(), world.bob, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { value: ['Missing data for required field.'] } });
    const bad = await request('POST', base(), world.bob, { value: '{oops' });
    expect(bad.body).toEqual({ message: { value: ['JSON not valid'] } });
    const notText = await request('POST', base(), world.bob, { value: { a: 1 } });
    expect(notText.body).toEqual({ message: { value: ['Not a valid string.'] } });
    const key = (await request('POST', base(), world.bob, { value: '{}' })).body.key;
    expect((await request('PUT', `${base()}/${key}`, world.bob, { value: 'nope' })).status).toBe(400);
  });

  it('lets only its owner change or delete a state', async () => {
    const { key } = (await request('POST', base(), world.bob, { value: masks('x') })).body;
    const put = await request('PUT', `${base()}/${key}`, world.alice, { value: masks('y') });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ message: "You don't have permission to modify the value." });
    expect((await request('DELETE', `${base()}/${key}`, world.alice)).status).toBe(403);
    expect((await request('GET', `${base()}/${key}`, world.bob)).body.value).toBe(masks('x'));
  });

  it('checks the dashboard and the caller: 401, 403, 404', async () => {
    const { key } = (await request('POST', base(), world.bob, { value: '{}' })).body;
    expect((await request('POST', base(), {}, { value: '{}' })).status).toBe(401);
    expect((await request('GET', `${base()}/${key}`, {})).status).toBe(401);
    // A state is read only through its own dashboard.
    const other = await createDashboard(request, world.alice, { dashboard_title: 'Other', published: true });
    expect((await request('GET', `/api/v1/dashboard/${other}/filter_state/${key}`, world.bob)).status).toBe(
      404,
    );
    // Carol does not see Alice's draft.
    const hidden = await request('POST', `/api/v1/dashboard/${draft}/filter_state`, world.carol, {
      value: '{}',
    });
    expect(hidden.status).toBe(403);
    expect(
      (await request('POST', '/api/v1/dashboard/999999/filter_state', world.bob, { value: '{}' })).status,
    ).toBe(404);
    await harness().createUser({ username: 'state_sql', roles: ['sql_lab'] });
    const sqlOnly = await harness().bearer('state_sql', 'password123');
    expect((await request('POST', base(), sqlOnly, { value: '{}' })).status).toBe(403);
    expect((await request('GET', `${base()}/${key}`, sqlOnly)).status).toBe(403);
  });
});
