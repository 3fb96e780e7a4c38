import { hasPermission } from '../../../api/access.ts';
import { useCurrentUserRoles } from '../../../api/me.ts';

/** Drill to detail needs can_drill on Dashboard (admins pass), read from the user's roles like permissions.ts. */
export function useCanDrill(): boolean {
  const roles = useCurrentUserRoles().data?.roles;
  return roles ? hasPermission(roles, ['can_drill', 'Dashboard']) : false;
}
