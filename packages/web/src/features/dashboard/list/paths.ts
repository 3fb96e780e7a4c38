/** Where the dashboard screens live (Superset's paths). */
export const DASHBOARD_LIST_PATH = '/dashboard/list/';

/** A dashboard's page, by slug when it has one (as the server's `url`), else by id. */
export function dashboardPath(dashboard: { id: number; slug?: string | null }): string {
  return `/superset/dashboard/${dashboard.slug || dashboard.id}/`;
}

/** The dashboard opened straight into edit mode. */
export function editDashboardPath(id: number): string {
  return `/superset/dashboard/${id}/?edit=true`;
}
