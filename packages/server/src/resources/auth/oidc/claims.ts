import type { OidcSettings } from '../../../security/oidcSettings.ts';

/** What the provider's claims say about the person, read with the configured claim names. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  username: string | undefined;
  email: string | undefined;
  /** Only a provider-verified address may find an existing account (README, "Sign-in"). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** The roles the roles claim maps to; null when roles are not mapped. */
  mappedRoles: string[] | null;
}

const NAME_LIMIT = 64;

function text(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A claim that may be one value or a list, such as groups or roles. */
function values(claims: Record<string, unknown>, name: string): string[] {
  const value = claims[name];
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((item) => typeof item === 'string' || typeof item === 'number').map(String);
}

export function readIdentity(claims: Record<string, unknown>, settings: OidcSettings): ProviderIdentity {
  const names = settings.claims;
  const fullName = text(claims, 'name');
  const [givenFromName, ...familyFromName] = fullName?.split(/\s+/) ?? [];
  const username = text(claims, names.username);
  const roles = settings.roles;
  // Some providers send email_verified as the string "true".
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    issuer: String(claims.iss ?? ''),
    subject: String(claims.sub ?? ''),
    username,
    email: text(claims, names.email),
    emailVerified: verified,
    firstName: (text(claims, names.firstName) ?? givenFromName ?? username ?? '').slice(0, NAME_LIMIT),
    lastName: (text(claims, names.lastName) ?? familyFromName.join(' ')).slice(0, NAME_LIMIT),
    mappedRoles: roles
      ? [...new Set(values(claims, roles.claim).flatMap((value) => roles.map[value] ?? []))]
      : null,
  };
}

/** Every role the mapping can give: the ones a sign-in may also take away. */
export function managedRoleNames(settings: OidcSettings): string[] {
  return settings.roles ? [...new Set(Object.values(settings.roles.map).flat())] : [];
}
