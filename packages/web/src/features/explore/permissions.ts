/**
 * What the current user may do in explore (the spec): save a chart needs can_write on Chart, download
 * data needs can_csv on Superset, and overwriting a saved chart needs being one of its owners. A role
 * named admin passes every check.
 */
import { hasPermission, isAdmin, type RolePermissions } from '../../api/access.ts';

export interface ExplorePermissions {
  canAdd: boolean;
  canDownload: boolean;
  canOverwrite: boolean;
  /** Running the chart's query in SQL Lab needs SQL Lab (can_sqllab on Superset). */
  canSqlLab: boolean;
}

export function explorePermissions(
  roles: RolePermissions | undefined,
  userId: number | undefined,
  sliceOwners: readonly number[] | null,
): ExplorePermissions {
  if (!roles) return { canAdd: false, canDownload: false, canOverwrite: false, canSqlLab: false };
  const canAdd = hasPermission(roles, ['can_write', 'Chart']);
  const owner = sliceOwners !== null && userId !== undefined && sliceOwners.includes(userId);
  return {
    canAdd,
    canDownload: hasPermission(roles, ['can_csv', 'Superset']),
    canOverwrite: sliceOwners !== null && canAdd && (owner || isAdmin(roles)),
    canSqlLab: hasPermission(roles, ['can_sqllab', 'Superset']),
  };
}
