import type { ListQuery, Role, RolePermission } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import { endAllSessions } from '../../security/sessionStore.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

export interface RoleInput {
  name?: string;
  description?: string;
}

const DUPLICATE_NAME = { name: ['A role with this name already exists'] };

export function listRoles(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.rolesListBase(db), repo.rolesList, query);
}

export function listPermissionPairs(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.permissionsListBase(db), repo.permissionsList, query);
}

export async function getRole(db: Db, id: number): Promise<Role> {
  const role = await repo.findRole(db, id);
  if (!role) throw new NotFoundError();
  return role;
}

export async function createRole(db: Db, input: RoleInput): Promise<Role> {
  const name = input.name?.trim() ?? '';
  if (name === '') throw new UnprocessableError({ name: ['Missing data for required field.'] });
  if (await repo.nameTaken(db, name)) throw new UnprocessableError(DUPLICATE_NAME);
  const id = await mappingDuplicateName(() =>
    repo.insertRole(db, { name, description: input.description?.trim() ?? '' }),
  );
  return getRole(db, id);
}

export async function updateRole(db: Db, id: number, input: RoleInput): Promise<Role> {
  await editableRole(db, id);
  const name = input.name?.trim();
  if (name === '') throw new UnprocessableError({ name: ['Missing data for required field.'] });
  if (name !== undefined && (await repo.nameTaken(db, name, id)))
    throw new UnprocessableError(DUPLICATE_NAME);
  const changes = {
    ...(name !== undefined && { name }),
    ...(input.description !== undefined && { description: input.description.trim() }),
  };
  if (Object.keys(changes).length > 0) await mappingDuplicateName(() => repo.updateRole(db, id, changes));
  return getRole(db, id);
}

/**
 * As FAB does, a role still held by users may be deleted: they simply lose it, and like any role taken
 * away that ends their sessions, in the same transaction.
 */
export async function deleteRole(db: Db, id: number): Promise<void> {
  await editableRole(db, id);
  await db.transaction().execute(async (trx) => {
    for (const userId of await repo.holderIdsOf(trx, id)) await endAllSessions(trx, userId);
    await repo.deleteRole(trx, id);
  });
}

export async function getRolePermissions(db: Db, id: number): Promise<RolePermission[]> {
  await getRole(db, id);
  return repo.rolePermissions(db, id);
}

/** Replaces the role's pairs in one transaction; unknown pair ids change nothing and answer 422. */
export async function setRolePermissions(db: Db, id: number, pairIds: number[]): Promise<number[]> {
  await editableRole(db, id);
  const unknown = await repo.unknownPairIds(db, pairIds);
  if (unknown.length > 0) {
    throw new UnprocessableError({
      permission_view_menu_ids: [`Unknown permission ids: ${unknown.join(', ')}`],
    });
  }
  await db.transaction().execute((trx) => repo.replaceRolePermissions(trx, id, pairIds));
  return [...new Set(pairIds)];
}

/**
 * Built-in roles are reset to the catalogue at every start (syncSecurity), so changing them through the API
 * would silently come undone: refuse, and point to a custom role instead.
 */
async function editableRole(db: Db, id: number): Promise<Role> {
  const role = await getRole(db, id);
  if (role.built_in) {
    throw new UnprocessableError(
      `'${role.name}' is a built-in role managed by Vitrina and cannot be changed; create a custom role instead`,
    );
  }
  return role;
}

/** A concurrent request may take the name between the check and the write. */
async function mappingDuplicateName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationColumns(error)?.includes('name')) throw new UnprocessableError(DUPLICATE_NAME);
    throw error;
  }
}
