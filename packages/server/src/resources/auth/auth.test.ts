import { describe, expect, it } from 'vitest';
import { apiLogin, formLogin } from '../../testing/signIns.ts';
import { ADMIN, createTestApp, describeEachMetastore } from '../../testing/testApp.ts';

function form(fields: Record<string, string>) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

describeEachMetastore('browser login', (harness) => {
  it('sets a session cookie and redirects to the page the user came for', async () => {
    const { app } = harness();
    const response = await app.inject({
      method: 'POST',
      url: '/login/',
      ...form({ ...ADMIN, next: '/sqllab/' }),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sqllab/');
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const me = await app.inject({ url: '/api/v1/me/', headers: { cookie: `session=${cookie?.value}` } });
    expect(me.json().result.username).toBe('admin');
  });

  it('sends a wrong password back to the login page with the error and no cookie', async () => {
    const { app } = harness();
    const response = await app.inject({
      method: 'POST',
      url: '/login/',
      ...form({ username: 'admin', password: 'wrong', next: '/sqllab/' }),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login/?error=invalid&next=%2Fsqllab%2F');
    expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('never redirects off-site after login', async () => {
    const { app } = harness();
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      const response = await app.inject({ method: 'POST', url: '/login/', ...form({ ...ADMIN, next }) });
      expect(response.headers.location).toBe('/');
    }
  });

  it.each(['https://evil.example', 'null', 'not a url'])(
    'refuses a login form posted from origin %s',
    async (origin) => {
      const { app } = harness();
      const response = await app.inject({
        method: 'POST',
        url: '/login/',
        payload: new URLSearchParams(ADMIN).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      });
      expect(response.statusCode).toBe(403);
      expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
    },
  );

  it('accepts a login form from its own origin', async () => {
    const { app } = harness();
    const response = await app.inject({
      method: 'POST',
      url: '/login/',
      payload: new URLSearchParams(ADMIN).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:8088',
        host: 'localhost:8088',
      },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('does not let an inactive user in', async () => {
    const { app, createUser } = harness();
    await createUser({ username: 'sleeper', password: 'password123', roles: ['Gamma'], active: false });
    const response = await app.inject({
      method: 'POST',
      url: '/login/',
      ...form({ username: 'sleeper', password: 'password123' }),
    });
    expect(response.headers.location).toContain('error=invalid');
    const api = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'sleeper', password: 'password123', provider: 'db' },
    });
    expect(api.statusCode).toBe(401);
  });

  it('logs out with a POST that ends the session and clears the cookie', async () => {
    const { app, loginAs } = harness();
    const headers = await loginAs(ADMIN.username, ADMIN.password);
    const response = await app.inject({ method: 'POST', url: '/logout/', headers });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login/');
    expect(response.cookies.find((c) => c.name === 'session')?.value).toBe('');
  });

  it('sends a signed-out GET /logout/ to the login page', async () => {
    const { app } = harness();
    const response = await app.inject({ url: '/logout/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login/');
  });

  it('ignores a tampered session cookie', async () => {
    const { app, loginAs } = harness();
    const { cookie } = await loginAs(ADMIN.username, ADMIN.password);
    const tampered = `${cookie?.slice(0, -3)}abc`;
    const response = await app.inject({ url: '/api/v1/me/', headers: { cookie: tampered } });
    expect(response.statusCode).toBe(401);
  });
});

describeEachMetastore('CSRF', (harness) => {
  it('returns a token for the session and accepts writes that send it', async () => {
    const { app, loginAs } = harness();
    const headers = await loginAs(ADMIN.username, ADMIN.password);
    expect(headers['x-csrftoken']).toMatch(/^[\w-]{20,}$/);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/',
      headers,
      payload: { first_name: 'Ada' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.first_name).toBe('Ada');
  });

  it('refuses a cookie-authenticated write without a valid token with 400', async () => {
    const { app, loginAs } = harness();
    const { cookie } = await loginAs(ADMIN.username, ADMIN.password);
    for (const token of [undefined, 'forged-token']) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/v1/me/',
        headers: { cookie, ...(token && { 'x-csrftoken': token }) },
        payload: { first_name: 'Mallory' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe('The CSRF token is missing or invalid.');
    }
    const me = await app.inject({ url: '/api/v1/me/', headers: { cookie } });
    expect(me.json().result.first_name).not.toBe('Mallory');
  });

  it("does not accept another session's token", async () => {
    const { app, loginAs } = harness();
    const first = await loginAs(ADMIN.username, ADMIN.password);
    const second = await loginAs(ADMIN.username, ADMIN.password);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/',
      headers: { cookie: first.cookie, 'x-csrftoken': second['x-csrftoken'] ?? '' },
      payload: { first_name: 'Eve' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('needs no token for bearer requests', async () => {
    const { app, bearer } = harness();
    const headers = await bearer(ADMIN.username, ADMIN.password);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/',
      headers,
      payload: { last_name: 'Lovelace' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses the token endpoint to anonymous callers', async () => {
    const { app } = harness();
    const response = await app.inject({ url: '/api/v1/security/csrf_token/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not authorized' });
  });
});

describeEachMetastore('API tokens', (harness) => {
  it('issues access and refresh tokens', async () => {
    const { app } = harness();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { ...ADMIN, provider: 'db', refresh: true },
    });
    expect(response.statusCode).toBe(200);
    const { access_token, refresh_token } = response.json();
    const me = await app.inject({ url: '/api/v1/me/', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.json().result.username).toBe('admin');

    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/v1/security/refresh',
      headers: { authorization: `Bearer ${refresh_token}` },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access_token).toEqual(expect.any(String));
  });

  it('omits the refresh token unless asked', async () => {
    const { app } = harness();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { ...ADMIN, provider: 'db' },
    });
    expect(Object.keys(response.json())).toEqual(['access_token']);
  });

  it('answers wrong credentials with 401 Not authorized', async () => {
    const { app } = harness();
    for (const payload of [
      { username: 'admin', password: 'nope', provider: 'db' },
      { username: 'nobody', password: 'nope', provider: 'db' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/security/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authorized' });
    }
  });

  it('refuses a malformed body with 400', async () => {
    const { app } = harness();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('password');
  });

  it('does not take an access token as a refresh token, nor a refresh token as an access token', async () => {
    const { app } = harness();
    const { access_token, refresh_token } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/security/login',
        payload: { ...ADMIN, provider: 'db', refresh: true },
      })
    ).json();
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/v1/security/refresh',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await app.inject({
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${refresh_token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('rejects a garbage bearer token', async () => {
    const { app } = harness();
    const response = await app.inject({ url: '/api/v1/me/', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 after repeated failures from one address, even with the right password', async () => {
    const harness = await createTestApp({ loginRateLimit: { maxFailures: 3, windowSeconds: 60 } });
    await harness.createUser({ username: 'bystander', password: 'password123' });
    try {
      const attempt = (password: string) => apiLogin(harness.app, 'admin', password);
      for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(401);
      const limited = await attempt(ADMIN.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
      const browser = await formLogin(harness.app, ADMIN.username, ADMIN.password);
      expect(browser.headers.location).toContain('error=rate_limited');
      // Another address is not limited by this one's failures (the guessed account is: see bruteForce.test.ts).
      const other = await apiLogin(harness.app, 'bystander', 'password123', '10.9.8.7');
      expect(other.statusCode).toBe(200);
    } finally {
      await harness.close();
    }
  });
});
