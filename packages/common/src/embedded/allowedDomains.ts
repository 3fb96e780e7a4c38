/**
 * The sites allowed to frame an embedded dashboard, as origins (`https://app.example.com[:port]`): what
 * the page's frame-ancestors and Referer check compare. Anything with a path, a query or credentials is
 * refused rather than trimmed, so nothing is allowed other than what the administrator wrote.
 */
export interface DomainCheck {
  origins: string[];
  /** The entries that are no site address, as written. */
  invalid: string[];
}

interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  search: string;
  hash: string;
  pathname: string;
  origin: string;
}

/** The WHATWG URL parser of the browser and of Node; common's type library names neither. */
const { URL: WhatwgUrl } = globalThis as unknown as { URL: new (input: string) => ParsedUrl };

function originOf(domain: string): string | null {
  let url: ParsedUrl;
  try {
    url = new WhatwgUrl(domain);
  } catch {
    return null;
  }
  const plain =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '' &&
    url.pathname === '/' &&
    !domain.includes(',') &&
    !/\s/.test(domain);
  return plain ? url.origin : null;
}

export function checkAllowedDomains(domains: readonly string[]): DomainCheck {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const written of domains) {
    const domain = written.trim();
    if (domain === '') continue;
    const origin = originOf(domain);
    if (origin === null) invalid.push(domain);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid };
}

/** The domains a person typed, one per line or separated by commas or spaces. */
export function splitDomains(text: string): string[] {
  return text.split(/[\s,]+/).filter((part) => part !== '');
}
