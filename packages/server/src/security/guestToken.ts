import { jwtVerify, SignJWT } from 'jose';

/**
 * Guest tokens of embedded dashboards, as Superset signs them (security/guest_token.py): a short-lived
 * HS256 JWT a host application's back end asks for (`POST /api/v1/security/guest_token/`) and hands to
 * its page, which the embedded dashboard sends in `X-GuestToken`. Claims: `user`, `resources`,
 * `rls_rules`, `iat`, `exp`, `aud`, `type: "guest"`. Whoever holds the token sees the listed dashboards,
 * with the token's row-level security ANDed into every query.
 */

export interface GuestTokenSettings {
  /** Signing secret (VITRINA_GUEST_TOKEN_SECRET); null: derived from the server's secret key. */
  secret: string | null;
  /** The `aud` claim written and required (VITRINA_GUEST_TOKEN_AUDIENCE). */
  audience: string;
  /** Lifetime of a token (VITRINA_GUEST_TOKEN_LIFETIME_SECONDS, Superset's 300 by default). */
  lifetimeSeconds: number;
  /** The role whose permissions a guest has (VITRINA_GUEST_ROLE). */
  roleName: string;
}

export interface GuestUser {
  username: string;
  first_name: string;
  last_name: string;
}

export interface GuestResource {
  type: 'dashboard';
  /** An embedded dashboard's uuid, or a dashboard id (as text). */
  id: string;
}

export interface GuestRlsRule {
  /** The dataset the clause is for; absent: every dataset. */
  dataset?: number;
  clause: string;
}

export interface GuestClaims {
  user: GuestUser;
  resources: GuestResource[];
  rls: GuestRlsRule[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

function signingKey(settings: GuestTokenSettings, serverSecret: string): Uint8Array {
  return new TextEncoder().encode(settings.secret ?? `guest-token:${serverSecret}`);
}

export async function issueGuestToken(
  settings: GuestTokenSettings,
  serverSecret: string,
  grant: Omit<GuestClaims, 'expiresAt'>,
): Promise<string> {
  return new SignJWT({
    user: grant.user,
    resources: grant.resources,
    rls_rules: grant.rls,
    type: 'guest',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setAudience(settings.audience)
    .setExpirationTime(`${settings.lifetimeSeconds}s`)
    .sign(signingKey(settings, serverSecret));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function parseResources(value: unknown): GuestResource[] | null {
  if (!Array.isArray(value)) return null;
  const resources: GuestResource[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const { type, id } = item as Record<string, unknown>;
    if (type !== 'dashboard' || (typeof id !== 'string' && typeof id !== 'number')) return null;
    resources.push({ type, id: String(id) });
  }
  return resources;
}

function parseRules(value: unknown): GuestRlsRule[] | null {
  if (!Array.isArray(value)) return null;
  const rules: GuestRlsRule[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const { dataset, clause } = item as Record<string, unknown>;
    if (typeof clause !== 'string') return null;
    if (dataset === undefined || dataset === null) rules.push({ clause });
    else if (typeof dataset === 'number' && Number.isInteger(dataset)) rules.push({ dataset, clause });
    else if (typeof dataset === 'string' && /^\d+$/.test(dataset))
      rules.push({ dataset: Number(dataset), clause });
    else return null;
  }
  return rules;
}

/**
 * The claims of a token signed with our key, for our audience, not expired, of type guest and with
 * every claim well formed; null otherwise (a forged, expired or foreign token is no guest at all).
 */
export async function verifyGuestToken(
  settings: GuestTokenSettings,
  serverSecret: string,
  token: string,
): Promise<GuestClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(settings, serverSecret), {
      algorithms: ['HS256'],
      audience: settings.audience,
      requiredClaims: ['exp', 'aud'],
    });
    if (payload.type !== 'guest' || typeof payload.exp !== 'number') return null;
    const user = payload.user;
    if (typeof user !== 'object' || user === null) return null;
    const resources = parseResources(payload.resources);
    const rls = parseRules(payload.rls_rules);
    if (!resources || !rls) return null;
    const fields = user as Record<string, unknown>;
    return {
      user: {
        username: text(fields.username),
        first_name: text(fields.first_name),
        last_name: text(fields.last_name),
      },
      resources,
      rls,
      expiresAt: payload.exp,
    };
  } catch {
    return null;
  }
}
