import type { PermissionPair } from '@vitrina/common';
import { hasPermission, mayChangeOwned } from './access.ts';
import { useCurrentUserRoles } from './me.ts';

/** The signed-in person's checks for buttons and actions; everything is refused until their roles load. */
export interface Access {
  /** Whether their roles have loaded (before that every check answers false). */
  ready: boolean;
  /** Whether their roles hold the pair (admins hold every one). */
  can: (pair: PermissionPair) => boolean;
  /** Whether they may edit or delete an object with these owners (see mayChangeOwned). */
  mayChange: (owners: readonly { id: number }[], view: string) => boolean;
}

export function useAccess(): Access {
  const me = useCurrentUserRoles();
  const roles = me.data?.roles;
  const userId = me.data?.id;
  return {
    ready: roles !== undefined,
    can: (pair) => roles !== undefined && hasPermission(roles, pair),
    mayChange: (owners, view) => roles !== undefined && mayChangeOwned(roles, userId, owners, view),
  };
}
