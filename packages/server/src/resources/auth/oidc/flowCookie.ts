import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a sign-in through the identity provider must remember between leaving for the provider and coming
 * back: kept in a short-lived signed cookie rather than in server memory, so any of several stateless servers
 * can finish a sign-in another one started. The browser may read it (it is the browser's own sign-in); it
 * cannot change it, and a state or nonce it did not start never matches.
 */
export interface OidcFlow {
  /** Echoed back by the provider; ties the answer to this browser's request (login CSRF). */
  state: string;
  /** Bound into the ID token; a token issued for another request is refused. */
  nonce: string;
  /** PKCE: only who started the request can exchange its code. */
  verifier: string;
  /** Where to go once signed in (already checked to be a path on this site). */
  next: string;
  /** The login page's language, for an account made at this sign-in. */
  language: 'en' | 'ru';
  /** Seconds since the epoch. */
  expiresAt: number;
}

export const OIDC_FLOW_COOKIE = 'oidc_flow';
/** Ten minutes to sign in at the provider, as most providers keep their own login page. */
export const OIDC_FLOW_MAX_AGE_SECONDS = 600;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`oidc-flow:${payload}`).digest('base64url');
}

export function sealFlow(secret: string, flow: OidcFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The flow the cookie holds, or null when it is missing, altered or expired. */
export function openFlow(secret: string, cookie: string | undefined, now = Date.now()): OidcFlow | null {
  if (!cookie) return null;
  const [payload, signature, ...rest] = cookie.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<OidcFlow>;
    const strings = [flow.state, flow.nonce, flow.verifier, flow.next];
    if (strings.some((value) => typeof value !== 'string') || typeof flow.expiresAt !== 'number') return null;
    if (flow.expiresAt < now / 1000) return null;
    return { ...(flow as OidcFlow), language: flow.language === 'ru' ? 'ru' : 'en' };
  } catch {
    return null;
  }
}
