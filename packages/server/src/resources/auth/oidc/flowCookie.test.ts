import { describe, expect, it } from 'vitest';
import { type OidcFlow, openFlow, sealFlow } from './flowCookie.ts';

const SECRET = 'a-secret-of-enough-length';
const flow: OidcFlow = {
  state: 's',
  nonce: 'n',
  verifier: 'v',
  next: '/sqllab/',
  language: 'ru',
  expiresAt: 2_000_000_000,
};

describe('the sign-in flow cookie', () => {
  it('gives back what was sealed until it expires', () => {
    const cookie = sealFlow(SECRET, flow);
    expect(openFlow(SECRET, cookie, 1_999_999_000_000)).toEqual(flow);
    expect(openFlow(SECRET, cookie, 2_000_000_001_000)).toBeNull();
  });

  it('refuses a cookie changed, signed with another key, or missing', () => {
    const cookie = sealFlow(SECRET, flow);
    const [payload, signature] = cookie.split('.');
    const edited = Buffer.from(JSON.stringify({ ...flow, next: '//evil.example' })).toString('base64url');
    expect(openFlow(SECRET, `${edited}.${signature}`, 0)).toBeNull();
    expect(openFlow('another-secret-of-length', cookie, 0)).toBeNull();
    expect(openFlow(SECRET, `${payload}.${signature}.extra`, 0)).toBeNull();
    expect(openFlow(SECRET, undefined, 0)).toBeNull();
  });
});
