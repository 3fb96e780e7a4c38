import { encodeRison } from '@vitrina/common';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { roleNamesOf } from '../../testing/metastoreReads.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/statement/';
const q = (value: unknown) => `${URL}?q=${encodeURIComponent(encodeRison(value))}`;

const dataTeam = {
  is_new_team: true,
  is_external: false,
  team: 'DATA TEAM',
  team_slug: 'data_team',
  request_roles: ['Vizualize data', 'Create data'],
};
const franchiseeTeam = {
  is_new_team: true,
  is_external: true,
  team: 'FRANCHISEE IVANOV',
  team_slug: 'fr_ivanov',
  request_roles: ['readonly'],
};

describeEachMetastore('access requests API', (harness, kind) => {
  let admin: Headers;
  const people: Record<string, { id: number; headers: Headers }> = {};

  const db = () => harness().ctx.metastore.db;
  const rolesOf = (userId: number) => roleNamesOf(harness(), userId);
  const teamsOf = async (userId: number) =>
    (
      await db()
        .selectFrom('team_users as tu')
        .innerJoin('teams as t', 't.id', 'tu.team_id')
        .select('t.slug')
        .where('tu.user_id', '=', userId)
        .execute()
    ).map((row) => row.slug);
  const file = (who: string, payload: Record<string, unknown>) =>
    harness().app.inject({ method: 'POST', url: URL, headers: people[who]!.headers, payload });
  const decide = (id: number, payload: Record<string, unknown>) =>
    harness().app.inject({ method: 'PUT', url: `${URL}${id}`, headers: admin, payload });
  const saveStepOne = (who: string) =>
    harness().app.inject({
      method: 'PUT',
      url: '/api/v1/onboarding/',
      headers: people[who]!.headers,
      payload: { dodo_role: 'Staff' },
    });
  const statementsOf = (userId: number) =>
    db().selectFrom('statements').selectAll().where('user_id', '=', userId).execute();

  beforeAll(async () => {
    const { createUser, loginAs } = harness();
    for (const name of ['alice', 'bob', 'fred', 'carol', 'dave']) {
      const id = await createUser({ username: name, roles: ['Gamma'] });
      people[name] = { id, headers: await loginAs(name, 'password123') };
      await saveStepOne(name);
    }
    const id = await createUser({ username: 'roleless', roles: [] });
    people.roleless = { id, headers: await loginAs('roleless', 'password123') };
    admin = await loginAs(ADMIN.username, ADMIN.password);
  });

  it('lets anyone signed in file once step 1 is saved, and only administrators administer', async () => {
    const { app } = harness();
    expect((await app.inject({ method: 'POST', url: URL, payload: dataTeam })).statusCode).toBe(401);
    // Someone without roles onboards too, but not before telling who they are.
    const early = await file('roleless', dataTeam);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ message: 'Tell us about yourself first: save step 1 of onboarding' });
    expect(await statementsOf(people.roleless!.id)).toEqual([]);
    expect((await saveStepOne('roleless')).statusCode).toBe(200);
    expect(
      (await file('roleless', { ...dataTeam, team: 'ROLELESS', team_slug: 'roleless' })).statusCode,
    ).toBe(201);
    const gamma = people.bob!.headers;
    expect((await app.inject({ url: URL, headers: gamma })).statusCode).toBe(403);
    expect((await app.inject({ url: `${URL}1`, headers: gamma })).statusCode).toBe(403);
    const put = await app.inject({
      method: 'PUT',
      url: `${URL}1`,
      headers: gamma,
      payload: { is_approved: true },
    });
    expect(put.statusCode).toBe(403);
  });

  it('files a request, finishes onboarding and refuses a second open request', async () => {
    const { app } = harness();
    const filed = await file('alice', dataTeam);
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toEqual({
      id: expect.any(Number),
      result: { is_onboarding_finished: true, state: 'open' },
    });
    const onboarding = await app.inject({ url: '/api/v1/onboarding/', headers: people.alice!.headers });
    expect(onboarding.json().result.is_onboarding_finished).toBe(true);

    const second = await file('alice', { ...dataTeam, request_roles: ['readonly'] });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({
      message: 'You already have an open request; wait for an administrator to process it',
    });
    expect(await statementsOf(people.alice!.id)).toHaveLength(1);
  });

  it('refuses Create data for franchisees, unknown roles, bad names and wrong existing teams, writing nothing', async () => {
    const { app } = harness();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { ...franchiseeTeam, request_roles: ['readonly', 'Create data'] },
        { request_roles: ['Franchisees cannot request the role Create data'] },
      ],
      [{ ...franchiseeTeam, request_roles: ['Admin'] }, { request_roles: ['Unknown roles: Admin'] }],
      [{ ...franchiseeTeam, request_roles: [] }, { request_roles: ['Choose at least one role'] }],
      [{ ...franchiseeTeam, team: 'IVANOV', team_slug: 'ivanov' }, { team: [expect.any(String)] }],
      [{ ...franchiseeTeam, team_slug: 'fr_petrov' }, { team_slug: [expect.any(String)] }],
      [{ ...franchiseeTeam, is_new_team: false }, { team_slug: ["No team has the slug 'fr_ivanov'"] }],
    ];
    for (const [payload, message] of cases) {
      const response = await file('fred', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ message });
    }
    expect((await file('fred', { ...franchiseeTeam, team: undefined })).statusCode).toBe(400);
    expect(await statementsOf(people.fred!.id)).toEqual([]);
    const onboarding = await app.inject({ url: '/api/v1/onboarding/', headers: people.fred!.headers });
    expect(onboarding.json().result.is_onboarding_finished).toBe(false);
  });

  it('refuses a new team whose slug exists, and an existing team named or typed differently', async () => {
    const { app } = harness();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/team/',
      headers: admin,
      payload: { name: 'FRANCHISEE IVANOV', slug: 'fr_ivanov', is_external: true, roles: ['readonly'] },
    });
    expect(created.statusCode).toBe(201);
    const taken = await file('fred', franchiseeTeam);
    expect(taken.json()).toEqual({
      message: { team_slug: ["A team with the slug 'fr_ivanov' already exists; choose it instead"] },
    });
    const mismatch = await file('fred', { ...franchiseeTeam, is_new_team: false, team: 'FRANCHISEE PETROV' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toHaveProperty('team');
  });

  it('lists requests for administrators, open first, filtered by id, user and state', async () => {
    const { app } = harness();
    expect((await file('bob', { ...dataTeam, request_roles: ['readonly'] })).statusCode).toBe(201);
    const list = await app.inject({ url: URL, headers: admin });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.count).toBe(3);
    expect(body.result.find((row: { user: { id: number } }) => row.user.id === people.alice!.id)).toEqual({
      id: expect.any(Number),
      user: { id: people.alice!.id, first_name: 'alice', last_name: 'Test', email: 'alice@example.com' },
      team: 'DATA TEAM',
      team_slug: 'data_team',
      is_new_team: true,
      is_external: false,
      request_roles: [
        { id: expect.any(Number), name: 'Create data' },
        { id: expect.any(Number), name: 'Vizualize data' },
      ],
      state: 'open',
      finished: false,
      decision_comment: null,
      created_datetime: expect.any(String),
      last_changed_datetime: expect.any(String),
    });
    const byUser = await app.inject({
      url: q({ filters: [{ col: 'user', opr: 'rel_m_m', value: people.bob!.id }] }),
      headers: admin,
    });
    expect(byUser.json().result.map((row: { user: { id: number } }) => row.user.id)).toEqual([
      people.bob!.id,
    ]);
    const byId = await app.inject({
      url: q({ filters: [{ col: 'id', opr: 'eq_id_statement', value: body.ids[1] }] }),
      headers: admin,
    });
    expect(byId.json().ids).toEqual([body.ids[1]]);
    const closed = await app.inject({
      url: q({ filters: [{ col: 'state', opr: 'neq', value: 'open' }] }),
      headers: admin,
    });
    expect(closed.json()).toMatchObject({ count: 0, result: [] });
    expect(
      (await app.inject({ url: q({ filters: [{ col: 'nope', opr: 'eq', value: 1 }] }), headers: admin }))
        .statusCode,
    ).toBe(400);
  });

  it('shows an administrator the requester, their roles and the team the slug names', async () => {
    const { app } = harness();
    await app.inject({
      method: 'PUT',
      url: '/api/v1/onboarding/',
      headers: people.alice!.headers,
      payload: { dodo_role: 'Analyst' },
    });
    const [statement] = await statementsOf(people.alice!.id);
    const detail = await app.inject({ url: `${URL}${statement!.id}`, headers: admin });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result).toMatchObject({
      id: statement!.id,
      state: 'open',
      requester: {
        id: people.alice!.id,
        username: 'alice',
        dodo_role: 'Analyst',
        preferred_language: 'en',
        roles: [{ name: 'Gamma' }],
        team: null,
      },
      decided_by: null,
      decided_on: null,
      existing_team: null,
    });
    expect((await app.inject({ url: `${URL}999999`, headers: admin })).statusCode).toBe(404);
    expect((await decide(999_999, { is_approved: true })).statusCode).toBe(404);
  });

  it('approves a new team request: creates the team, moves the person in, grants roles, keeps others', async () => {
    const { app } = harness();
    const alice = people.alice!;
    const [statement] = await statementsOf(alice.id);
    const approved = await decide(statement!.id, {
      is_approved: true,
      team_slug: 'data_team',
      request_roles: [],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().result).toMatchObject({
      state: 'approved',
      finished: true,
      decided_by: { first_name: expect.any(String) },
      existing_team: { slug: 'data_team', name: 'DATA TEAM', is_external: false, member_count: 1 },
    });
    expect(await teamsOf(alice.id)).toEqual(['data_team']);
    expect(await rolesOf(alice.id)).toEqual(['Create data', 'Gamma', 'Vizualize data']);

    const again = await decide(statement!.id, { is_approved: false });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'This request is already closed' });

    const myTeam = await app.inject({ url: '/api/v1/me/team', headers: alice.headers });
    expect(myTeam.json().result).toMatchObject({ team: 'DATA TEAM', team_slug: 'data_team' });
    const mine = await app.inject({ url: '/api/v1/me/statements', headers: alice.headers });
    expect(mine.json().result.statements).toEqual([
      expect.objectContaining({ id: statement!.id, state: 'approved', finished: true }),
    ]);
  });

  it('declines with a comment, changing nothing else, and lets the person ask again', async () => {
    const bob = people.bob!;
    const [statement] = await statementsOf(bob.id);
    const declined = await decide(statement!.id, {
      is_approved: false,
      decision_comment: ' Ask your manager ',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().result).toMatchObject({ state: 'declined', decision_comment: 'Ask your manager' });
    expect(await rolesOf(bob.id)).toEqual(['Gamma']);
    expect(await teamsOf(bob.id)).toEqual([]);
  });

  it("joins an existing team at once: the team's roles, whatever the form said, and no review", async () => {
    const { app } = harness();
    const bob = people.bob!;
    const joined = await file('bob', { ...dataTeam, is_new_team: false, request_roles: ['readonly'] });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().result).toEqual({ is_onboarding_finished: true, state: 'approved' });
    expect(await teamsOf(bob.id)).toEqual(['data_team']);
    // data_team's roles are those Alice's approved request created it with.
    expect(await rolesOf(bob.id)).toEqual(['Create data', 'Gamma', 'Vizualize data']);
    const [latest] = await app
      .inject({ url: '/api/v1/me/statements', headers: bob.headers })
      .then((response) => response.json().result.statements);
    expect(latest).toMatchObject({
      state: 'approved',
      finished: true,
      team_slug: 'data_team',
      request_roles: [{ name: 'Create data' }, { name: 'Vizualize data' }],
    });
    // The roles hold at once: the same session reads what it could not before.
    expect((await app.inject({ url: '/api/v1/dataset/', headers: bob.headers })).statusCode).toBe(200);
  });

  it('approves a request into another existing team with its roles, out of the previous team', async () => {
    const fred = people.fred!;
    await db()
      .insertInto('team_users')
      .values({
        team_id: (
          await db()
            .selectFrom('teams')
            .select('id')
            .where('slug', '=', 'data_team')
            .executeTakeFirstOrThrow()
        ).id,
        user_id: fred.id,
      })
      .execute();
    expect(
      (await file('fred', { ...franchiseeTeam, team: 'FRANCHISEE PETROV', team_slug: 'fr_petrov' }))
        .statusCode,
    ).toBe(201);
    const [statement] = await statementsOf(fred.id);
    // data_team belongs to the managing company, fred is a franchisee.
    const wrongOrigin = await decide(statement!.id, { is_approved: true, team_slug: 'data_team' });
    expect(wrongOrigin.statusCode).toBe(422);
    const noName = await decide(statement!.id, { is_approved: true, team_slug: 'fr_unknown' });
    expect(noName.json()).toEqual({ message: { team: ["Give the name of the new team 'fr_unknown'"] } });
    const approved = await decide(statement!.id, { is_approved: true, team_slug: 'fr_ivanov' });
    expect(approved.statusCode).toBe(200);
    expect(await teamsOf(fred.id)).toEqual(['fr_ivanov']);
    expect(await rolesOf(fred.id)).toEqual(['Gamma', 'readonly']);
  });

  it('approves into a new team the administrator names differently', async () => {
    const dave = people.dave!;
    expect(
      (await file('dave', { ...dataTeam, team: 'DEV', team_slug: 'dev', request_roles: ['readonly'] }))
        .statusCode,
    ).toBe(201);
    const [statement] = await statementsOf(dave.id);
    const inconsistent = await decide(statement!.id, {
      is_approved: true,
      team_slug: 'dev_ops',
      team: 'DEV',
    });
    expect(inconsistent.statusCode).toBe(422);
    const approved = await decide(statement!.id, {
      is_approved: true,
      team_slug: 'dev_ops',
      team: 'DEV OPS',
    });
    expect(approved.statusCode).toBe(200);
    expect(await teamsOf(dave.id)).toEqual(['dev_ops']);
    expect(await db().selectFrom('teams').select('name').where('slug', '=', 'dev').execute()).toEqual([]);
  });

  it('leaves nothing changed when an approval fails midway', async () => {
    const carol = people.carol!;
    expect(
      (await file('carol', { ...dataTeam, team: 'OPS', team_slug: 'ops', request_roles: ['readonly'] }))
        .statusCode,
    ).toBe(201);
    const [statement] = await statementsOf(carol.id);
    // The role grant, after the team was created and joined, fails.
    if (kind === 'sqlite') {
      await sql
        .raw(
          `create trigger refuse_grant before insert on user_roles when new.user_id = ${carol.id} begin select raise(abort, 'grant refused'); end`,
        )
        .execute(db());
    } else {
      await sql
        .raw(
          `create function refuse_grant() returns trigger as $$ begin if new.user_id = ${carol.id} then raise exception 'grant refused'; end if; return new; end $$ language plpgsql;
           create trigger refuse_grant before insert on user_roles for each row execute function refuse_grant();`,
        )
        .execute(db());
    }
    try {
      const failed = await decide(statement!.id, { is_approved: true });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql
        .raw(kind === 'sqlite' ? 'drop trigger refuse_grant' : 'drop trigger refuse_grant on user_roles')
        .execute(db());
    }
    expect(await db().selectFrom('teams').select('id').where('slug', '=', 'ops').execute()).toEqual([]);
    expect(await teamsOf(carol.id)).toEqual([]);
    expect(await rolesOf(carol.id)).toEqual(['Gamma']);
    const [after] = await statementsOf(carol.id);
    expect(after).toMatchObject({ state: 'open', decided_by_fk: null, decided_on: null });
    expect((await decide(statement!.id, { is_approved: true })).statusCode).toBe(200);
    expect(await teamsOf(carol.id)).toEqual(['ops']);
  });
});
