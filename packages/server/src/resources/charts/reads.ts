import type { ListQuery } from '@vitrina/common';
import { type Kysely, sql } from 'kysely';
import type { ThumbnailViewer } from '../../flows/thumbnails/digest.ts';
import { NotFoundError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { addFavourite, FAVOURITE_CLASS, favouriteIds, removeFavourite } from '../favourites/repo.ts';
import { chartVisibleCondition, visibleChart } from './access.ts';
import { bilingualFilters } from './bilingual.ts';
import { chartsList } from './list.ts';
import { chartsListBase, visibleChartIds } from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/** Read use cases of the charts API: the list and the caller's stars. */

export async function listCharts(
  db: Db,
  principal: Principal,
  query: ListQuery,
  thumbnails: ThumbnailViewer,
): Promise<ListResult> {
  const visible = await chartVisibleCondition(db, principal);
  const split = bilingualFilters(query, 'slice_name', [sql.ref('s.slice_name'), sql.ref('s.slice_name_ru')]);
  let base = chartsListBase(db, visible);
  for (const condition of split.conditions) base = base.where(condition);
  return runList(db, base, chartsList(principal.id, thumbnails), split.query);
}

/** `favorite_status/?q=!(ids)`: whether the caller starred each id; 404 when none of them is visible. */
export async function chartFavoriteStatus(
  db: Db,
  principal: Principal,
  ids: readonly number[],
): Promise<Array<{ id: number; value: boolean }>> {
  const visible = await chartVisibleCondition(db, principal);
  const found = await visibleChartIds(db, ids, visible);
  if (found.length === 0) throw new NotFoundError();
  const starred = await favouriteIds(db, principal.id, FAVOURITE_CLASS.chart, ids);
  return ids.map((id) => ({ id, value: starred.has(id) }));
}

export async function starChart(db: Db, principal: Principal, id: number, starred: boolean): Promise<void> {
  const chart = await visibleChart(db, principal, id);
  if (starred) await addFavourite(db, principal.id, FAVOURITE_CLASS.chart, chart.id);
  else await removeFavourite(db, principal.id, FAVOURITE_CLASS.chart, chart.id);
}
