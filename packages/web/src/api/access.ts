import type { PermissionPair } from '@vitrina/common';

export type RolePermissions = Record<string, PermissionPair[]>;

/** A role named admin, in any case, passes every check (the server applies the same rule). */
export function isAdmin(roles: RolePermissions): boolean {
  return Object.keys(roles).some((name) => name.toLowerCase() === 'admin');
}

export function hasPermission(roles: RolePermissions, [permission, view]: PermissionPair): boolean {
  if (isAdmin(roles)) return true;
  return Object.values(roles).some((pairs) => pairs.some(([p, v]) => p === permission && v === view));
}

/**
 * Whether the person may change (edit, delete) an owned object: admins always; others need can_write on
 * its view and to be one of its owners, as the API's ownership checks decide (the API stays the authority).
 */
export function mayChangeOwned(
  roles: RolePermissions,
  userId: number | undefined,
  owners: readonly { id: number }[],
  view: string,
): boolean {
  if (isAdmin(roles)) return true;
  const owner = userId !== undefined && owners.some((each) => each.id === userId);
  return owner && hasPermission(roles, ['can_write', view]);
}
