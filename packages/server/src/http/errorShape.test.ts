import type { RouteOptions } from 'fastify';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../testing/testApp.ts';
import { CsrfError, NotAuthorizedError } from './errors.ts';
import { ErrorBodySchema } from './schemas.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** A concrete URL for a declared path: every parameter becomes 1, a wildcard a short name. */
function concreteUrl(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, '1').replace(/\*$/, 'x');
}

/**
 * Whatever a route declares as its response schemas, an error it answers keeps the one body the
 * error handler built: the review found `/api/v1/security/users/` turning the CSRF refusal into
 * `{"message":"\"message\" is required!"}` through its 400 schema.
 */
describe('every route answers every error in the one error shape', () => {
  let harness: TestApp;
  let routes: RouteOptions[];
  beforeAll(async () => {
    harness = await createTestApp();
    routes = harness.app.declaredRoutes.filter((route) => route.url.startsWith('/api/'));
  });
  afterAll(async () => harness.close());

  it('answers a cookie-session write without the CSRF token with CSRF_TOKEN_ERROR on every route', async () => {
    const { cookie } = await harness.loginAs(ADMIN.username, ADMIN.password);
    const expected = new CsrfError().body;
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      if (route.config?.csrfExempt) continue;
      for (const method of methodsOf(route).filter((m) => !SAFE_METHODS.has(m))) {
        const url = concreteUrl(route.url);
        const response = await harness.app.inject({
          method: method as 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: '{}',
        });
        checked++;
        const body = String(response.headers['content-type']).includes('json')
          ? response.json()
          : response.body;
        if (response.statusCode !== 400 || JSON.stringify(body) !== JSON.stringify(expected)) {
          wrong.push(`${method} ${url} → ${response.statusCode} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('answers an anonymous caller with the same 401 body on every non-public route', async () => {
    const expected = new NotAuthorizedError().body;
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.config?.access?.kind === 'public') continue;
      for (const method of methodsOf(route).filter((m) => m !== 'HEAD')) {
        const url = concreteUrl(route.url);
        const response = await harness.app.inject({ method: method as 'GET', url });
        const body = String(response.headers['content-type']).includes('json')
          ? response.json()
          : response.body;
        if (response.statusCode !== 401 || JSON.stringify(body) !== JSON.stringify(expected)) {
          wrong.push(`${method} ${url} → ${response.statusCode} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers every error body the handler builds in the declared error schema', () => {
    for (const body of [new CsrfError().body, new NotAuthorizedError().body]) {
      expect(Value.Check(ErrorBodySchema, body)).toBe(true);
    }
  });
});
