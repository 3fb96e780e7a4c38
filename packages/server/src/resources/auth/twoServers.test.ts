import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types.ts';
import { useTestRedis } from '../../testing/redis.ts';
import { SERVICES, serviceAvailable } from '../../testing/services.ts';
import { apiLogin } from '../../testing/signIns.ts';
import {
  ADMIN,
  createPostgresDatabase,
  createTestApp,
  type Headers,
  type TestApp,
} from '../../testing/testApp.ts';

const hasServices = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));
const LIMIT = 10;

/**
 * Two servers as a scaled-out installation runs them: one PostgreSQL metastore, one Redis, one secret
 * key, nothing else in common. A session ended on one must be refused by the other at once.
 */
describe.skipIf(!hasServices)('sessions across two servers on PostgreSQL and Redis', () => {
  const testRedis = useTestRedis();
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    // Opens the suite's own connection, which deletes the run's keys afterwards.
    await testRedis.redis.ping();
    database = await createPostgresDatabase();
    const shared = {
      config: { databaseUrl: database.url },
      redis: { url: SERVICES.redis.url, keyPrefix: `${testRedis.prefix}cluster` },
      secretKey: randomBytes(32).toString('base64url'),
      loginRateLimit: { maxFailures: LIMIT, windowSeconds: 300 },
    };
    one = await createTestApp(shared);
    two = await createTestApp(shared);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  const status = async (app: App, headers: Headers) =>
    (await app.inject({ url: '/api/v1/me/', headers })).statusCode;

  it('refuses on one server a cookie logged out on the other', async () => {
    const headers = await one.loginAs(ADMIN.username, ADMIN.password);
    expect(await status(two.app, headers)).toBe(200);
    const logout = await two.app.inject({ method: 'POST', url: '/logout/', headers });
    expect(logout.statusCode).toBe(303);
    expect(await status(one.app, headers)).toBe(401);
    expect(await status(two.app, headers)).toBe(401);
  });

  it('refuses on one server the tokens of a user whose password changed on the other', async () => {
    const id = await one.createUser({ username: 'clustered', password: 'first-password', roles: ['Gamma'] });
    const login = await one.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'clustered', password: 'first-password', provider: 'db', refresh: true },
    });
    const { access_token, refresh_token } = login.json();
    const cookie = await one.loginAs('clustered', 'first-password');
    expect(await status(two.app, { authorization: `Bearer ${access_token}` })).toBe(200);
    const change = await two.app.inject({
      method: 'PUT',
      url: `/api/v1/security/users/${id}`,
      headers: await two.bearer(ADMIN.username, ADMIN.password),
      payload: { password: 'second-password' },
    });
    expect(change.statusCode).toBe(200);
    expect(await status(one.app, { authorization: `Bearer ${access_token}` })).toBe(401);
    expect(await status(one.app, cookie)).toBe(401);
    const refreshed = await one.app.inject({
      method: 'POST',
      url: '/api/v1/security/refresh',
      headers: { authorization: `Bearer ${refresh_token}` },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('ends on both servers a refresh family whose rotated token is reused on the other', async () => {
    const login = await one.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { ...ADMIN, provider: 'db', refresh: true },
    });
    const first = login.json().refresh_token;
    const rotated = await one.app.inject({
      method: 'POST',
      url: '/api/v1/security/refresh',
      headers: { authorization: `Bearer ${first}` },
    });
    const { access_token } = rotated.json();
    const reuse = await two.app.inject({
      method: 'POST',
      url: '/api/v1/security/refresh',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(reuse.statusCode).toBe(401);
    expect(await status(one.app, { authorization: `Bearer ${access_token}` })).toBe(401);
  });

  it('counts sign-in attempts on both servers together: 40 concurrent guesses, at most 10 checked', async () => {
    await one.createUser({ username: 'guessed', password: 'the-real-password' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        apiLogin((i % 2 ? one : two).app, 'guessed', `guess-${i}`, `198.51.100.${i + 1}`),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    const { fail_login_count } = await one.ctx.metastore.db
      .selectFrom('users')
      .select('fail_login_count')
      .where('username', '=', 'guessed')
      .executeTakeFirstOrThrow();
    expect(fail_login_count).toBeLessThanOrEqual(LIMIT);
    const right = await apiLogin(two.app, 'guessed', 'the-real-password', '198.51.100.99');
    expect(right.statusCode).toBe(401);
  });

  it('ends on one server the sessions an administrator ended on the other', async () => {
    const id = await two.createUser({ username: 'ended-remotely', roles: ['Gamma'] });
    const browser = await two.loginAs('ended-remotely', 'password123');
    const ended = await one.app.inject({
      method: 'DELETE',
      url: `/api/v1/security/users/${id}/sessions`,
      headers: await one.bearer(ADMIN.username, ADMIN.password),
    });
    expect(ended.statusCode).toBe(200);
    expect(await status(two.app, browser)).toBe(401);
  });
});
