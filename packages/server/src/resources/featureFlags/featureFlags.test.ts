import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../testing/testApp.ts';

describe('GET /api/v1/feature_flags/', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => harness.close());

  it('answers the flags in force, including an operator override', async () => {
    const headers = await harness.loginAs(ADMIN.username, ADMIN.password);
    harness.ctx.config.featureFlags.SQLLAB_BACKEND_PERSISTENCE = false;
    const response = await harness.app.inject({ url: '/api/v1/feature_flags/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      SQLLAB_BACKEND_PERSISTENCE: false,
      DASHBOARD_CROSS_FILTERS: true,
    });
  });

  it('refuses anonymous callers', async () => {
    const response = await harness.app.inject({ url: '/api/v1/feature_flags/' });
    expect(response.statusCode).toBe(401);
  });
});
