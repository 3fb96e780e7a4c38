import type { ListQuery } from '@vitrina/common';
import { type Kysely, sql } from 'kysely';
import type { ThumbnailViewer } from '../../flows/thumbnails/digest.ts';
import { NotFoundError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { bilingualFilters } from '../charts/bilingual.ts';
import { addFavourite, FAVOURITE_CLASS, favouriteIds, removeFavourite } from '../favourites/repo.ts';
import { rolesLike } from '../roles/repo.ts';
import { dashboardVisibleCondition } from './access.ts';
import { dashboardsList } from './list.ts';
import { dashboardsListBase, visibleDashboardIds } from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/** Read use cases of the dashboards API: the list and the caller's stars. */

export async function listDashboards(
  db: Db,
  principal: Principal,
  query: ListQuery,
  rbac: boolean,
  thumbnails: ThumbnailViewer,
): Promise<ListResult> {
  const split = bilingualFilters(query, 'dashboard_title', [
    sql.ref('d.dashboard_title'),
    sql.ref('d.dashboard_title_ru'),
  ]);
  let base = dashboardsListBase(db, dashboardVisibleCondition(principal, 'd', rbac));
  for (const condition of split.conditions) base = base.where(condition);
  return runList(db, base, dashboardsList(principal.id, thumbnails), split.query);
}

async function visibleIds(
  db: Db,
  principal: Principal,
  ids: readonly number[],
  rbac: boolean,
): Promise<number[]> {
  return visibleDashboardIds(db, ids, dashboardVisibleCondition(principal, 'd', rbac));
}

/** `favorite_status/?q=!(ids)`: whether the caller starred each id; 404 when none of them is visible. */
export async function dashboardFavoriteStatus(
  db: Db,
  principal: Principal,
  ids: readonly number[],
  rbac: boolean,
): Promise<Array<{ id: number; value: boolean }>> {
  if ((await visibleIds(db, principal, ids, rbac)).length === 0) throw new NotFoundError();
  const starred = await favouriteIds(db, principal.id, FAVOURITE_CLASS.dashboard, ids);
  return ids.map((id) => ({ id, value: starred.has(id) }));
}

export async function starDashboard(
  db: Db,
  principal: Principal,
  id: number,
  starred: boolean,
  rbac: boolean,
): Promise<void> {
  if ((await visibleIds(db, principal, [id], rbac)).length === 0) throw new NotFoundError();
  if (starred) await addFavourite(db, principal.id, FAVOURITE_CLASS.dashboard, id);
  else await removeFavourite(db, principal.id, FAVOURITE_CLASS.dashboard, id);
}

/** `GET /related/roles`: the roles a dashboard may be restricted to, by name. */
export async function relatedRoles(
  db: Db,
  args: { filter: string; page: number; pageSize: number; includeIds: number[] },
): Promise<{ count: number; result: Array<{ value: number; text: string }> }> {
  const pattern = `%${args.filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rolesLike(db, pattern);
  const options = rows.map((row) => ({ value: row.id, text: row.name }));
  const included = options.filter((option) => args.includeIds.includes(option.value));
  const rest = options.filter((option) => !args.includeIds.includes(option.value));
  const page = rest.slice(args.page * args.pageSize, (args.page + 1) * args.pageSize);
  return { count: options.length, result: args.page === 0 ? [...included, ...page] : page };
}
