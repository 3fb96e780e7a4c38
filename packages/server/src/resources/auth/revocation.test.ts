import { expect, it } from 'vitest';
import type { App } from '../../http/types.ts';
import { createSession, endAllSessions, findLiveSession } from '../../security/sessionStore.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function apiLogin(app: App, username: string, password: string): Promise<Tokens> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/security/login',
    payload: { username, password, provider: 'db', refresh: true },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function refresh(app: App, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/security/refresh',
    headers: { authorization: `Bearer ${refreshToken}` },
  });
}

async function meStatus(app: App, headers: Headers): Promise<number> {
  return (await app.inject({ url: '/api/v1/me/', headers })).statusCode;
}

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachMetastore('logout ends the session', (harness) => {
  it('refuses the old cookie after logout (it used to stay valid for 7 days)', async () => {
    const { app, loginAs } = harness();
    const headers = await loginAs(ADMIN.username, ADMIN.password);
    expect(await meStatus(app, { cookie: headers.cookie! })).toBe(200);
    const logout = await app.inject({ method: 'POST', url: '/logout/', headers });
    expect(logout.statusCode).toBe(303);
    expect(await meStatus(app, { cookie: headers.cookie! })).toBe(401);
  });

  it('does not log out on a GET, nor on a POST without the CSRF token', async () => {
    const { app, loginAs } = harness();
    const headers = await loginAs(ADMIN.username, ADMIN.password);
    const cookie = { cookie: headers.cookie! };
    const get = await app.inject({ url: '/logout/', headers: cookie });
    // The page that asks to confirm (404 here: these tests serve no web bundle), never a logout.
    expect(get.headers.location).toBeUndefined();
    expect(get.cookies.find((c) => c.name === 'session')).toBeUndefined();
    for (const token of [undefined, 'forged']) {
      const post = await app.inject({
        method: 'POST',
        url: '/logout/',
        headers: { ...cookie, ...(token && { 'x-csrftoken': token }) },
      });
      expect(post.statusCode).toBe(400);
      expect(post.json().errors[0].error_type).toBe('CSRF_TOKEN_ERROR');
    }
    expect(await meStatus(app, cookie)).toBe(200);
  });

  it('takes the CSRF token as a form field, as the web app posts it', async () => {
    const { app, loginAs } = harness();
    const headers = await loginAs(ADMIN.username, ADMIN.password);
    const response = await app.inject({
      method: 'POST',
      url: '/logout/',
      headers: { cookie: headers.cookie!, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf_token: headers['x-csrftoken']! }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(await meStatus(app, { cookie: headers.cookie! })).toBe(401);
  });

  it('ends an API login when its access token posts to /logout/', async () => {
    const { app } = harness();
    const tokens = await apiLogin(app, ADMIN.username, ADMIN.password);
    const response = await app.inject({
      method: 'POST',
      url: '/logout/',
      headers: bearerOf(tokens.access_token),
    });
    expect(response.statusCode).toBe(303);
    expect(await meStatus(app, bearerOf(tokens.access_token))).toBe(401);
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(401);
  });
});

describeEachMetastore('changes that end every earlier session and token', (harness) => {
  async function signedInEverywhere(username: string, password: string) {
    const { app, loginAs } = harness();
    const browser = await loginAs(username, password);
    const tokens = await apiLogin(app, username, password);
    const check = async () => ({
      cookie: await meStatus(app, { cookie: browser.cookie! }),
      access: await meStatus(app, bearerOf(tokens.access_token)),
      refresh: (await refresh(app, tokens.refresh_token)).statusCode,
    });
    return { check };
  }

  async function adminChanges(userId: number, changes: Record<string, unknown>) {
    const { app, bearer } = harness();
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/security/users/${userId}`,
      headers: await bearer(ADMIN.username, ADMIN.password),
      payload: changes,
    });
    expect(response.statusCode).toBe(200);
  }

  it('a password change ends cookies, access and refresh tokens (they used to survive it)', async () => {
    const { app, createUser } = harness();
    const id = await createUser({ username: 'pw-change', password: 'old-password', roles: ['Gamma'] });
    const sessions = await signedInEverywhere('pw-change', 'old-password');
    await adminChanges(id, { password: 'new-password' });
    expect(await sessions.check()).toEqual({ cookie: 401, access: 401, refresh: 401 });
    await apiLogin(app, 'pw-change', 'new-password');
  });

  it('taking a role away ends sessions; giving one does not', async () => {
    const { ctx, createUser } = harness();
    const id = await createUser({ username: 'role-change', roles: ['Gamma'] });
    const alpha = await ctx.metastore.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Alpha')
      .executeTakeFirstOrThrow();
    const gamma = await ctx.metastore.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Gamma')
      .executeTakeFirstOrThrow();
    const first = await signedInEverywhere('role-change', 'password123');
    await adminChanges(id, { roles: [gamma.id, alpha.id] });
    expect((await first.check()).cookie).toBe(200);
    const second = await signedInEverywhere('role-change', 'password123');
    await adminChanges(id, { roles: [alpha.id] });
    expect(await second.check()).toEqual({ cookie: 401, access: 401, refresh: 401 });
  });

  it('deactivation ends sessions, and reactivating does not bring them back', async () => {
    const { createUser } = harness();
    const id = await createUser({ username: 'deactivated', roles: ['Gamma'] });
    const sessions = await signedInEverywhere('deactivated', 'password123');
    await adminChanges(id, { active: false });
    await adminChanges(id, { active: true });
    expect(await sessions.check()).toEqual({ cookie: 401, access: 401, refresh: 401 });
  });

  it('a sign-in that checked the old password just before the change does not survive it', async () => {
    const { ctx, createUser } = harness();
    const db = ctx.metastore.db;
    const id = await createUser({ username: 'racing', roles: ['Gamma'] });
    const { session_version } = await db
      .selectFrom('users')
      .select('session_version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => endAllSessions(trx, id));
    // The sign-in writes its row only now, with the version it read with the old password.
    const sessionId = await createSession(db, {
      userId: id,
      kind: 'browser',
      sessionVersion: session_version,
      lifetimeSeconds: 3600,
    });
    expect(await findLiveSession(db, sessionId, id)).toBeNull();
  });

  it('keeps the admin who changes their own password signed in in that browser only', async () => {
    const { app, loginAs, createUser } = harness();
    const id = await createUser({ username: 'self-admin', password: 'first-password', roles: ['Admin'] });
    const other = await loginAs('self-admin', 'first-password');
    const here = await loginAs('self-admin', 'first-password');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/security/users/${id}`,
      headers: here,
      payload: { password: 'second-password' },
    });
    expect(response.statusCode).toBe(200);
    const renewed = response.cookies.find((c) => c.name === 'session');
    expect(renewed?.value).toBeTruthy();
    expect(await meStatus(app, { cookie: here.cookie! })).toBe(401);
    expect(await meStatus(app, { cookie: other.cookie! })).toBe(401);
    expect(await meStatus(app, { cookie: `session=${renewed?.value}` })).toBe(200);
  });

  it('lets a session expire in the metastore even while its cookie is still signed', async () => {
    const { app, ctx, loginAs } = harness();
    const headers = await loginAs(ADMIN.username, ADMIN.password);
    const row = await ctx.metastore.db
      .selectFrom('user_sessions')
      .select('id')
      .orderBy('created_on', 'desc')
      .executeTakeFirstOrThrow();
    await ctx.metastore.db
      .updateTable('user_sessions')
      .set({ expires_on: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect(await meStatus(app, { cookie: headers.cookie! })).toBe(401);
  });
});

describeEachMetastore('refresh tokens', (harness) => {
  it('rotate: each refresh answers a new refresh token and the used one stops working', async () => {
    const { app } = harness();
    const first = await apiLogin(app, ADMIN.username, ADMIN.password);
    const second = await refresh(app, first.refresh_token);
    expect(second.statusCode).toBe(200);
    const { access_token, refresh_token } = second.json<Tokens>();
    expect(refresh_token).not.toBe(first.refresh_token);
    expect(await meStatus(app, bearerOf(access_token))).toBe(200);
    const third = await refresh(app, refresh_token);
    expect(third.statusCode).toBe(200);
  });

  it('a reused refresh token ends its whole family, access tokens included (it used to be reusable for 30 days)', async () => {
    const { app } = harness();
    const stolen = await apiLogin(app, ADMIN.username, ADMIN.password);
    const legitimate = (await refresh(app, stolen.refresh_token)).json<Tokens>();
    const reuse = await refresh(app, stolen.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'Not authorized' });
    expect((await refresh(app, legitimate.refresh_token)).statusCode).toBe(401);
    expect(await meStatus(app, bearerOf(legitimate.access_token))).toBe(401);
    expect(await meStatus(app, bearerOf(stolen.access_token))).toBe(401);
    // Another login of the same user is not touched.
    const other = await apiLogin(app, ADMIN.username, ADMIN.password);
    expect(await meStatus(app, bearerOf(other.access_token))).toBe(200);
  });

  it('of two concurrent uses of one refresh token at most one succeeds', async () => {
    const { app } = harness();
    const tokens = await apiLogin(app, ADMIN.username, ADMIN.password);
    const answers = await Promise.all([
      refresh(app, tokens.refresh_token),
      refresh(app, tokens.refresh_token),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
  });
});
