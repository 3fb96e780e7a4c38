import type { ListQuery } from '@vitrina/common';
import { type Kysely, sql } from 'kysely';
import { NotFoundError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { bilingualFilters } from '../charts/bilingual.ts';
import { addFavourite, FAVOURITE_CLASS, favouriteIds, removeFavourite } from '../favourites/favourites.ts';
import { dashboardVisibleCondition } from './access.ts';
import { dashboardsList, dashboardsListBase } from './list.ts';

type Db = Kysely<MetastoreSchema>;

/** Read use cases of the dashboards API: the list and the caller's stars. */

export async function listDashboards(db: Db, principal: Principal, query: ListQuery): Promise<ListResult> {
  const split = bilingualFilters(query, 'dashboard_title', [
    sql.ref('d.dashboard_title'),
    sql.ref('d.dashboard_title_ru'),
  ]);
  let base = dashboardsListBase(db, dashboardVisibleCondition(principal));
  for (const condition of split.conditions) base = base.where(condition);
  return runList(db, base, dashboardsList(principal.id), split.query);
}

async function visibleIds(db: Db, principal: Principal, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('dashboards as d')
    .select('d.id')
    .where('d.id', 'in', [...ids])
    .where(dashboardVisibleCondition(principal))
    .execute();
  return rows.map((row) => row.id);
}

/** `favorite_status/?q=!(ids)`: whether the caller starred each id; 404 when none of them is visible. */
export async function dashboardFavoriteStatus(
  db: Db,
  principal: Principal,
  ids: readonly number[],
): Promise<Array<{ id: number; value: boolean }>> {
  if ((await visibleIds(db, principal, ids)).length === 0) throw new NotFoundError();
  const starred = await favouriteIds(db, principal.id, FAVOURITE_CLASS.dashboard, ids);
  return ids.map((id) => ({ id, value: starred.has(id) }));
}

export async function starDashboard(
  db: Db,
  principal: Principal,
  id: number,
  starred: boolean,
): Promise<void> {
  if ((await visibleIds(db, principal, [id])).length === 0) throw new NotFoundError();
  if (starred) await addFavourite(db, principal.id, FAVOURITE_CLASS.dashboard, id);
  else await removeFavourite(db, principal.id, FAVOURITE_CLASS.dashboard, id);
}
