import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * Who sees and who changes a dashboard. Admins see every dashboard; others see the published ones and
 * their own. A dashboard is edited by an admin, or by an owner holding can_write on Dashboard (spec
 * §6 'Dashboard and explore permissions').
 */

export function dashboardVisibleCondition(principal: Principal, alias = 'd'): Expression<SqlBool> {
  if (principal.isAdmin) return sql<SqlBool>`1 = 1`;
  const id = sql.ref(`${alias}.id`);
  return sql<SqlBool>`(${sql.ref(`${alias}.published`)} = 1 or ${id} in (select o.dashboard_id from dashboard_owners o where o.user_id = ${principal.id}))`;
}

async function canSee(db: Db, principal: Principal, dashboard: repo.DashboardRow): Promise<boolean> {
  return principal.isAdmin || dashboard.published === 1 || repo.isOwner(db, dashboard.id, principal.id);
}

/** The dashboard by id or slug: 404 when there is none, 403 when the caller may not see it. */
export async function visibleDashboard(
  db: Db,
  principal: Principal,
  idOrSlug: string,
): Promise<repo.DashboardRow> {
  const dashboard = await repo.findDashboardByIdOrSlug(db, idOrSlug);
  if (!dashboard) throw new NotFoundError();
  if (!(await canSee(db, principal, dashboard))) {
    throw new ForbiddenError("You don't have access to this dashboard.");
  }
  return dashboard;
}

export async function canEditDashboard(db: Db, principal: Principal, dashboardId: number): Promise<boolean> {
  if (principal.isAdmin) return true;
  return hasPermission(principal, 'can_write', 'Dashboard') && repo.isOwner(db, dashboardId, principal.id);
}

/**
 * Checks dashboards a chart is being put on: the ids that name no dashboard are answered (the caller
 * reports them as a field error); any existing one the caller may not edit is a 403, as Superset's
 * DashboardsForbiddenError.
 */
export async function unknownOrForbiddenDashboards(
  db: Db,
  principal: Principal,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findDashboards(db, unique);
  const foundIds = new Set(found.map((dashboard) => dashboard.id));
  if (!principal.isAdmin) {
    const owned = await repo.ownedAmong(db, [...foundIds], principal.id);
    const mayWrite = hasPermission(principal, 'can_write', 'Dashboard');
    if ([...foundIds].some((id) => !mayWrite || !owned.has(id))) {
      throw new ForbiddenError('Changing one or more of these dashboards is forbidden');
    }
  }
  return unique.filter((id) => !foundIds.has(id));
}
