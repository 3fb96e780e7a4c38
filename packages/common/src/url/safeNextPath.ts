interface ParsedUrl {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

/** The WHATWG URL parser of the browser and of Node; common's type library names neither. */
const { URL: WhatwgUrl } = globalThis as unknown as { URL: new (input: string, base: string) => ParsedUrl };

/** Resolving `next` against this stand-in shows where a browser would go; only its own paths pass. */
const STAND_IN_ORIGIN = 'http://vitrina.invalid';

/** Pages a login must not lead back to: it would loop, or sign the person out again. */
const REFUSED_PATHS = ['/login', '/logout'];

/**
 * Where a login may send the person next: a path on this site, or `/`. The check is the URL parser
 * browsers use (WHATWG), not string tests: it drops tabs and newlines and reads `\` as `/`, which is how
 * `/\t/evil.example` or `/\evil.example` became another host. The answer is the parsed path, so what is
 * sent on is exactly what was checked. Server (redirect after login) and web (login page) share it.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return '/';
  let url: ParsedUrl;
  try {
    url = new WhatwgUrl(next, STAND_IN_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== STAND_IN_ORIGIN) return '/';
  const refused = REFUSED_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`));
  return refused ? '/' : `${url.pathname}${url.search}${url.hash}`;
}
