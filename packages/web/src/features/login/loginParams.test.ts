import { describe, expect, it } from 'vitest';
import { loginError, safeNextPath } from './loginParams.ts';

describe('login URL parameters', () => {
  it('keeps next only when it is a path on this site', () => {
    expect(safeNextPath('/sqllab/?a=1')).toBe('/sqllab/?a=1');
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
  });

  it('knows the two error codes', () => {
    expect(loginError('invalid')).toBe('invalid');
    expect(loginError('rate_limited')).toBe('rate_limited');
    expect(loginError('other')).toBeUndefined();
  });
});
