import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../testing/testApp.ts';

const ORIGIN = 'https://vitrina.example';

/** Where a browser on this site goes for a Location header. */
const lands = (location: string | string[] | number | undefined) => new URL(String(location), ORIGIN);

const OFF_SITE = [
  // The review: /login/?next=%2F%09%2Fevil.com redirected to evil.com (browsers drop the tab).
  '%2F%09%2Fevil.com',
  '%2F%0A%2Fevil.com',
  '%2F%0D%0A%2Fevil.com',
  '%2F%5Cevil.com',
  '%2F%09%5Cevil.com',
  '%5C%5Cevil.com',
  '%2F%2Fevil.com',
  'https%3A%2F%2Fevil.com',
];

describe('the login page sends people only to this site', () => {
  let harness: TestApp;
  let cookie: string;
  beforeAll(async () => {
    harness = await createTestApp();
    cookie = (await harness.loginAs(ADMIN.username, ADMIN.password)).cookie ?? '';
  });
  afterAll(async () => harness.close());

  it.each(OFF_SITE)('GET /login/?next=%s stays on this site', async (next) => {
    const response = await harness.app.inject({ url: `/login/?next=${next}`, headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(lands(response.headers.location).origin).toBe(ORIGIN);
    expect(String(response.headers.location)).not.toMatch(/[\t\n\r\\]|^\/\//);
  });

  it.each(OFF_SITE)('POST /login/ with next=%s stays on this site', async (next) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/login/',
      payload: `username=${ADMIN.username}&password=${ADMIN.password}&next=${next}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(302);
    expect(lands(response.headers.location).origin).toBe(ORIGIN);
  });

  it('refuses a NUL in next outright', async () => {
    const get = await harness.app.inject({ url: '/login/?next=%2F%00%2Fevil.com', headers: { cookie } });
    expect(get.statusCode).toBe(400);
    const post = await harness.app.inject({
      method: 'POST',
      url: '/login/',
      payload: `username=${ADMIN.username}&password=${ADMIN.password}&next=%2F%00%2Fevil.com`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
  });

  it('still goes on to a path of this site', async () => {
    const response = await harness.app.inject({
      url: `/login/?next=${encodeURIComponent('/superset/dashboard/1/?native_filters_key=a')}`,
      headers: { cookie },
    });
    expect(response.headers.location).toBe('/superset/dashboard/1/?native_filters_key=a');
  });
});
