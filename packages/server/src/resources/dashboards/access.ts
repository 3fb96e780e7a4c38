import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * Who sees and who changes a dashboard, as Superset's DashboardAccessFilter: admins see every
 * dashboard; owners see theirs; others see the published ones — and with the DASHBOARD_RBAC flag on, a
 * published dashboard that names roles only when the caller holds one of them. A dashboard is edited
 * by an admin, or by an owner holding can_write on Dashboard (spec §6).
 */

export const DASHBOARD_RBAC_FLAG = 'DASHBOARD_RBAC';

/** Whether dashboard roles restrict who sees a dashboard (the DASHBOARD_RBAC feature flag). */
export function rbacEnabled(ctx: AppContext): boolean {
  return ctx.config.featureFlags[DASHBOARD_RBAC_FLAG] === true;
}

/** `column in (ids)`, false for no ids. */
export function idIn(column: Expression<unknown>, ids: ReadonlySet<number>): Expression<SqlBool> {
  return ids.size === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${column} in (${sql.join([...ids])})`;
}

export function dashboardVisibleCondition(
  principal: Principal,
  alias = 'd',
  rbac = false,
): Expression<SqlBool> {
  const id = sql.ref(`${alias}.id`);
  if (principal.guest) return idIn(id, principal.guest.dashboardIds);
  if (principal.isAdmin) return sql<SqlBool>`1 = 1`;
  const owned = sql<SqlBool>`${id} in (select o.dashboard_id from dashboard_owners o where o.user_id = ${principal.id})`;
  const published = sql<SqlBool>`${sql.ref(`${alias}.published`)} = 1`;
  if (!rbac) return sql<SqlBool>`(${published} or ${owned})`;
  const roleNames = principal.roles.length > 0 ? principal.roles : [''];
  const noRoles = sql<SqlBool>`not exists (select 1 from dashboard_roles nr where nr.dashboard_id = ${id})`;
  const holdsRole = sql<SqlBool>`${id} in (select hr.dashboard_id from dashboard_roles hr inner join roles r on r.id = hr.role_id where r.name in (${sql.join(roleNames)}))`;
  return sql<SqlBool>`((${published} and (${noRoles} or ${holdsRole})) or ${owned})`;
}

async function canSee(
  db: Db,
  principal: Principal,
  dashboard: repo.DashboardRow,
  rbac: boolean,
): Promise<boolean> {
  // A guest sees the token's embedded dashboards, published or not, and nothing else.
  if (principal.guest) return principal.guest.dashboardIds.has(dashboard.id);
  if (principal.isAdmin) return true;
  if (await repo.isOwner(db, dashboard.id, principal.id)) return true;
  if (dashboard.published !== 1) return false;
  if (!rbac) return true;
  const roles = await repo.roleNamesOf(db, dashboard.id);
  return roles.length === 0 || roles.some((role) => principal.roles.includes(role));
}

/** The dashboard by id or slug: 404 when there is none, 403 when the caller may not see it. */
export async function visibleDashboard(
  db: Db,
  principal: Principal,
  idOrSlug: string,
  rbac = false,
): Promise<repo.DashboardRow> {
  const dashboard = await repo.findDashboardByIdOrSlug(db, idOrSlug);
  if (!dashboard) throw new NotFoundError();
  if (!(await canSee(db, principal, dashboard, rbac))) {
    throw new ForbiddenError("You don't have access to this dashboard.");
  }
  return dashboard;
}

/** Superset's DashboardForbiddenError, for a change by someone who may not edit the dashboard. */
export const DASHBOARD_FORBIDDEN = 'Changing this Dashboard is forbidden';

/** The dashboard when the caller sees it and may change it: 404, then 403 otherwise. */
export async function editableDashboard(
  db: Db,
  principal: Principal,
  idOrSlug: string,
  rbac = false,
): Promise<repo.DashboardRow> {
  const dashboard = await visibleDashboard(db, principal, idOrSlug, rbac);
  if (!(await canEditDashboard(db, principal, dashboard.id))) throw new ForbiddenError(DASHBOARD_FORBIDDEN);
  return dashboard;
}

export async function canEditDashboard(db: Db, principal: Principal, dashboardId: number): Promise<boolean> {
  if (principal.isAdmin) return true;
  return hasPermission(principal, 'can_write', 'Dashboard') && repo.isOwner(db, dashboardId, principal.id);
}
