import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from './http/access.ts';
import { routeModules } from './resources/index.ts';
import { ADMIN, createTestApp, describeEachMetastore, type TestApp } from './testing/testApp.ts';

describeEachMetastore('health and OpenAPI', (harness) => {
  it('answers /health once the metadata store is reachable', async () => {
    const response = await harness().app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK' });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await harness().app.inject({ url: '/api/v1/_openapi' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/api/v1/me/',
        '/api/v1/me/roles/',
        '/api/v1/security/login',
        '/api/v1/security/csrf_token/',
      ]),
    );
    expect(document.paths['/api/v1/security/login'].post.requestBody).toBeDefined();
  });

  it('serves the API browser at /swagger/v1', async () => {
    const response = await harness().app.inject({ url: '/swagger/v1/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await harness().app.inject({ url: '/api/v1/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers', async () => {
    const response = await harness().app.inject({ url: '/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('compresses large responses', async () => {
    const response = await harness().app.inject({
      url: '/api/v1/_openapi',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describeEachMetastore('current user', (harness) => {
  it('returns the user in Superset shape', async () => {
    const { app, bearer } = harness();
    const response = await app.inject({
      url: '/api/v1/me/',
      headers: await bearer(ADMIN.username, ADMIN.password),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      username: 'admin',
      is_active: true,
      is_anonymous: false,
      preferred_language: 'en',
    });
    expect(JSON.stringify(response.json())).not.toContain('password');
  });

  it('returns roles with their permission pairs', async () => {
    const { app, bearer, createUser } = harness();
    await createUser({ username: 'gina', roles: ['Gamma'] });
    const response = await app.inject({
      url: '/api/v1/me/roles/',
      headers: await bearer('gina', 'password123'),
    });
    expect(response.statusCode).toBe(200);
    const { roles } = response.json().result;
    expect(Object.keys(roles)).toEqual(['Gamma']);
    expect(roles.Gamma).toContainEqual(['can_read', 'Dashboard']);
    expect(roles.Gamma).not.toContainEqual(['can_read', 'User']);
  });

  it('stores the preferred language', async () => {
    const { app, bearer } = harness();
    const headers = await bearer(ADMIN.username, ADMIN.password);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/',
      headers,
      payload: { preferred_language: 'ru' },
    });
    expect(put.json().result.preferred_language).toBe('ru');
    const get = await app.inject({ url: '/api/v1/me/', headers });
    expect(get.json().result.preferred_language).toBe('ru');
    await app.inject({ method: 'PUT', url: '/api/v1/me/', headers, payload: { preferred_language: 'en' } });
  });

  it('refuses an unknown language or field with 400 and changes nothing', async () => {
    const { app, bearer } = harness();
    const headers = await bearer(ADMIN.username, ADMIN.password);
    for (const payload of [{ preferred_language: 'de' }, { username: 'root' }, { first_name: '' }]) {
      const response = await app.inject({ method: 'PUT', url: '/api/v1/me/', headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const me = await app.inject({ url: '/api/v1/me/', headers });
    expect(me.json().result).toMatchObject({ username: 'admin', preferred_language: 'en' });
  });

  it('answers anonymous callers with 401', async () => {
    const { app } = harness();
    for (const url of ['/api/v1/me/', '/api/v1/me/roles/']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authorized' });
    }
  });
});

describe('every route declares its access', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => harness.close());

  it('has an access declaration on each registered route', () => {
    const routes = harness.app.declaredRoutes;
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes
      .filter((route) => !route.config?.access)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('keeps anonymous callers out of every non-public API route', async () => {
    const apiRoutes = harness.app.declaredRoutes.filter(
      (route) => route.url.startsWith('/api/') && route.config?.access?.kind !== 'public',
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) {
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as 'GET';
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await harness.app.inject({ method, url });
      expect([401, 404], `${method} ${url}`).toContain(response.statusCode);
    }
  });

  it('refuses to start when a route declares nothing', async () => {
    routeModules.push((app) => {
      app.get('/api/v1/undeclared', async () => ({}));
    });
    try {
      await expect(createTestApp()).rejects.toThrow(
        /Routes without config.access: GET \/api\/v1\/undeclared/,
      );
    } finally {
      routeModules.pop();
    }
  });

  it('checks a declared permission pair: 403 without it, 200 with it', async () => {
    routeModules.push((app) => {
      app.get('/api/v1/probe', { config: { access: access.can('can_read', 'Dashboard') } }, async () => ({
        ok: true,
      }));
    });
    const probe = await createTestApp();
    routeModules.pop();
    try {
      await probe.createUser({ username: 'nobody', roles: ['Public'] });
      await probe.createUser({ username: 'gamma', roles: ['Gamma'] });
      const denied = await probe.app.inject({
        url: '/api/v1/probe',
        headers: await probe.bearer('nobody', 'password123'),
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'Forbidden' });
      const allowed = await probe.app.inject({
        url: '/api/v1/probe',
        headers: await probe.bearer('gamma', 'password123'),
      });
      expect(allowed.statusCode).toBe(200);
      const admin = await probe.app.inject({
        url: '/api/v1/probe',
        headers: await probe.bearer(ADMIN.username, ADMIN.password),
      });
      expect(admin.statusCode).toBe(200);
    } finally {
      await probe.close();
    }
  });
});

describe('web app', () => {
  let harness: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    harness = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await harness.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/sqllab/',
    '/superset/dashboard/1/',
    '/explore/',
    '/onboarding/request/list',
    '/login/',
    '/no/such/page',
  ])('serves the app for the client route %s', async (url) => {
    const response = await harness.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await harness.app.inject({ url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('still answers unknown API paths with JSON', async () => {
    const response = await harness.app.inject({ url: '/api/v1/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('sends a logged-in user away from the login page', async () => {
    const headers = await harness.loginAs(ADMIN.username, ADMIN.password);
    const response = await harness.app.inject({
      url: '/login/?next=/sqllab/',
      headers: { cookie: headers.cookie ?? '' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sqllab/');
  });
});
