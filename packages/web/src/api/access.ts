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
