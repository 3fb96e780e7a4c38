import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (panva's oidc-provider) in this process, for API tests and journeys: its
 * development login page takes any login name (the account's subject) and any password. Accounts are the
 * claims the test sets; consent is granted up front, as a company's provider does for its own apps.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Login name → the claims the provider answers for it (sub is the login name). */
  setAccount(login: string, claims: Record<string, unknown>): void;
  /** How long an authorisation code stays valid; a test shortens it to see one expire. */
  setCodeTtlSeconds(seconds: number): void;
  close(): Promise<void>;
}

const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['preferred_username', 'given_name', 'family_name', 'name'],
  groups: ['groups'],
};

export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
}): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'vitrina';
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, Record<string, unknown>>();
  let codeTtlSeconds = 60;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'test' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: CLAIMS,
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: () => codeTtlSeconds,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Grant: 600,
      Session: 600,
    },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({ ...accounts.get(sub), sub }),
    }),
    // Consent is the company's to give for its own app: every scope asked for is granted at once.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (login, claims) => accounts.set(login, claims),
    setCodeTtlSeconds: (seconds) => {
      codeTtlSeconds = seconds;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * What a browser does at the provider, without the browser: follows its redirects with its cookies, fills
 * in the development login form (or cancels it) and stops at the redirect back to our callback, whose URL it
 * answers (carrying code and state, or an error).
 */
export async function visitProvider(
  authorizationUrl: string,
  action: { login: string } | 'cancel',
): Promise<URL> {
  const jar = new Map<string, string>();
  const callbackOf = (url: URL) => url.pathname.endsWith('/login/oidc/callback');
  const request = async (url: URL, init: RequestInit = {}): Promise<{ response: Response; url: URL }> => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return { response, url };
  };
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    const { response } = await request(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (callbackOf(url)) return url;
      continue;
    }
    const page = await response.text();
    if (action === 'cancel') {
      const abort = /href="([^"]*\/abort)"/.exec(page)?.[1];
      if (!abort) throw new Error(`no cancel link at ${url}: ${page.slice(0, 200)}`);
      url = new URL(abort, url);
      continue;
    }
    const submit = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!submit) throw new Error(`no login form at ${url} (${response.status}): ${page.slice(0, 200)}`);
    const posted = await request(new URL(submit, url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: action.login, password: 'any' }).toString(),
    });
    const next = posted.response.headers.get('location');
    if (!next) throw new Error(`the login form answered ${posted.response.status}`);
    url = new URL(next, url);
    if (callbackOf(url)) return url;
  }
  throw new Error('the provider never sent the browser back');
}
