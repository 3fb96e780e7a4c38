import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safeNextPath.ts';

const { URL: WhatwgUrl } = globalThis as unknown as {
  URL: new (input: string, base: string) => { origin: string };
};

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeNextPath('/sqllab/?a=1#x')).toBe('/sqllab/?a=1#x');
    expect(safeNextPath('/superset/dashboard/1/')).toBe('/superset/dashboard/1/');
    expect(safeNextPath('/loginhelp')).toBe('/loginhelp');
  });

  it('answers / for nothing, for the login and logout pages, and for anything not a path', () => {
    for (const next of [
      null,
      undefined,
      '',
      'sqllab',
      'https://evil.example/',
      '/login/',
      '/login',
      '/logout/',
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    // The review: `?next=%2F%09%2Fevil.com`, decoded, is `/<tab>/evil.com`; browsers drop the tab.
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    '/\t\\evil.com',
    '\t//evil.com',
    '/ /evil.com',
    '/%09/evil.com'.replace('%09', '\t'),
    '/\u0000/evil.com',
    '/\\\\evil.com/path',
  ])('never leads to another site: %j', (next) => {
    const answer = safeNextPath(next);
    expect(new WhatwgUrl(answer, 'https://vitrina.example').origin).toBe('https://vitrina.example');
    expect(answer.startsWith('//')).toBe(false);
  });

  it('sends on the parsed path, so no control character reaches a Location header', () => {
    expect(safeNextPath('/a\tb/\nc')).toBe('/ab/c');
    expect(safeNextPath('/sqllab/?q=a b')).toBe('/sqllab/?q=a%20b');
    expect(safeNextPath('/%2F/evil.example')).toBe('/%2F/evil.example');
  });
});
