import type { Kysely } from 'kysely';
import { NotFoundError } from '../../http/errors.ts';
import type { DashboardRenderState } from '../../http/screenshots.ts';
import type { AppContext } from '../../http/types.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { rbacEnabled, visibleDashboard } from '../dashboards/access.ts';
import { createEntry, readEntry } from '../keyValue/repo.ts';
import { type DashboardPermalinkState, parsePermalinkState } from './state.ts';

/**
 * Dashboard permalinks (Superset's DashboardPermalinkRestApi): a dashboard's filter selection, active
 * tabs and anchor stored under an unguessable key of the key-value store, as explore permalinks are.
 * Storing one and opening one both check that the caller sees the dashboard.
 */

type Db = Kysely<MetastoreSchema>;

interface StoredPermalink {
  dashboardId: number;
  state: DashboardPermalinkState;
}

export interface DashboardPermalink {
  /** The dashboard's id as text, as Superset answers it. */
  dashboardId: string;
  state: DashboardPermalinkState;
}

/** The page that opens a permalink, as Superset's route. */
export const permalinkPath = (key: string) => `/superset/dashboard/p/${key}/`;

export async function createDashboardPermalink(
  db: Db,
  principal: Principal,
  idOrSlug: string,
  body: unknown,
  rbac: boolean,
): Promise<string> {
  const state = parsePermalinkState(body);
  const dashboard = await visibleDashboard(db, principal, idOrSlug, rbac);
  const value: StoredPermalink = { dashboardId: dashboard.id, state };
  return createEntry(db, { resource: 'dashboard_permalink', value, createdBy: principal.id });
}

function isStored(value: unknown): value is StoredPermalink {
  if (typeof value !== 'object' || value === null) return false;
  const { dashboardId, state } = value as Record<string, unknown>;
  return Number.isSafeInteger(dashboardId) && typeof state === 'object' && state !== null;
}

export async function getDashboardPermalink(
  db: Db,
  principal: Principal,
  key: string,
  rbac: boolean,
): Promise<DashboardPermalink> {
  const value = await readEntry(db, 'dashboard_permalink', key);
  if (!isStored(value)) throw new NotFoundError();
  // A deleted dashboard answers 404, one the caller may not see 403.
  const dashboard = await visibleDashboard(db, principal, String(value.dashboardId), rbac);
  return { dashboardId: String(dashboard.id), state: value.state };
}

/** A permalink for a picture of the dashboard (http/services.ts `dashboardPermalinkPath`). */
export async function dashboardPermalinkPath(
  ctx: AppContext,
  principal: Principal,
  dashboardId: number,
  state: DashboardRenderState,
): Promise<string> {
  const key = await createDashboardPermalink(
    ctx.metastore.db,
    principal,
    String(dashboardId),
    state,
    rbacEnabled(ctx),
  );
  return permalinkPath(key);
}
