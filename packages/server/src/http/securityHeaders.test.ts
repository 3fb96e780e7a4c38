import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

function directives(policy: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('Content-Security-Policy', () => {
  let direct: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    // The proxy in front is on this host: app.inject's requests come from 127.0.0.1.
    behindProxy = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it('has no upgrade-insecure-requests over plain HTTP, where it made a LAN install a blank page', async () => {
    const response = await direct.app.inject({ url: '/health' });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const response = await direct.app.inject({ url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      false,
    );
  });

  it('upgrades insecure requests when a trusted proxy says the page came over TLS', async () => {
    const tls = await behindProxy.app.inject({ url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(directives(tls.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const plain = await behindProxy.app.inject({ url: '/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(directives(plain.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  });

  it('adds it to every answer over TLS, errors included, exactly once', async () => {
    const response = await behindProxy.app.inject({
      url: '/api/v1/no-such-thing/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(404);
    const policy = String(response.headers['content-security-policy']);
    expect(policy.match(/upgrade-insecure-requests/g)).toHaveLength(1);
  });

  it('loads fonts, styles and images from this origin only, so dashboard CSS cannot reach other sites', async () => {
    const response = await direct.app.inject({ url: '/health' });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('font-src')).toBe("'self'");
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('img-src')).toBe("'self' data: blob:");
    for (const name of ['font-src', 'style-src', 'img-src', 'default-src']) {
      expect(policy.get(name), name).not.toMatch(/https:|\*/);
    }
  });

  it('lets images come from api.mapbox.com only when a Mapbox token is configured', async () => {
    const plain = directives(
      (await direct.app.inject({ url: '/health' })).headers['content-security-policy'],
    );
    expect(plain.get('img-src')).not.toContain('api.mapbox.com');
    const withMapbox = await createTestApp({ config: { mapboxApiKey: 'pk.test' } });
    try {
      const response = await withMapbox.app.inject({ url: '/health' });
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('img-src')).toBe("'self' data: blob: https://api.mapbox.com");
      expect(policy.get('connect-src')).not.toContain('mapbox');
    } finally {
      await withMapbox.close();
    }
  });
});
