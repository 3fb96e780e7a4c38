import { describe, expect, it } from 'vitest';
import { loginError, loginErrorKey, safeNextPath } from './loginParams.ts';

describe('login URL parameters', () => {
  it('keeps next only when it is a path on this site', () => {
    expect(safeNextPath('/sqllab/?a=1')).toBe('/sqllab/?a=1');
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    // The review: ?next=%2F%09%2Fevil.com, decoded; browsers drop the tab and went to evil.com.
    expect(safeNextPath('/\t/evil.com')).toBe('/');
    expect(safeNextPath('/\n\\evil.com')).toBe('/');
    expect(safeNextPath('/login/')).toBe('/');
  });

  it("knows the server's error codes and their texts", () => {
    expect(loginError('invalid')).toBe('invalid');
    expect(loginError('rate_limited')).toBe('rate_limited');
    expect(loginError('oidc_state')).toBe('oidc_state');
    expect(loginError('other')).toBeUndefined();
    expect(loginErrorKey('invalid')).toBe('login.invalid');
    expect(loginErrorKey('inactive')).toBe('signIn.errors.inactive');
  });
});
