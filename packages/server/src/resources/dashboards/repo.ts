import type { UserRef } from '@vitrina/common';
import {
  type Expression,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { DashboardsTable, MetastoreSchema } from '../../platform/metastore/schema.ts';
import { FAVOURITE_CLASS, removeFavouritesOf } from '../favourites/repo.ts';
import { removeTaggingsOf } from '../tagging/repo.ts';

/** The dashboards, dashboard_owners, dashboard_roles and dashboard_slices tables. */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;
export type DashboardRow = Selectable<DashboardsTable>;
export type NewDashboardRow = Insertable<DashboardsTable>;

export async function findDashboard(db: Db, id: number): Promise<DashboardRow | undefined> {
  return db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A dashboard by id or slug, as Superset's `/dashboard/<id_or_slug>` accepts either. */
export async function findDashboardByIdOrSlug(db: Db, idOrSlug: string): Promise<DashboardRow | undefined> {
  if (/^\d+$/.test(idOrSlug)) {
    const byId = await findDashboard(db, Number(idOrSlug));
    if (byId) return byId;
  }
  return db.selectFrom('dashboards').selectAll().where('slug', '=', idOrSlug).executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('dashboards').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function ownersByDashboard(
  db: Db,
  dashboardIds: readonly number[],
): Promise<Map<number, UserRef[]>> {
  const byDashboard = new Map<number, UserRef[]>();
  if (dashboardIds.length === 0) return byDashboard;
  const rows = await db
    .selectFrom('dashboard_owners as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.dashboard_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.dashboard_id', 'in', [...dashboardIds])
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const owners = byDashboard.get(row.dashboard_id) ?? [];
    owners.push({ id: row.id, first_name: row.first_name, last_name: row.last_name });
    byDashboard.set(row.dashboard_id, owners);
  }
  return byDashboard;
}

export async function rolesByDashboard(
  db: Db,
  dashboardIds: readonly number[],
): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const byDashboard = new Map<number, Array<{ id: number; name: string }>>();
  if (dashboardIds.length === 0) return byDashboard;
  const rows = await db
    .selectFrom('dashboard_roles as dr')
    .innerJoin('roles as r', 'r.id', 'dr.role_id')
    .select(['dr.dashboard_id', 'r.id', 'r.name'])
    .where('dr.dashboard_id', 'in', [...dashboardIds])
    .orderBy('r.name')
    .execute();
  for (const row of rows) {
    const roles = byDashboard.get(row.dashboard_id) ?? [];
    roles.push({ id: row.id, name: row.name });
    byDashboard.set(row.dashboard_id, roles);
  }
  return byDashboard;
}

export async function isOwner(db: Db, dashboardId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dashboard_owners')
    .select('user_id')
    .where('dashboard_id', '=', dashboardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDashboard(db: Db, row: NewDashboardRow): Promise<number> {
  return (await db.insertInto('dashboards').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function replaceOwners(db: Db, dashboardId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('dashboard_owners').where('dashboard_id', '=', dashboardId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await db
      .insertInto('dashboard_owners')
      .values(unique.map((userId) => ({ dashboard_id: dashboardId, user_id: userId })))
      .execute();
  }
}

export async function replaceRoles(db: Db, dashboardId: number, roleIds: readonly number[]): Promise<void> {
  await db.deleteFrom('dashboard_roles').where('dashboard_id', '=', dashboardId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) {
    await db
      .insertInto('dashboard_roles')
      .values(unique.map((roleId) => ({ dashboard_id: dashboardId, role_id: roleId })))
      .execute();
  }
}

/** The ids among `ids` that name no role. */
export async function unknownRoleIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom('roles')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => row.id),
  );
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export interface DashboardChartRow {
  id: number;
  uuid: string;
  slice_name: string;
  slice_name_ru: string | null;
  viz_type: string;
  params: string;
  cache_timeout: number | null;
  changed_on: string;
  description: string | null;
  datasource_id: number;
  datasource_type: string;
  certified_by: string | null;
  certification_details: string | null;
}

export async function chartsOfDashboard(db: Db, dashboardId: number): Promise<DashboardChartRow[]> {
  return db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select([
      's.id',
      's.uuid',
      's.slice_name',
      's.slice_name_ru',
      's.viz_type',
      's.params',
      's.cache_timeout',
      's.changed_on',
      's.description',
      's.datasource_id',
      's.datasource_type',
      's.certified_by',
      's.certification_details',
    ])
    .where('ds.dashboard_id', '=', dashboardId)
    .orderBy('s.id')
    .execute();
}

/**
 * The dashboard's charts' last change and their count, as one text (a subquery on the dashboard's id
 * expression, so a list computes it in its own query). A chart edited, added or taken off moves it, and
 * with it the dashboard's thumbnail digest, as Superset's digest covers the dashboard's slices.
 */
export function chartsStampOf(dashboardId: Expression<number>): RawBuilder<string> {
  return sql<string>`(select coalesce(cast(max(cs.changed_on) as text), '') || ':' || cast(count(*) as text)
    from dashboard_slices as cds inner join slices as cs on cs.id = cds.slice_id
    where cds.dashboard_id = ${dashboardId})`;
}

export async function chartsStamp(db: Db, dashboardId: number): Promise<string> {
  const row = await db
    .selectNoFrom(chartsStampOf(sql.val(dashboardId)).as('stamp'))
    .executeTakeFirstOrThrow();
  return row.stamp;
}

export async function sliceNamesOf(db: Db, dashboardId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select('s.slice_name')
    .where('ds.dashboard_id', '=', dashboardId)
    .orderBy('s.id')
    .execute();
  return rows.map((row) => row.slice_name);
}

/** The names of the roles a dashboard is restricted to (DASHBOARD_RBAC). */
export async function roleNamesOf(db: Db, dashboardId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('dashboard_roles as dr')
    .innerJoin('roles as r', 'r.id', 'dr.role_id')
    .select('r.name')
    .where('dr.dashboard_id', '=', dashboardId)
    .execute();
  return rows.map((row) => row.name);
}

export async function updateDashboardRow(
  db: Db,
  id: number,
  changes: Partial<Omit<NewDashboardRow, 'id' | 'uuid'>>,
): Promise<void> {
  await db.updateTable('dashboards').set(changes).where('id', '=', id).execute();
}

/** Deletes dashboards with their links; children first, as not every store enforces the cascades. */
export async function deleteDashboardRows(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  await db.deleteFrom('dashboard_slices').where('dashboard_id', 'in', list).execute();
  await db.deleteFrom('dashboard_owners').where('dashboard_id', 'in', list).execute();
  await db.deleteFrom('dashboard_roles').where('dashboard_id', 'in', list).execute();
  await removeFavouritesOf(db, FAVOURITE_CLASS.dashboard, list);
  await removeTaggingsOf(db, 'dashboard', list);
  await db.deleteFrom('dashboards').where('id', 'in', list).execute();
}

/** The rows a list starts from: one per dashboard, with the users it names. */
export function dashboardsListBase(db: Kysely<MetastoreSchema>, visible: Expression<SqlBool>) {
  return db
    .selectFrom('dashboards as d')
    .leftJoin('users as cu', 'cu.id', 'd.changed_by_fk')
    .leftJoin('users as cr', 'cr.id', 'd.created_by_fk')
    .where(visible);
}

/** Puts charts on a new dashboard (its dashboard_slices rows; the layout is the caller's). */
export async function linkCharts(db: Db, dashboardId: number, sliceIds: readonly number[]): Promise<void> {
  if (sliceIds.length === 0) return;
  await db
    .insertInto('dashboard_slices')
    .values(sliceIds.map((sliceId) => ({ dashboard_id: dashboardId, slice_id: sliceId })))
    .execute();
}

/** The datasets (table datasources) the dashboard's charts use, by id. */
export async function datasetIdsOfDashboard(db: Db, dashboardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select('s.datasource_id')
    .where('ds.dashboard_id', '=', dashboardId)
    .where('s.datasource_type', '=', 'table')
    .distinct()
    .orderBy('s.datasource_id')
    .execute();
  return rows.map((row) => row.datasource_id);
}

export async function dashboardChartIds(db: Db, dashboardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .execute();
  return rows.map((row) => row.slice_id);
}

/** Takes charts off a dashboard (its dashboard_slices rows; the layout is the caller's). */
export async function unlinkCharts(db: Db, dashboardId: number, sliceIds: readonly number[]): Promise<void> {
  if (sliceIds.length === 0) return;
  await db
    .deleteFrom('dashboard_slices')
    .where('dashboard_id', '=', dashboardId)
    .where('slice_id', 'in', [...sliceIds])
    .execute();
}

/** The ids among `ids` of dashboards the condition (the caller's visibility) lets through. */
export async function visibleDashboardIds(
  db: Db,
  ids: readonly number[],
  visible: Expression<SqlBool>,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('dashboards as d')
    .select('d.id')
    .where('d.id', 'in', [...ids])
    .where(visible)
    .execute();
  return rows.map((row) => row.id);
}

export async function metadataOf(db: Db, id: number): Promise<{ json_metadata: string | null } | undefined> {
  return db.selectFrom('dashboards').select('json_metadata').where('id', '=', id).executeTakeFirst();
}

/**
 * Writes json_metadata only if it is still `loaded`, the text the change was made from; false when
 * someone else wrote it meanwhile.
 */
export async function replaceMetadataIfUnchanged(
  db: Db,
  id: number,
  loaded: string | null,
  changes: { json_metadata: string; changed_on: string; changed_by_fk: number },
): Promise<boolean> {
  const result = await db
    .updateTable('dashboards')
    .set(changes)
    .where('id', '=', id)
    .where((eb) => (loaded === null ? eb('json_metadata', 'is', null) : eb('json_metadata', '=', loaded)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Makes exactly these charts the dashboard's (its dashboard_slices rows; the layout is the caller's). */
export async function replaceCharts(db: Db, dashboardId: number, sliceIds: readonly number[]): Promise<void> {
  await db.deleteFrom('dashboard_slices').where('dashboard_id', '=', dashboardId).execute();
  await linkCharts(db, dashboardId, sliceIds);
}

/** Id by uuid of the rows an import names: its datasets, and the charts and dashboards it may replace. */
export async function idsByUuid(
  db: Db,
  table: 'datasets' | 'slices' | 'dashboards',
  uuids: string[],
): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'uuid']).where('uuid', 'in', uuids).execute();
  return new Map(rows.map((row) => [row.uuid, row.id]));
}

/** The charts an export writes, each with its dataset's uuid, by id. */
export async function chartsForExport(db: Db, chartIds: readonly number[]) {
  if (chartIds.length === 0) return [];
  return db
    .selectFrom('slices as s')
    .leftJoin('datasets as ds', 'ds.id', 's.datasource_id')
    .selectAll('s')
    .select('ds.uuid as dataset_uuid')
    .where('s.id', 'in', [...chartIds])
    .orderBy('s.id')
    .execute();
}

/** The datasets an export refers to: their table and their database's uuid and name, never its URI. */
export async function datasetsForExport(db: Db, datasetIds: readonly number[]) {
  if (datasetIds.length === 0) return [];
  return db
    .selectFrom('datasets as ds')
    .innerJoin('databases as d', 'd.id', 'ds.database_id')
    .select([
      'ds.id',
      'ds.uuid',
      'ds.table_name',
      'ds.schema',
      'ds.sql',
      'd.uuid as database_uuid',
      'd.database_name',
    ])
    .where('ds.id', 'in', [...datasetIds])
    .execute();
}

export async function chartUuids(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('slices')
    .select(['id', 'uuid'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.uuid]));
}

/** Names of the alerts and reports that use any of these dashboards, for the refusal to delete them. */
export async function reportNamesUsingDashboards(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('report_schedule')
    .select('name')
    .where('dashboard_id', 'in', [...ids])
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}
