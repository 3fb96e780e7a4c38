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

  it("tells the web app a new chart's configured type and time range", async () => {
    const headers = await harness.loginAs(ADMIN.username, ADMIN.password);
    harness.ctx.config.exploreDefaults = { vizType: 'pie', timeFilter: 'Last week' };
    const response = await harness.app.inject({ url: '/api/v1/feature_flags/', headers });
    expect(response.json().conf).toMatchObject({ DEFAULT_VIZ_TYPE: 'pie', DEFAULT_TIME_FILTER: 'Last week' });
  });

  it('sends the Mapbox token only when the server has one', async () => {
    const headers = await harness.loginAs(ADMIN.username, ADMIN.password);
    harness.ctx.config.mapboxApiKey = null;
    const without = await harness.app.inject({ url: '/api/v1/feature_flags/', headers });
    expect(without.json().conf).not.toHaveProperty('MAPBOX_API_KEY');
    harness.ctx.config.mapboxApiKey = 'pk.test-token';
    const withToken = await harness.app.inject({ url: '/api/v1/feature_flags/', headers });
    expect(withToken.json().conf).toMatchObject({ MAPBOX_API_KEY: 'pk.test-token' });
    harness.ctx.config.mapboxApiKey = null;
  });

  it('refuses anonymous callers', async () => {
    const response = await harness.app.inject({ url: '/api/v1/feature_flags/' });
    expect(response.statusCode).toBe(401);
  });
});
