import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { ADMIN, createTestApp, type TestApp } from '../../testing/testApp.ts';

describe('the session cookie’s Secure flag (VITRINA_COOKIE_SECURE)', () => {
  let harness: TestApp | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  async function loginCookie(config: Partial<Config>, headers: Record<string, string> = {}) {
    harness = await createTestApp({ config });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/login/',
      payload: new URLSearchParams(ADMIN).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      remoteAddress: '10.0.0.2',
    });
    const cookie = response.cookies.find((c) => c.name === 'session');
    if (!cookie?.value) throw new Error(`no session cookie: ${response.statusCode}`);
    return cookie;
  }

  it('is set when forced, even on a plain-HTTP request (TLS ends at a proxy)', async () => {
    expect((await loginCookie({ cookieSecure: true })).secure).toBe(true);
  });

  it('is not set when turned off', async () => {
    expect((await loginCookie({ cookieSecure: false }, { 'x-forwarded-proto': 'https' })).secure).toBeFalsy();
  });

  it('follows the request’s protocol on auto, as a trusted proxy reports it', async () => {
    expect((await loginCookie({ cookieSecure: 'auto' })).secure).toBeFalsy();
    await harness?.close();
    const behindProxy = await loginCookie(
      { cookieSecure: 'auto', trustProxy: ['10.0.0.2'] },
      { 'x-forwarded-proto': 'https' },
    );
    expect(behindProxy.secure).toBe(true);
  });
});
