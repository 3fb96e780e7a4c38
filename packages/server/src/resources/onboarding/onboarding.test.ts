import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/onboarding/';

describeEachMetastore('onboarding API', (harness) => {
  let newcomer: Headers;
  let userId: number;

  beforeAll(async () => {
    const { createUser, loginAs } = harness();
    userId = await createUser({ username: 'newcomer', roles: ['Gamma'] });
    await createUser({ username: 'roleless', roles: [] });
    newcomer = await loginAs('newcomer', 'password123');
  });

  it('refuses anonymous callers', async () => {
    const { app } = harness();
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/me/team' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/team/' })).statusCode).toBe(401);
  });

  it('lets someone without any role reach exactly what onboarding and their profile need', async () => {
    const { app, loginAs } = harness();
    const roleless = await loginAs('roleless', 'password123');
    const reachable = [
      '/api/v1/me/',
      '/api/v1/me/roles/',
      '/api/v1/feature_flags/',
      '/api/v1/security/csrf_token/',
      URL,
      '/api/v1/me/team',
      '/api/v1/me/statements',
      `/api/v1/team/?q=${encodeURIComponent('(filters:!((col:name,opr:ct_name,value:ops)))')}`,
    ];
    for (const url of reachable) {
      expect((await app.inject({ url, headers: roleless })).statusCode, url).toBe(200);
    }
    const saved = await app.inject({
      method: 'PUT',
      url: URL,
      headers: roleless,
      payload: { dodo_role: 'Analyst' },
    });
    expect(saved.statusCode).toBe(200);
    // Everything else answers as it does for anyone lacking the permission.
    const refused = [
      '/api/v1/dashboard/',
      '/api/v1/chart/',
      '/api/v1/dataset/',
      '/api/v1/database/',
      '/api/v1/query/',
      '/api/v1/sqllab/',
      '/api/v1/security/users/',
      '/api/v1/security/roles/',
      '/api/v1/statement/',
      '/api/v1/team/users/',
    ];
    for (const url of refused) {
      expect((await app.inject({ url, headers: roleless })).statusCode, url).toBe(403);
    }
    const me = await app.inject({ url: '/api/v1/me/roles/', headers: roleless });
    expect(me.json().result.roles).toEqual({});
  });

  it('opens by itself for someone without roles, and not for someone with roles', async () => {
    const { app, loginAs } = harness();
    const roleless = await loginAs('roleless', 'password123');
    expect((await app.inject({ url: URL, headers: roleless })).json().result.open_by_itself).toBe(true);
    expect((await app.inject({ url: URL, headers: newcomer })).json().result.open_by_itself).toBe(false);
  });

  it('creates the record on the first call and answers it filled in', async () => {
    const { app, ctx } = harness();
    const first = await app.inject({ url: URL, headers: newcomer });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toEqual({
      id: expect.any(Number),
      is_onboarding_finished: false,
      onboarding_started_time: null,
      first_name: 'newcomer',
      last_name: 'Test',
      email: 'newcomer@example.com',
      dodo_role: null,
      preferred_language: 'en',
      open_by_itself: false,
    });
    const second = await app.inject({ url: URL, headers: newcomer });
    expect(second.json().result.id).toBe(first.json().result.id);
    const rows = await ctx.metastore.db
      .selectFrom('user_info')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("validates the role in Dodo Brands with the form's texts and changes nothing on error", async () => {
    const { app } = harness();
    const cases: Array<[string, string]> = [
      ['', 'Please input your role in Dodo Brands!'],
      ['ab', 'Minimum 3 characters'],
      ['a'.repeat(31), 'Maximum 30 characters'],
      ['boss<script>', 'Only letters, digits, spaces, dots, underscores and hyphens are allowed'],
    ];
    for (const [dodo_role, message] of cases) {
      const response = await app.inject({
        method: 'PUT',
        url: URL,
        headers: newcomer,
        payload: { dodo_role },
      });
      expect(response.statusCode, dodo_role).toBe(422);
      expect(response.json()).toEqual({ message: { dodo_role: [message] } });
    }
    expect((await app.inject({ method: 'PUT', url: URL, headers: newcomer, payload: {} })).statusCode).toBe(
      400,
    );
    const after = (await app.inject({ url: URL, headers: newcomer })).json().result;
    expect(after.onboarding_started_time).toBeNull();
    expect(after.dodo_role).toBeNull();
  });

  it('stores the role and starts onboarding once', async () => {
    const { app } = harness();
    const saved = await app.inject({
      method: 'PUT',
      url: URL,
      headers: newcomer,
      payload: { dodo_role: '  Аналитик данных ' },
    });
    expect(saved.statusCode).toBe(200);
    const { result } = saved.json();
    expect(result.dodo_role).toBe('Аналитик данных');
    expect(Date.parse(result.onboarding_started_time)).not.toBeNaN();
    const again = await app.inject({
      method: 'PUT',
      url: URL,
      headers: newcomer,
      payload: { dodo_role: 'Analyst' },
    });
    expect(again.json().result).toEqual({
      dodo_role: 'Analyst',
      onboarding_started_time: result.onboarding_started_time,
    });
    const info = (await app.inject({ url: URL, headers: newcomer })).json().result;
    expect(info.onboarding_started_time).toBe(result.onboarding_started_time);
    expect(info.is_onboarding_finished).toBe(false);
  });

  it('answers the caller without a team and without requests', async () => {
    const { app } = harness();
    const team = await app.inject({ url: '/api/v1/me/team', headers: newcomer });
    expect(team.statusCode).toBe(200);
    expect(team.json().result).toEqual({
      id: userId,
      email: 'newcomer@example.com',
      first_name: 'newcomer',
      last_name: 'Test',
      team: null,
      team_slug: null,
    });
    const statements = await app.inject({ url: '/api/v1/me/statements', headers: newcomer });
    expect(statements.json()).toEqual({ result: { statements: [] } });
  });
});
