import { REGISTRATION_MESSAGES } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { ConfigError } from '../../../config.ts';
import { UnprocessableError } from '../../../http/errors.ts';
import type { MetastoreSchema } from '../../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../../platform/metastore/uniqueViolation.ts';
import { insertSelfMadeAccount, roleIdByName, type SelfMadeAccount } from './repo.ts';

/**
 * Accounts people make themselves, on the register page or at their first sign-in through an identity
 * provider. They get the configured registration role (none by default) and are marked so onboarding opens by
 * itself for them; everything else they get through onboarding.
 */

type Db = Kysely<MetastoreSchema>;

export const takenMessage = (field: 'username' | 'email') =>
  REGISTRATION_MESSAGES[field === 'username' ? 'usernameTaken' : 'emailTaken'];

/**
 * Writes the account in one transaction. Someone who took the name or address between the caller's
 * check and this write gets the same field error the check gives.
 */
export async function registerAccount(
  db: Db,
  account: SelfMadeAccount,
  roleIds: readonly number[],
): Promise<number> {
  try {
    return await db.transaction().execute((trx) => insertSelfMadeAccount(trx, account, roleIds));
  } catch (error) {
    const columns = uniqueViolationColumns(error)?.filter(
      (column): column is 'username' | 'email' => column === 'username' || column === 'email',
    );
    if (columns?.length) {
      throw new UnprocessableError(
        Object.fromEntries(columns.map((field) => [field, [takenMessage(field)]])),
      );
    }
    throw error;
  }
}

/**
 * The registration role's id, checked once when the server starts: a missing role is a configuration
 * mistake, and an administrator role would hand the installation to anyone who registers.
 */
export async function registrationRoleIds(db: Db, roleName: string | null): Promise<number[]> {
  if (roleName === null) return [];
  const variable = 'VITRINA_REGISTRATION_ROLE';
  if (roleName.toLowerCase() === 'admin') {
    throw new ConfigError(
      variable,
      'an administrator role would give the whole installation to anyone who signs up',
    );
  }
  const roleId = await roleIdByName(db, roleName);
  if (roleId === undefined) throw new ConfigError(variable, `no role is named "${roleName}"`);
  return [roleId];
}
