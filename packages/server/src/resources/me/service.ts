import { LANGUAGES, type LanguageCode, type PermissionPair } from '@vitrina/common';
import type { CurrentUser, CurrentUserWithRoles, UpdateMeRequest } from '@vitrina/common/api/me';
import type { Kysely } from 'kysely';
import { NotAuthorizedError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { type GuestScope, type Principal, rolePermissionPairs } from '../../security/principal.ts';
import { findOwnUser, type OwnSettings, updateOwnSettings } from './repo.ts';

type Db = Kysely<MetastoreSchema>;

function asLanguage(value: string): LanguageCode {
  return LANGUAGES.find((code) => code === value) ?? 'en';
}

/** The signed-in user as /me shows them; a user deleted since sign-in is no longer signed in. */
export async function currentUser(db: Db, userId: number): Promise<CurrentUser> {
  const user = await findOwnUser(db, userId);
  if (!user) throw new NotAuthorizedError();
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_active: user.active === 1,
    is_anonymous: false,
    preferred_language: asLanguage(user.preferred_language),
  };
}

export async function currentUserWithRoles(db: Db, userId: number): Promise<CurrentUserWithRoles> {
  const [user, roles] = await Promise.all([currentUser(db, userId), rolePermissionPairs(db, userId)]);
  return { ...user, roles };
}

/** A guest as `/api/v1/me/roles/` shows it: no id, e-mail or settings, only its role's pairs. */
export function guestWithRoles(principal: Principal, guest: GuestScope): CurrentUserWithRoles {
  const pairs: PermissionPair[] = [...principal.permissions].map((key) => {
    const [permission = '', view = ''] = key.split('|');
    return [permission, view];
  });
  return {
    id: principal.id,
    username: principal.username,
    first_name: guest.user.first_name,
    last_name: guest.user.last_name,
    email: '',
    is_active: true,
    is_anonymous: false,
    preferred_language: 'en',
    roles: Object.fromEntries(principal.roles.map((role) => [role, pairs])),
  };
}

/** Names are kept trimmed; a request that changes nothing writes nothing. */
export async function updateMe(db: Db, userId: number, request: UpdateMeRequest): Promise<CurrentUser> {
  const { first_name, last_name, preferred_language } = request;
  const changes: OwnSettings = {
    ...(first_name !== undefined && { first_name: first_name.trim() }),
    ...(last_name !== undefined && { last_name: last_name.trim() }),
    ...(preferred_language !== undefined && { preferred_language }),
  };
  if (Object.keys(changes).length > 0) await updateOwnSettings(db, userId, changes);
  return currentUser(db, userId);
}
