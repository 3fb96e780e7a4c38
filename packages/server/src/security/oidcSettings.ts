/**
 * Sign-in through an OpenID Connect provider, read from VITRINA_OIDC_* (README, "Sign-in"). Absent
 * issuer: no provider, and setting any other VITRINA_OIDC_* variable is a mistake worth stopping for.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Null: a public client, which PKCE alone protects. */
  clientSecret: string | null;
  /** Space-separated; always includes openid. */
  scopes: string;
  /** The login button reads "Sign in with <label>". */
  label: string;
  /** Null: this server's own `/login/oidc/callback`, from the request's host and protocol. */
  redirectUri: string | null;
  /** Which claims name the account; the defaults are the standard ones. */
  claims: { username: string; email: string; firstName: string; lastName: string };
  /** Roles given by a claim (such as groups): claim value → role names. Null: roles are not mapped. */
  roles: { claim: string; map: Record<string, string[]> } | null;
}

type Env = Record<string, string | undefined>;
/** Throws the configuration error naming the variable (config.ts passes its ConfigError). */
type Fail = (variable: string, reason: string) => never;

export const OIDC_CALLBACK_PATH = '/login/oidc/callback';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain HTTP is refused except on this machine, where a test or development provider runs. */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function parseHttpUrl(env: Env, name: string, fail: Fail): URL | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(name, `not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) {
    return fail(name, 'expected an https:// URL (http:// only for localhost)');
  }
  return url;
}

function parseRoleMap(env: Env, fail: Fail): Record<string, string[]> {
  const name = 'VITRINA_OIDC_ROLE_MAP';
  const raw = value(env, name);
  if (raw === undefined)
    return fail(name, 'required with VITRINA_OIDC_ROLES_CLAIM, e.g. {"bi-admins":["Admin"]}');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fail(name, 'not valid JSON; expected an object such as {"analysts":["Alpha"]}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return fail(name, 'expected a JSON object of claim values to role names');
  }
  const map: Record<string, string[]> = {};
  for (const [claimValue, roles] of Object.entries(parsed)) {
    const names = typeof roles === 'string' ? [roles] : roles;
    if (!Array.isArray(names) || names.some((role) => typeof role !== 'string' || role.trim() === '')) {
      return fail(name, `"${claimValue}" must map to a role name or a list of role names`);
    }
    map[claimValue] = [...new Set(names.map((role: string) => role.trim()))];
  }
  return map;
}

export function parseOidcSettings(env: Env, fail: Fail): OidcSettings | null {
  const issuer = parseHttpUrl(env, 'VITRINA_OIDC_ISSUER', fail);
  if (!issuer) {
    const stray = Object.keys(env).find((name) => name.startsWith('VITRINA_OIDC_') && value(env, name));
    if (stray) fail(stray, 'set VITRINA_OIDC_ISSUER too, or remove it');
    return null;
  }
  const clientId = value(env, 'VITRINA_OIDC_CLIENT_ID');
  if (!clientId) return fail('VITRINA_OIDC_CLIENT_ID', 'required with VITRINA_OIDC_ISSUER');
  const scopes = (value(env, 'VITRINA_OIDC_SCOPES') ?? 'openid email profile')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  const redirect = parseHttpUrl(env, 'VITRINA_OIDC_REDIRECT_URI', fail);
  if (redirect && redirect.pathname !== OIDC_CALLBACK_PATH) {
    fail('VITRINA_OIDC_REDIRECT_URI', `must end with ${OIDC_CALLBACK_PATH}, the path this server answers`);
  }
  const rolesClaim = value(env, 'VITRINA_OIDC_ROLES_CLAIM');
  if (!rolesClaim && value(env, 'VITRINA_OIDC_ROLE_MAP')) {
    fail('VITRINA_OIDC_ROLE_MAP', 'set VITRINA_OIDC_ROLES_CLAIM, the claim whose values it maps');
  }
  return {
    // As written: the provider's metadata must name exactly this issuer.
    issuer: value(env, 'VITRINA_OIDC_ISSUER')!,
    clientId,
    clientSecret: value(env, 'VITRINA_OIDC_CLIENT_SECRET') ?? null,
    scopes: [...new Set(scopes)].join(' '),
    label: value(env, 'VITRINA_OIDC_LABEL') ?? issuer.host,
    redirectUri: redirect?.toString() ?? null,
    claims: {
      username: value(env, 'VITRINA_OIDC_USERNAME_CLAIM') ?? 'preferred_username',
      email: value(env, 'VITRINA_OIDC_EMAIL_CLAIM') ?? 'email',
      firstName: value(env, 'VITRINA_OIDC_FIRST_NAME_CLAIM') ?? 'given_name',
      lastName: value(env, 'VITRINA_OIDC_LAST_NAME_CLAIM') ?? 'family_name',
    },
    roles: rolesClaim ? { claim: rolesClaim, map: parseRoleMap(env, fail) } : null,
  };
}
