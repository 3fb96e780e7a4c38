import { randomBytes } from 'node:crypto';
import { REGISTRATION_MESSAGES, registrationFieldProblem } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../../platform/metastore/uniqueViolation.ts';
import { hashPassword } from '../../../security/passwords.ts';
import { insertSelfMadeAccount, takenByOthers } from '../registration/repo.ts';
import type { ProviderIdentity } from './claims.ts';
import { OidcSignInError } from './providerClient.ts';
import {
  hasIdentityAt,
  isActiveUser,
  linkIdentity,
  recordSignIn,
  syncManagedRoles,
  userOfIdentity,
  usersWithEmail,
} from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/** Role ids the sign-in works with, resolved once at start (routes.ts). */
export interface SignInRoles {
  /** What a new account gets: the registration role (VITRINA_REGISTRATION_ROLE), none by default. */
  registration: readonly number[];
  /** Role name → id of every role the roles mapping can give. */
  mapped: ReadonlyMap<string, number>;
}

/**
 * The user a provider's account signs in as (README, "Sign-in"):
 * 1. the user already linked to (issuer, subject);
 * 2. else the one user whose e-mail it is, when the provider says the address is verified and that user is
 *    not linked to another account of the same provider: the link is made;
 * 3. else a new account (registration role, marked self-registered) when neither its username nor its e-mail
 *    is taken. A taken username never links: usernames at a provider are not proof of who someone is.
 * A deactivated user is refused. With a roles mapping the mapped roles are granted and the mapped roles the
 * claim no longer gives are taken away. Everything happens in one transaction.
 */
export async function accountOf(
  db: Db,
  identity: ProviderIdentity,
  roles: SignInRoles,
  language: 'en' | 'ru',
): Promise<number> {
  if (!identity.issuer || !identity.subject) throw new OidcSignInError('oidc_claims', 'no issuer or subject');
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const userId = await findOrCreate(trx, identity, roles, language);
      if (!(await isActiveUser(trx, userId)))
        throw new OidcSignInError('inactive', `user ${userId} is deactivated`);
      if (identity.mappedRoles !== null) {
        const wanted = identity.mappedRoles.flatMap((name) => roles.mapped.get(name) ?? []);
        await syncManagedRoles(trx, userId, [...roles.mapped.values()], wanted);
      }
      await recordSignIn(trx, userId, identity.issuer, identity.subject);
      return userId;
    });
  try {
    return await attempt();
  } catch (error) {
    // A first sign-in racing another one for the same person: the other made the link; use it.
    if (uniqueViolationColumns(error) !== undefined) return attempt();
    throw error;
  }
}

async function findOrCreate(
  trx: Db,
  identity: ProviderIdentity,
  roles: SignInRoles,
  language: 'en' | 'ru',
): Promise<number> {
  const linked = await userOfIdentity(trx, identity.issuer, identity.subject);
  if (linked !== undefined) return linked;

  if (identity.email && identity.emailVerified) {
    const owners = await usersWithEmail(trx, identity.email);
    if (owners.length === 1) {
      const userId = owners[0]!.id;
      if (await hasIdentityAt(trx, userId, identity.issuer)) {
        throw new OidcSignInError(
          'oidc_conflict',
          `user ${userId} is linked to another account of this provider`,
        );
      }
      if (!owners[0]!.active) throw new OidcSignInError('inactive', `user ${userId} is deactivated`);
      await linkIdentity(trx, userId, identity.issuer, identity.subject);
      return userId;
    }
  }

  const { username, email } = identity;
  if (!username || !email) {
    throw new OidcSignInError('oidc_claims', `the provider sent no ${username ? 'e-mail' : 'username'}`);
  }
  for (const [field, value] of [
    ['username', username],
    ['email', email],
  ] as const) {
    const problem = registrationFieldProblem(field, { [field]: value });
    if (problem) throw new OidcSignInError('oidc_claims', `${field}: ${REGISTRATION_MESSAGES[problem]}`);
  }
  const taken = await takenByOthers(trx, { username, email });
  if (taken.length > 0) {
    throw new OidcSignInError('oidc_conflict', `another account has this ${taken.join(' and ')}`);
  }
  const mapped = (identity.mappedRoles ?? []).flatMap((name) => roles.mapped.get(name) ?? []);
  const userId = await insertSelfMadeAccount(
    trx,
    {
      username,
      email,
      first_name: identity.firstName,
      last_name: identity.lastName,
      // A password nobody knows: the account signs in through the provider until an administrator sets one.
      password_hash: await hashPassword(randomBytes(32).toString('base64url')),
      preferred_language: language,
    },
    [...roles.registration, ...mapped],
  );
  await linkIdentity(trx, userId, identity.issuer, identity.subject);
  return userId;
}
