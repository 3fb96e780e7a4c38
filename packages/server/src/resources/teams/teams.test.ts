import { encodeRison } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { roleNamesOf } from '../../testing/metastoreReads.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/team/';
const q = (base: string, value: unknown) => `${base}?q=${encodeURIComponent(encodeRison(value))}`;

describeEachMetastore('teams API', (harness) => {
  let admin: Headers;
  let gamma: Headers;
  let memberId: number;

  const rolesOf = (userId: number) => roleNamesOf(harness(), userId);
  const create = (payload: Record<string, unknown>) =>
    harness().app.inject({ method: 'POST', url: URL, headers: admin, payload });
  const membership = (action: 'add_user' | 'remove_user', team_id: number, user_id: number) =>
    harness().app.inject({
      method: 'POST',
      url: `${URL}${action}`,
      headers: admin,
      payload: { team_id, user_id },
    });

  beforeAll(async () => {
    const { createUser, loginAs } = harness();
    await createUser({ username: 'gamma_user', roles: ['Gamma'] });
    memberId = await createUser({ username: 'member', roles: ['Gamma'] });
    admin = await loginAs(ADMIN.username, ADMIN.password);
    gamma = await loginAs('gamma_user', 'password123');
  });

  it('lets onboarding people search teams but keeps administration to admins', async () => {
    const { app } = harness();
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    expect((await app.inject({ url: URL, headers: gamma })).statusCode).toBe(200);
    for (const url of [`${URL}1`, `${URL}users/`]) {
      expect((await app.inject({ url, headers: gamma })).statusCode, url).toBe(403);
    }
    const writes = [
      {
        method: 'POST' as const,
        url: URL,
        payload: { name: 'DATA', slug: 'data', is_external: false, roles: ['readonly'] },
      },
      { method: 'PUT' as const, url: `${URL}1`, payload: { name: 'DATA' } },
      { method: 'POST' as const, url: `${URL}add_user`, payload: { team_id: 1, user_id: 1 } },
      { method: 'POST' as const, url: `${URL}remove_user`, payload: { team_id: 1, user_id: 1 } },
    ];
    for (const write of writes) {
      expect((await app.inject({ ...write, headers: gamma })).statusCode, write.url).toBe(403);
    }
  });

  it('creates a team with roles and refuses a duplicate slug naming it', async () => {
    const created = await create({
      name: 'ANALYTICS',
      slug: 'analytics',
      is_external: 0,
      roles: ['readonly', 'Vizualize data'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().result).toEqual({
      id: expect.any(Number),
      name: 'ANALYTICS',
      slug: 'analytics',
      is_external: false,
      roles: [
        { id: expect.any(Number), name: 'readonly' },
        { id: expect.any(Number), name: 'Vizualize data' },
      ],
      participants: [],
    });
    const duplicate = await create({
      name: 'ANALYTICS',
      slug: 'analytics',
      is_external: false,
      roles: ['readonly'],
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: { slug: ["A team with the slug 'analytics' already exists"] },
    });
  });

  it('refuses bad names, slugs and roles, and Create data for franchisee teams', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'analytics 2', slug: 'analytics_2', is_external: false, roles: ['readonly'] }, 'name'],
      [{ name: 'PETROV', slug: 'fr_petrov', is_external: true, roles: ['readonly'] }, 'name'],
      [{ name: 'FRANCHISEE PETROV', slug: 'petrov', is_external: true, roles: ['readonly'] }, 'slug'],
      [{ name: 'FRANCHISEE PETROV', slug: 'fr_petrov', is_external: true, roles: ['Create data'] }, 'roles'],
      [{ name: 'SALES', slug: 'sales', is_external: false, roles: ['Admin'] }, 'roles'],
      [{ name: 'SALES', slug: 'sales', is_external: false, roles: [] }, 'roles'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().message)).toEqual([field]);
    }
    expect((await create({ name: 'SALES', slug: 'sales' })).statusCode).toBe(400);
    const teams = await harness().ctx.metastore.db.selectFrom('teams').select('slug').execute();
    expect(teams.map((team) => team.slug)).toEqual(['analytics']);
  });

  it('searches by name and franchisee flag as onboarding does, answering an empty list for no match', async () => {
    const { app } = harness();
    await create({ name: 'FRANCHISEE IVANOV', slug: 'fr_ivanov', is_external: true, roles: ['readonly'] });
    const search = (text: string, external: 0 | 1) =>
      app.inject({
        url: q(URL, {
          filters: [
            { col: 'name', opr: 'ct_name', value: text },
            { col: 'is_external', opr: 'eq_external', value: external },
          ],
          page_size: 500,
        }),
        headers: gamma,
      });
    const franchisee = await search('ivan', 1);
    expect(franchisee.statusCode).toBe(200);
    expect(franchisee.json().result).toEqual([
      {
        id: expect.any(Number),
        name: 'FRANCHISEE IVANOV',
        slug: 'fr_ivanov',
        is_external: true,
        roles: [{ id: expect.any(Number), name: 'readonly' }],
        member_count: 0,
      },
    ]);
    const none = await search('ivan', 0);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ count: 0, result: [] });
    const bySlug = await app.inject({
      url: q(URL, { filters: [{ col: 'slug', opr: 'ct_slug', value: 'ANALY' }] }),
      headers: admin,
    });
    expect(bySlug.json().result.map((team: { slug: string }) => team.slug)).toEqual(['analytics']);
    const bad = await app.inject({
      url: q(URL, { filters: [{ col: 'owner', opr: 'eq', value: 1 }] }),
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("adds a member with the team's roles and removes only roles no other team gives", async () => {
    const { app } = harness();
    const analytics = (
      await app.inject({
        url: q(URL, { filters: [{ col: 'slug', opr: 'eq', value: 'analytics' }] }),
        headers: admin,
      })
    ).json().result[0];
    const second = (
      await create({ name: 'READERS', slug: 'readers', is_external: false, roles: ['readonly'] })
    ).json().result;

    const added = await membership('add_user', analytics.id, memberId);
    expect(added.statusCode).toBe(200);
    expect(added.json().result.participants.map((p: { username: string }) => p.username)).toEqual(['member']);
    expect(await rolesOf(memberId)).toEqual(['Gamma', 'Vizualize data', 'readonly']);
    expect((await membership('add_user', second.id, memberId)).statusCode).toBe(200);

    const removed = await membership('remove_user', analytics.id, memberId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.participants).toEqual([]);
    // readonly stays: the READERS team still gives it; Gamma was never the team's.
    expect(await rolesOf(memberId)).toEqual(['Gamma', 'readonly']);
    expect((await membership('remove_user', second.id, memberId)).statusCode).toBe(200);
    expect(await rolesOf(memberId)).toEqual(['Gamma']);

    expect((await membership('remove_user', second.id, memberId)).statusCode).toBe(422);
    expect((await membership('add_user', 999_999, memberId)).statusCode).toBe(404);
    expect((await membership('add_user', second.id, 999_999)).statusCode).toBe(422);
  });

  it('renames a team and applies role changes to its members', async () => {
    const { app } = harness();
    const team = (
      await create({ name: 'EDITORS', slug: 'editors', is_external: false, roles: ['readonly'] })
    ).json().result;
    await membership('add_user', team.id, memberId);
    const edit = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `${URL}${team.id}`, headers: admin, payload });
    const edited = await edit({ name: 'EDITORS 2', roles: ['Vizualize data'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({
      name: 'EDITORS 2',
      slug: 'editors',
      roles: [{ name: 'Vizualize data' }],
    });
    expect(await rolesOf(memberId)).toEqual(['Gamma', 'Vizualize data']);
    expect((await edit({ name: 'editors' })).statusCode).toBe(422);
    expect((await edit({ roles: ['Admin'] })).statusCode).toBe(422);
    expect(
      (await app.inject({ method: 'PUT', url: `${URL}999999`, headers: admin, payload: { name: 'X' } }))
        .statusCode,
    ).toBe(404);
    const detail = await app.inject({ url: `${URL}${team.id}`, headers: admin });
    expect(detail.json().result.participants).toEqual([
      expect.objectContaining({ id: memberId, username: 'member', email: 'member@example.com' }),
    ]);
  });

  it('finds people to add by first name, last name or email, with their teams', async () => {
    const { app } = harness();
    const found = await app.inject({
      url: q(`${URL}users/`, { filters: [{ col: 'name', opr: 'usr_name', value: 'MEMB' }] }),
      headers: admin,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().result).toEqual([
      {
        id: memberId,
        username: 'member',
        first_name: 'member',
        last_name: 'Test',
        email: 'member@example.com',
        teams: [{ id: expect.any(Number), name: 'EDITORS 2' }],
      },
    ]);
  });
});
