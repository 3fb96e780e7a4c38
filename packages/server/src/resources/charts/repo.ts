import type { UserRef } from '@vitrina/common';
import type { Expression, Insertable, Kysely, Selectable, SqlBool, Transaction, Updateable } from 'kysely';
import type { DashboardsTable, MetastoreSchema, SlicesTable } from '../../platform/metastore/schema.ts';
import { removeFavouritesOf } from '../favourites/repo.ts';
import { removeTaggingsOf } from '../tagging/repo.ts';
import { addChartToLayout, removeChartFromLayout } from './dashboardLayout.ts';

/** The slices and slice_owners tables as the charts API needs them. */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;
export type SliceRow = Selectable<SlicesTable>;
export type NewSliceRow = Insertable<SlicesTable>;
export type SliceUpdate = Updateable<SlicesTable>;

export interface ChartDashboardRef {
  id: number;
  dashboard_title: string;
  dashboard_title_ru: string | null;
  json_metadata: string | null;
}

export async function findSlice(db: Db, id: number): Promise<SliceRow | undefined> {
  return db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A chart by id or uuid, as Superset's `/chart/<id_or_uuid>` accepts either. */
export async function findSliceByIdOrUuid(db: Db, idOrUuid: string): Promise<SliceRow | undefined> {
  if (/^\d+$/.test(idOrUuid)) return findSlice(db, Number(idOrUuid));
  return db.selectFrom('slices').selectAll().where('uuid', '=', idOrUuid).executeTakeFirst();
}

export async function userRef(db: Db, id: number | null): Promise<UserRef | null> {
  if (id === null) return null;
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function ownersBySlice(db: Db, sliceIds: readonly number[]): Promise<Map<number, UserRef[]>> {
  const bySlice = new Map<number, UserRef[]>();
  if (sliceIds.length === 0) return bySlice;
  const rows = await db
    .selectFrom('slice_owners as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.slice_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.slice_id', 'in', [...sliceIds])
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const owners = bySlice.get(row.slice_id) ?? [];
    owners.push({ id: row.id, first_name: row.first_name, last_name: row.last_name });
    bySlice.set(row.slice_id, owners);
  }
  return bySlice;
}

export async function dashboardsBySlice(
  db: Db,
  sliceIds: readonly number[],
): Promise<Map<number, ChartDashboardRef[]>> {
  const bySlice = new Map<number, ChartDashboardRef[]>();
  if (sliceIds.length === 0) return bySlice;
  const rows = await db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('dashboards as d', 'd.id', 'ds.dashboard_id')
    .select(['ds.slice_id', 'd.id', 'd.dashboard_title', 'd.dashboard_title_ru', 'd.json_metadata'])
    .where('ds.slice_id', 'in', [...sliceIds])
    .orderBy('d.dashboard_title')
    .orderBy('d.id')
    .execute();
  for (const row of rows) {
    const dashboards = bySlice.get(row.slice_id) ?? [];
    dashboards.push({
      id: row.id,
      dashboard_title: row.dashboard_title,
      dashboard_title_ru: row.dashboard_title_ru,
      json_metadata: row.json_metadata,
    });
    bySlice.set(row.slice_id, dashboards);
  }
  return bySlice;
}

export async function dashboardIdsOf(db: Db, sliceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboard_slices')
    .select('dashboard_id')
    .where('slice_id', '=', sliceId)
    .orderBy('dashboard_id')
    .execute();
  return rows.map((row) => row.dashboard_id);
}

export async function ownerIdsOf(db: Db, sliceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('slice_owners')
    .select('user_id')
    .where('slice_id', '=', sliceId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function isOwner(db: Db, sliceId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('slice_owners')
    .select('user_id')
    .where('slice_id', '=', sliceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSlice(db: Db, row: NewSliceRow): Promise<number> {
  return (await db.insertInto('slices').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSlice(db: Db, id: number, changes: SliceUpdate): Promise<void> {
  await db.updateTable('slices').set(changes).where('id', '=', id).execute();
}

export async function replaceOwners(db: Db, sliceId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('slice_owners').where('slice_id', '=', sliceId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await db
      .insertInto('slice_owners')
      .values(unique.map((userId) => ({ slice_id: sliceId, user_id: userId })))
      .execute();
  }
}

/** Removes charts with their owners, dashboard links, stars and tags; the caller runs it in a transaction. */
export async function deleteSlices(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  // Explicitly, children first: not every store enforces the cascades.
  await db.deleteFrom('slice_owners').where('slice_id', 'in', list).execute();
  await db.deleteFrom('dashboard_slices').where('slice_id', 'in', list).execute();
  await removeFavouritesOf(db, 'slice', list);
  await removeTaggingsOf(db, 'chart', list);
  await db.deleteFrom('slices').where('id', 'in', list).execute();
}

/** The dashboards a chart is put on or taken off (the chart side of dashboard_slices). */
export async function findDashboardsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Selectable<DashboardsTable>[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('dashboards')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The ids among `dashboardIds` the user owns. */
export async function ownedDashboardIds(
  db: Db,
  dashboardIds: readonly number[],
  userId: number,
): Promise<Set<number>> {
  if (dashboardIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('dashboard_owners')
    .select('dashboard_id')
    .where('dashboard_id', 'in', [...dashboardIds])
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.dashboard_id));
}

/**
 * Puts a chart on dashboards: the dashboard_slices rows, and a place in each layout. The caller runs it
 * in the chart's transaction and has checked the dashboards may be edited.
 */
export async function addChartToDashboards(
  db: Db,
  chart: { id: number; uuid: string; sliceName: string },
  dashboardIds: readonly number[],
): Promise<void> {
  for (const dashboard of await findDashboardsByIds(db, dashboardIds)) {
    await db
      .insertInto('dashboard_slices')
      .values({ dashboard_id: dashboard.id, slice_id: chart.id })
      .onConflict((oc) => oc.columns(['dashboard_id', 'slice_id']).doNothing())
      .execute();
    const position = addChartToLayout(dashboard.position_json, chart);
    if (position !== dashboard.position_json) {
      await db
        .updateTable('dashboards')
        .set({ position_json: position })
        .where('id', '=', dashboard.id)
        .execute();
    }
  }
}

/** Takes a chart off dashboards: its dashboard_slices rows and its places in their layouts. */
export async function removeChartFromDashboards(
  db: Db,
  chartId: number,
  dashboardIds: readonly number[],
): Promise<void> {
  if (dashboardIds.length === 0) return;
  await db
    .deleteFrom('dashboard_slices')
    .where('slice_id', '=', chartId)
    .where('dashboard_id', 'in', [...dashboardIds])
    .execute();
  for (const dashboard of await findDashboardsByIds(db, dashboardIds)) {
    const position = removeChartFromLayout(dashboard.position_json, chartId);
    if (position !== dashboard.position_json) {
      await db
        .updateTable('dashboards')
        .set({ position_json: position })
        .where('id', '=', dashboard.id)
        .execute();
    }
  }
}

/** The rows a list starts from: one per chart, with its dataset and the users it names. */
export function chartsListBase(db: Kysely<MetastoreSchema>, visible: Expression<SqlBool>) {
  return db
    .selectFrom('slices as s')
    .leftJoin('datasets as vd', (join) =>
      join.onRef('vd.id', '=', 's.datasource_id').on('s.datasource_type', '=', 'table'),
    )
    .leftJoin('users as cu', 'cu.id', 's.changed_by_fk')
    .leftJoin('users as cr', 'cr.id', 's.created_by_fk')
    .leftJoin('users as lu', 'lu.id', 's.last_saved_by_fk')
    .where(visible);
}

/** The ids among `ids` of charts the condition (the caller's visibility) lets through. */
export async function visibleChartIds(
  db: Db,
  ids: readonly number[],
  visible: Expression<SqlBool>,
): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('slices as s')
    .select('s.id')
    .where('s.id', 'in', [...ids])
    .where(visible)
    .execute();
}

/** Names of the alerts and reports that use any of these charts, for the refusal to delete them. */
export async function reportNamesUsingCharts(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('report_schedule')
    .select('name')
    .where('chart_id', 'in', [...ids])
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}
