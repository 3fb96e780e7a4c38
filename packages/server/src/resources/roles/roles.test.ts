import { encodeRison } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { PERMISSION_CATALOG } from '../../security/catalog.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/security/roles/';
const PAIRS_URL = '/api/v1/security/permissions-resources/';
const q = (base: string, value: unknown) => `${base}?q=${encodeURIComponent(encodeRison(value))}`;

interface PairRow {
  id: number;
  permission: { id: number; name: string };
  view_menu: { id: number; name: string };
}

describeEachMetastore('roles API', (harness) => {
  let admin: Headers;
  let gamma: Headers;
  let pairs: PairRow[];
  const pairId = (permission: string, view: string) =>
    pairs.find((pair) => pair.permission.name === permission && pair.view_menu.name === view)!.id;
  const roleId = async (name: string) =>
    (
      await harness()
        .ctx.metastore.db.selectFrom('roles')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    const { createUser, loginAs, bearer, app } = harness();
    await createUser({ username: 'gamma_user', roles: ['Gamma'] });
    admin = await loginAs(ADMIN.username, ADMIN.password);
    gamma = await bearer('gamma_user', 'password123');
    pairs = (await app.inject({ url: PAIRS_URL, headers: admin })).json().result;
  });

  const create = (payload: Record<string, unknown>) =>
    harness().app.inject({ method: 'POST', url: URL, headers: admin, payload });

  it('refuses anonymous callers with 401 and Gamma users with 403', async () => {
    const { app } = harness();
    for (const url of [URL, PAIRS_URL, `${URL}1`, `${URL}1/permissions/`]) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
      expect((await app.inject({ url, headers: gamma })).statusCode, url).toBe(403);
    }
    expect(
      (await app.inject({ method: 'POST', url: URL, headers: gamma, payload: { name: 'x' } })).statusCode,
    ).toBe(403);
  });

  it('lists every permission pair with ids', async () => {
    const response = await harness().app.inject({ url: PAIRS_URL, headers: admin });
    const body = response.json();
    expect(body.count).toBe(PERMISSION_CATALOG.length);
    expect(body.result).toHaveLength(PERMISSION_CATALOG.length);
    expect(body.result[0]).toEqual({
      id: expect.any(Number),
      permission: { id: expect.any(Number), name: expect.any(String) },
      view_menu: { id: expect.any(Number), name: expect.any(String) },
    });
    const filtered = await harness().app.inject({
      url: q(PAIRS_URL, {
        filters: [{ col: 'view_menu_name', opr: 'eq', value: 'User' }],
        order_column: 'permission_name',
      }),
      headers: admin,
    });
    expect(filtered.json().result.map((pair: PairRow) => pair.permission.name)).toEqual([
      'can_read',
      'can_write',
    ]);
  });

  it('lists roles with user counts, built-in flags and filters', async () => {
    const { app } = harness();
    const all = (await app.inject({ url: q(URL, { page_size: 100 }), headers: admin })).json();
    const gammaRole = all.result.find((role: { name: string }) => role.name === 'Gamma');
    expect(gammaRole).toEqual({
      id: expect.any(Number),
      name: 'Gamma',
      description: expect.any(String),
      user_count: 1,
      built_in: true,
    });
    const byCount = (
      await app.inject({
        url: q(URL, { order_column: 'user_count', order_direction: 'desc', page_size: 2 }),
        headers: admin,
      })
    ).json();
    expect(byCount.result.map((role: { user_count: number }) => role.user_count)).toEqual([1, 1]);
    const search = (
      await app.inject({
        url: q(URL, { filters: [{ col: 'name', opr: 'ct', value: 'DATA' }] }),
        headers: admin,
      })
    ).json();
    expect(search.result.map((role: { name: string }) => role.name)).toEqual([
      'Create data',
      'Vizualize data',
    ]);
    const bad = await app.inject({
      url: q(URL, { filters: [{ col: 'user_count', opr: 'eq', value: 1 }] }),
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Filter on unknown column 'user_count'" });
  });

  it('creates, renames and deletes a custom role', async () => {
    const { app } = harness();
    const created = await create({ name: ' Finance ', description: 'Money people' });
    expect(created.statusCode).toBe(201);
    const { id, result } = created.json();
    expect(result).toEqual({
      id,
      name: 'Finance',
      description: 'Money people',
      user_count: 0,
      built_in: false,
    });
    const renamed = await app.inject({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: admin,
      payload: { name: 'Finance team' },
    });
    expect(renamed.json().result).toMatchObject({ name: 'Finance team', description: 'Money people' });
    expect((await app.inject({ method: 'DELETE', url: `${URL}${id}`, headers: admin })).json()).toEqual({
      message: 'OK',
    });
    expect((await app.inject({ url: `${URL}${id}`, headers: admin })).statusCode).toBe(404);
  });

  it('deletes a role still held by users, who lose it and are signed out', async () => {
    const { app, createUser, ctx, loginAs } = harness();
    const { id } = (await create({ name: 'Temporary' })).json();
    const userId = await createUser({ username: 'holder', roles: ['Temporary', 'Gamma'] });
    const holder = await loginAs('holder', 'password123');
    expect((await app.inject({ url: '/api/v1/me/', headers: holder })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `${URL}${id}`, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/me/', headers: holder })).statusCode).toBe(401);
    const left = await ctx.metastore.db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', userId)
      .execute();
    expect(left).toEqual([{ role_id: await roleId('Gamma') }]);
  });

  it('answers 422 naming name for a duplicate (ignoring case) or empty name', async () => {
    const { app } = harness();
    await create({ name: 'Auditors' });
    for (const name of ['Auditors', 'AUDITORS', 'admin']) {
      const response = await create({ name });
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toEqual({ message: { name: ['A role with this name already exists'] } });
    }
    expect((await create({ name: '  ' })).json()).toEqual({
      message: { name: ['Missing data for required field.'] },
    });
    expect((await create({})).statusCode).toBe(422);
    const { id } = (await create({ name: 'Renamable' })).json();
    const clash = await app.inject({
      method: 'PUT',
      url: `${URL}${id}`,
      headers: admin,
      payload: { name: 'auditors' },
    });
    expect(clash.json()).toEqual({ message: { name: ['A role with this name already exists'] } });
  });

  it('refuses to change or delete a built-in role', async () => {
    const { app } = harness();
    const gammaId = await roleId('Gamma');
    const attempts = [
      app.inject({ method: 'PUT', url: `${URL}${gammaId}`, headers: admin, payload: { name: 'Beta' } }),
      app.inject({ method: 'DELETE', url: `${URL}${gammaId}`, headers: admin }),
      app.inject({
        method: 'POST',
        url: `${URL}${gammaId}/permissions`,
        headers: admin,
        payload: { permission_view_menu_ids: [] },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toContain("'Gamma' is a built-in role");
    }
    const kept = await app.inject({ url: `${URL}${gammaId}/permissions/`, headers: admin });
    expect(kept.json().result.length).toBeGreaterThan(10);
  });

  it("reads and replaces a custom role's pairs, which then govern access", async () => {
    const { app, createUser, bearer } = harness();
    const { id } = (await create({ name: 'User admins' })).json();
    const wanted = [pairId('can_read', 'User'), pairId('can_read', 'Role')];
    const set = await app.inject({
      method: 'POST',
      url: `${URL}${id}/permissions`,
      headers: admin,
      payload: { permission_view_menu_ids: [...wanted, wanted[0]] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ result: { permission_view_menu_ids: wanted } });
    const read = (await app.inject({ url: `${URL}${id}/permissions/`, headers: admin })).json();
    expect(read.result).toEqual([
      { id: wanted[1], permission_name: 'can_read', view_menu_name: 'Role' },
      { id: wanted[0], permission_name: 'can_read', view_menu_name: 'User' },
    ]);
    await createUser({ username: 'user_admin', roles: ['User admins'] });
    const headers = await bearer('user_admin', 'password123');
    expect((await app.inject({ url: '/api/v1/security/users/', headers })).statusCode).toBe(200);
    const write = await app.inject({ method: 'DELETE', url: '/api/v1/security/users/1', headers });
    expect(write.statusCode).toBe(403);
  });

  it('changes nothing when a pair id is unknown', async () => {
    const { app } = harness();
    const { id } = (await create({ name: 'Half written' })).json();
    const first = [pairId('can_read', 'Chart')];
    await app.inject({
      method: 'POST',
      url: `${URL}${id}/permissions`,
      headers: admin,
      payload: { permission_view_menu_ids: first },
    });
    const response = await app.inject({
      method: 'POST',
      url: `${URL}${id}/permissions`,
      headers: admin,
      payload: { permission_view_menu_ids: [pairId('can_write', 'Chart'), 987_654] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: { permission_view_menu_ids: ['Unknown permission ids: 987654'] },
    });
    const read = (await app.inject({ url: `${URL}${id}/permissions/`, headers: admin })).json();
    expect(read.result.map((pair: { id: number }) => pair.id)).toEqual(first);
  });

  it('answers 404 for an unknown role and 400 for a malformed body', async () => {
    const { app } = harness();
    expect((await app.inject({ url: `${URL}999999`, headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ url: `${URL}999999/permissions/`, headers: admin })).statusCode).toBe(404);
    const post = await app.inject({
      method: 'POST',
      url: `${URL}999999/permissions`,
      headers: admin,
      payload: { permission_view_menu_ids: [] },
    });
    expect(post.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'POST',
      url: `${URL}${await roleId('Public')}/permissions`,
      headers: admin,
      payload: { permission_view_menu_ids: 'all' },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await app.inject({ url: `${URL}?q=(page_size:x)`, headers: admin })).statusCode).toBe(400);
  });
});
