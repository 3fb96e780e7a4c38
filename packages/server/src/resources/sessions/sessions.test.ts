import { expect, it, vi } from 'vitest';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describeEachMetastore('my sessions', (harness) => {
  async function browserLogin(username: string, userAgent: string, remoteAddress: string): Promise<Headers> {
    const { app } = harness();
    const response = await app.inject({
      method: 'POST',
      url: '/login/',
      payload: new URLSearchParams({ username, password: 'password123' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
      remoteAddress,
    });
    const cookie = `session=${response.cookies.find((c) => c.name === 'session')?.value}`;
    const csrf = await app.inject({ url: '/api/v1/security/csrf_token/', headers: { cookie } });
    return { cookie, 'x-csrftoken': csrf.json().result, 'user-agent': userAgent };
  }

  it('lists device, address, start and last seen, with the current one marked', async () => {
    const { app, createUser } = harness();
    await createUser({ username: 'lister', roles: ['Gamma'] });
    await browserLogin('lister', 'curl/8.0', '192.0.2.10');
    const here = await browserLogin('lister', FIREFOX, '192.0.2.11');
    const response = await app.inject({ url: '/api/v1/me/sessions/', headers: here });
    expect(response.statusCode).toBe(200);
    const { count, result } = response.json();
    expect(count).toBe(2);
    const current = result.find((session: { current: boolean }) => session.current);
    expect(current).toMatchObject({ kind: 'browser', user_agent: FIREFOX, ip_address: '192.0.2.11' });
    expect(Date.parse(current.created_on)).not.toBeNaN();
    expect(Date.parse(current.last_seen_on)).not.toBeNaN();
    expect(result.filter((session: { current: boolean }) => !session.current)).toEqual([
      expect.objectContaining({ user_agent: 'curl/8.0', ip_address: '192.0.2.10', current: false }),
    ]);
  });

  it('ends one session, which logs that browser out; another user’s session is not found', async () => {
    const { app, createUser } = harness();
    await createUser({ username: 'ender', roles: ['Gamma'] });
    await createUser({ username: 'bystander-2', roles: ['Gamma'] });
    const laptop = await browserLogin('ender', 'laptop', '192.0.2.20');
    const phone = await browserLogin('ender', 'phone', '192.0.2.21');
    const stranger = await browserLogin('bystander-2', 'other', '192.0.2.22');
    const list = (await app.inject({ url: '/api/v1/me/sessions/', headers: laptop })).json();
    const phoneId = list.result.find((session: { user_agent: string }) => session.user_agent === 'phone').id;

    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${phoneId}`,
      headers: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/me/', headers: phone })).statusCode).toBe(200);

    const withoutCsrf = await app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${phoneId}`,
      headers: { cookie: laptop.cookie! },
    });
    expect(withoutCsrf.statusCode).toBe(400);

    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${phoneId}`,
      headers: laptop,
    });
    expect(ended.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/me/', headers: phone })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/me/', headers: laptop })).statusCode).toBe(200);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${phoneId}`,
      headers: laptop,
    });
    expect(again.statusCode).toBe(404);
  });

  it('ends all the others and keeps this one', async () => {
    const { app, createUser, bearer } = harness();
    await createUser({ username: 'all-others', roles: ['Gamma'] });
    const first = await browserLogin('all-others', 'a', '192.0.2.30');
    const api = await bearer('all-others', 'password123');
    const here = await browserLogin('all-others', 'b', '192.0.2.31');
    const response = await app.inject({ method: 'DELETE', url: '/api/v1/me/sessions/', headers: here });
    expect(response.json()).toEqual({ message: 'OK', count: 2 });
    expect((await app.inject({ url: '/api/v1/me/', headers: first })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/me/', headers: api })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/me/', headers: here })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/me/sessions/', headers: here })).json().count).toBe(1);
  });

  it('records the last time and address a session was seen, at most once a minute', async () => {
    const { app, ctx, createUser } = harness();
    await createUser({ username: 'seen', roles: ['Gamma'] });
    const headers = await browserLogin('seen', 'x', '192.0.2.40');
    const db = ctx.metastore.db;
    const row = async () =>
      db
        .selectFrom('user_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.last_seen_on', 's.ip_address'])
        .where('u.username', '=', 'seen')
        .executeTakeFirstOrThrow();
    const started = await row();
    await app.inject({ url: '/api/v1/me/', headers, remoteAddress: '192.0.2.41' });
    expect(await row()).toEqual(started);
    // Five minutes on (the session, kept in process for a second, is not read again: the clock moves).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 });
    try {
      await app.inject({ url: '/api/v1/me/', headers, remoteAddress: '192.0.2.41' });
    } finally {
      vi.useRealTimers();
    }
    const seen = await row();
    expect(seen.ip_address).toBe('192.0.2.41');
    const earlier = started.last_seen_on;
    expect(seen.last_seen_on > earlier).toBe(true);
  });
});

describeEachMetastore('a user’s sessions, for administrators', (harness) => {
  it('lists them and ends them all at once, tokens included', async () => {
    const { app, createUser, loginAs, bearer } = harness();
    const id = await createUser({ username: 'managed', roles: ['Gamma'] });
    const browser = await loginAs('managed', 'password123');
    const api = await bearer('managed', 'password123');
    const admin = await bearer(ADMIN.username, ADMIN.password);
    const listed = await app.inject({ url: `/api/v1/security/users/${id}/sessions`, headers: admin });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .result.map((session: { kind: string }) => session.kind)
        .sort(),
    ).toEqual(['api', 'browser']);

    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/v1/security/users/${id}/sessions`,
      headers: admin,
    });
    expect(ended.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/me/', headers: browser })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/me/', headers: api })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: `/api/v1/security/users/${id}/sessions`, headers: admin })).json().count,
    ).toBe(0);
    expect((await app.inject({ url: '/api/v1/me/', headers: admin })).statusCode).toBe(200);
  });

  it('refuses them to non-administrators and answers 404 for an unknown user', async () => {
    const { app, createUser, bearer } = harness();
    const id = await createUser({ username: 'gamma-peeker', roles: ['Gamma'] });
    const gamma = await bearer('gamma-peeker', 'password123');
    expect(
      (await app.inject({ url: `/api/v1/security/users/${id}/sessions`, headers: gamma })).statusCode,
    ).toBe(403);
    const end = await app.inject({
      method: 'DELETE',
      url: `/api/v1/security/users/${id}/sessions`,
      headers: gamma,
    });
    expect(end.statusCode).toBe(403);
    const admin = await bearer(ADMIN.username, ADMIN.password);
    expect(
      (await app.inject({ url: '/api/v1/security/users/999999/sessions', headers: admin })).statusCode,
    ).toBe(404);
  });
});
