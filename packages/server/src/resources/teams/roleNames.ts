import { isRequestableRole, roleAllowedFor, STATEMENT_MESSAGES } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { UnprocessableError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { roleIdsByName } from '../roles/repo.ts';

/**
 * Role names from a team or request payload as role ids: only the three requestable roles, Create data
 * never for franchisees; 422 naming the field otherwise. Built-in roles exist from the first start, but a
 * renamed or deleted one is reported too.
 */
export async function requestableRoleIds(
  db: Kysely<MetastoreSchema>,
  names: readonly string[],
  isExternal: boolean,
  field: string,
): Promise<number[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) throw new UnprocessableError({ [field]: [STATEMENT_MESSAGES.noRoles] });
  const unknown = unique.filter((name) => !isRequestableRole(name));
  if (unknown.length > 0)
    throw new UnprocessableError({ [field]: [STATEMENT_MESSAGES.unknownRoles(unknown)] });
  if (unique.some((name) => isRequestableRole(name) && !roleAllowedFor(name, isExternal))) {
    throw new UnprocessableError({ [field]: [STATEMENT_MESSAGES.createDataForFranchisee] });
  }
  const ids = await roleIdsByName(db, unique);
  const missing = unique.filter((name) => !ids.has(name));
  if (missing.length > 0)
    throw new UnprocessableError({ [field]: [STATEMENT_MESSAGES.unknownRoles(missing)] });
  return unique.map((name) => ids.get(name)!);
}
