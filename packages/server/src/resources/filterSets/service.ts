import type { UserRef } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { parseJsonObject } from '../charts/formData.ts';
import { userRef } from '../charts/repo.ts';
import { canEditDashboard, visibleDashboard } from '../dashboards/access.ts';
import type { DashboardRow } from '../dashboards/repo.ts';
import { type FilterSetChange, type FilterSetCreate, parseChange, parseCreate } from './input.ts';
import * as repo from './repo.ts';

/**
 * Filter sets of a dashboard (Superset's FilterSetRestApi and its commands). Who sees what: everyone who
 * sees the dashboard sees its Dashboard-owned sets; a User-owned set is seen by its user only; admins
 * see all. Who changes what: a Dashboard-owned set is created and changed by those who may edit the
 * dashboard (its owners with can_write on Dashboard, admins); a User-owned set by its user (or an admin).
 */

type Db = Kysely<MetastoreSchema>;

export interface FilterSetItem {
  id: number;
  name: string;
  description: string | null;
  json_metadata: string;
  params: Record<string, unknown>;
  dashboard_id: number;
  owner_type: repo.OwnerType;
  owner_id: number;
  is_primary: boolean;
  created_on: string;
  changed_on: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
}

export const NOT_DASHBOARD_OWNER = "The user is not an owner of the filter set's dashboard";

async function present(db: Db, row: repo.FilterSetRow): Promise<FilterSetItem> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    json_metadata: row.json_metadata,
    params: parseJsonObject(row.json_metadata) ?? {},
    dashboard_id: row.dashboard_id,
    owner_type: row.owner_type,
    owner_id: row.owner_id,
    is_primary: row.is_primary === 1,
    created_on: row.created_on,
    changed_on: row.changed_on,
    created_by: await userRef(db, row.created_by_fk),
    changed_by: await userRef(db, row.changed_by_fk),
  };
}

/** The set when the caller sees it: 404 for a set of another dashboard or another user. */
async function visibleSet(db: Db, principal: Principal, dashboardId: number, id: number) {
  const set = await repo.findFilterSet(db, dashboardId, id);
  const hidden = set?.owner_type === 'User' && set.owner_id !== principal.id && !principal.isAdmin;
  if (!set || hidden) throw new NotFoundError();
  return set;
}

/** A Dashboard-owned set is changed only by those who may edit its dashboard. */
async function checkMayChange(db: Db, principal: Principal, set: repo.FilterSetRow): Promise<void> {
  if (set.owner_type === 'Dashboard' && !(await canEditDashboard(db, principal, set.dashboard_id))) {
    throw new ForbiddenError(NOT_DASHBOARD_OWNER);
  }
}

export async function listDashboardFilterSets(
  db: Db,
  principal: Principal,
  dashboard: DashboardRow,
): Promise<{ count: number; ids: number[]; result: FilterSetItem[] }> {
  const rows = await repo.listFilterSets(db, dashboard.id, principal.isAdmin ? null : principal.id);
  const result = await Promise.all(rows.map((row) => present(db, row)));
  return { count: result.length, ids: result.map((item) => item.id), result };
}

/** The owner a new set gets, after the checks of Superset's CreateFilterSetCommand. */
async function ownerOf(db: Db, principal: Principal, dashboard: DashboardRow, input: FilterSetCreate) {
  if (input.owner_type === 'Dashboard') {
    if (input.owner_id !== null && input.owner_id !== dashboard.id) {
      throw new BadRequestError({ owner_id: ['owner_id should be equal to dashboard_id'] });
    }
    if (!(await canEditDashboard(db, principal, dashboard.id))) throw new ForbiddenError(NOT_DASHBOARD_OWNER);
    return dashboard.id;
  }
  const ownerId = input.owner_id as number;
  if (ownerId === principal.id) return ownerId;
  // Only an admin saves a set for someone else, and only for someone who exists.
  if (!principal.isAdmin) throw new ForbiddenError('A filter set of another user cannot be created');
  if (!(await repo.userExists(db, ownerId)))
    throw new BadRequestError({ owner_id: ['owner_id does not exist'] });
  return ownerId;
}

export async function createFilterSet(
  db: Db,
  principal: Principal,
  dashboard: DashboardRow,
  body: unknown,
): Promise<FilterSetItem> {
  const input = parseCreate(body);
  const ownerId = await ownerOf(db, principal, dashboard, input);
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const created = await repo.insertFilterSet(trx, {
      dashboard_id: dashboard.id,
      name: input.name,
      description: input.description,
      json_metadata: input.json_metadata,
      owner_type: input.owner_type,
      owner_id: ownerId,
      is_primary: input.is_primary ? 1 : 0,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    if (input.is_primary) {
      await repo.clearPrimary(
        trx,
        { dashboard_id: dashboard.id, owner_type: input.owner_type, owner_id: ownerId },
        created,
      );
    }
    return created;
  });
  return present(db, (await repo.findFilterSet(db, dashboard.id, id)) as repo.FilterSetRow);
}

export async function updateFilterSet(
  db: Db,
  principal: Principal,
  dashboard: DashboardRow,
  id: number,
  body: unknown,
): Promise<FilterSetItem> {
  const change: FilterSetChange = parseChange(body);
  const set = await visibleSet(db, principal, dashboard.id, id);
  await checkMayChange(db, principal, set);
  const toDashboard = change.owner_type === 'Dashboard' && set.owner_type !== 'Dashboard';
  if (toDashboard && !(await canEditDashboard(db, principal, dashboard.id))) {
    throw new ForbiddenError(NOT_DASHBOARD_OWNER);
  }
  const owner = toDashboard
    ? { owner_type: 'Dashboard' as const, owner_id: dashboard.id }
    : { owner_type: set.owner_type, owner_id: set.owner_id };
  await db.transaction().execute(async (trx) => {
    await repo.updateFilterSet(trx, set.id, {
      ...(change.name !== undefined && { name: change.name }),
      ...(change.description !== undefined && { description: change.description }),
      ...(change.json_metadata !== undefined && { json_metadata: change.json_metadata }),
      ...(change.is_primary !== undefined && { is_primary: change.is_primary ? 1 : 0 }),
      ...owner,
      changed_on: nowIso(),
      changed_by_fk: principal.id,
    });
    const primary = change.is_primary ?? set.is_primary === 1;
    // A set that is primary (now, or still after moving to its dashboard) is the only primary one.
    if (primary && (change.is_primary || toDashboard)) {
      await repo.clearPrimary(trx, { dashboard_id: dashboard.id, ...owner }, set.id);
    }
  });
  return present(db, (await repo.findFilterSet(db, dashboard.id, set.id)) as repo.FilterSetRow);
}

export async function deleteFilterSet(
  db: Db,
  principal: Principal,
  dashboard: DashboardRow,
  id: number,
): Promise<void> {
  const set = await visibleSet(db, principal, dashboard.id, id);
  await checkMayChange(db, principal, set);
  await repo.deleteFilterSet(db, set.id);
}

/** The dashboard of a filter-set route: 404 when missing, 403 when the caller may not see it. */
export function dashboardOf(db: Db, principal: Principal, dashboardId: number, rbac: boolean) {
  return visibleDashboard(db, principal, String(dashboardId), rbac);
}
