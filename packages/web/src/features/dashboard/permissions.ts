import type { DashboardDto } from '@vitrina/common';
import { hasPermission, isAdmin, type RolePermissions } from '../../api/access.ts';

/** What the current user may do on one dashboard (spec §6 of both documents). */
export interface DashboardPermissions {
  /** Admins, and owners with can_write on Dashboard: edit mode, properties, publish. */
  edit: boolean;
  /** can_save_dash, or Admin: save and "save as". */
  save: boolean;
  /** can_share_dashboard: copy link, share by e-mail. */
  share: boolean;
  /** can_explore: open a chart in explore. */
  explore: boolean;
  /** can_share_chart: share a link to one chart. */
  shareChart: boolean;
  /** can_csv: CSV/XLSX export and drill to detail's download. */
  csv: boolean;
  /** A chart's SQL ('View query'): everyone but an embedded dashboard's guest. */
  viewQuery: boolean;
  /** can_set_embedded on Dashboard: the 'Embed dashboard' settings. */
  embed: boolean;
}

export function dashboardPermissions(
  roles: RolePermissions,
  userId: number | undefined,
  dashboard: Pick<DashboardDto, 'owners'>,
  guest = false,
): DashboardPermissions {
  const admin = isAdmin(roles);
  const owner = userId !== undefined && dashboard.owners.some((o) => o.id === userId);
  return {
    edit: admin || (owner && hasPermission(roles, ['can_write', 'Dashboard'])),
    save: admin || hasPermission(roles, ['can_save_dash', 'Superset']),
    share: hasPermission(roles, ['can_share_dashboard', 'Superset']),
    explore: hasPermission(roles, ['can_explore', 'Superset']),
    shareChart: hasPermission(roles, ['can_share_chart', 'Superset']),
    csv: hasPermission(roles, ['can_csv', 'Superset']),
    viewQuery: !guest,
    embed: !guest && hasPermission(roles, ['can_set_embedded', 'Dashboard']),
  };
}
