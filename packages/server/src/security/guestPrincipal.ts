import { isRecord } from '@vitrina/common/isRecord';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import type { GuestClaims, GuestTokenSettings } from './guestToken.ts';
import { type Principal, rolePermissions } from './principal.ts';

type Db = Kysely<MetastoreSchema>;

/** Guests have no user row; 0 is no user's id, so no ownership check or user lookup ever matches. */
export const GUEST_USER_ID = 0;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The dashboards a token's resources name that are embedded: by embedded uuid or by dashboard id, as
 * Superset accepts both. A dashboard whose embedding was removed is out of every token at once.
 */
export async function embeddedDashboardIds(db: Db, resourceIds: readonly string[]): Promise<number[]> {
  const uuids = resourceIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
  const ids = resourceIds.filter((id) => /^\d+$/.test(id)).map(Number);
  if (uuids.length === 0 && ids.length === 0) return [];
  const rows = await db
    .selectFrom('embedded_dashboards')
    .select('dashboard_id')
    .where((eb) =>
      eb.or([
        ...(uuids.length > 0 ? [eb('uuid', 'in', uuids)] : []),
        ...(ids.length > 0 ? [eb('dashboard_id', 'in', ids)] : []),
      ]),
    )
    .execute();
  return [...new Set(rows.map((row) => row.dashboard_id))];
}

/** Dataset ids the native filters of a dashboard's metadata read their values from. */
function filterDatasetIds(jsonMetadata: string | null): number[] {
  if (!jsonMetadata) return [];
  let metadata: unknown;
  try {
    metadata = JSON.parse(jsonMetadata);
  } catch {
    return [];
  }
  const filters = isRecord(metadata) ? metadata.native_filter_configuration : undefined;
  if (!Array.isArray(filters)) return [];
  return filters.flatMap((filter) =>
    isRecord(filter) && Array.isArray(filter.targets)
      ? filter.targets.flatMap((target) =>
          isRecord(target) && typeof target.datasetId === 'number' ? [target.datasetId] : [],
        )
      : [],
  );
}

/**
 * The principal of a guest token: the guest role's permissions (VITRINA_GUEST_ROLE), reaching only the
 * token's embedded dashboards, the charts on them and the datasets those charts and native filters read.
 */
export async function loadGuestPrincipal(
  db: Db,
  settings: GuestTokenSettings,
  claims: GuestClaims,
  token: string,
): Promise<Principal> {
  const dashboardIds = await embeddedDashboardIds(
    db,
    claims.resources.map((resource) => resource.id),
  );
  const charts =
    dashboardIds.length === 0
      ? []
      : await db
          .selectFrom('dashboard_slices as ds')
          .innerJoin('slices as s', 's.id', 'ds.slice_id')
          .select(['s.id', 's.datasource_id', 's.datasource_type'])
          .where('ds.dashboard_id', 'in', dashboardIds)
          .execute();
  const dashboards =
    dashboardIds.length === 0
      ? []
      : await db.selectFrom('dashboards').select('json_metadata').where('id', 'in', dashboardIds).execute();
  const datasetIds = new Set([
    ...charts.filter((chart) => chart.datasource_type === 'table').map((chart) => chart.datasource_id),
    ...dashboards.flatMap((dashboard) => filterDatasetIds(dashboard.json_metadata)),
  ]);
  return {
    id: GUEST_USER_ID,
    username: claims.user.username || 'guest',
    roles: [settings.roleName],
    permissions: await rolePermissions(db, settings.roleName),
    isAdmin: false,
    guest: {
      user: claims.user,
      rls: claims.rls,
      dashboardIds: new Set(dashboardIds),
      chartIds: new Set(charts.map((chart) => chart.id)),
      datasetIds,
      token,
    },
  };
}
