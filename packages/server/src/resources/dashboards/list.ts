import type { ListSpec } from '@vitrina/common';
import { type SqlBool, sql } from 'kysely';
import { type ThumbnailViewer, thumbnailUrlFor } from '../../flows/thumbnails/digest.ts';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList, type ListDefinition } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { anyColumnLike } from '../charts/bilingual.ts';
import { favouriteCondition } from '../favourites/repo.ts';
import { tagListOperators, tagSearchColumn, tagsRelation } from '../tagging/repo.ts';
import { chartsStampOf, ownersByDashboard, rolesByDashboard } from './repo.ts';

/** `GET /api/v1/dashboard/`: Superset's list columns, filters and orderings (title in both languages). */

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new', 'in'] as const;

/** The custom operators FAB hangs on the numeric id column; clients send them booleans. */
export const ID_BOOLEAN_OPERATORS = ['dashboard_is_favorite', 'dashboard_is_certified'] as const;

export const DASHBOARDS_LIST_SPEC: ListSpec = {
  searchColumns: {
    id: { operators: ['eq', 'in', ...ID_BOOLEAN_OPERATORS], type: 'number' },
    uuid: { operators: ['eq'], type: 'text' },
    dashboard_title: { operators: [...TEXT, 'title_or_slug'], type: 'text' },
    slug: { operators: ['eq', 'ct', 'sw'], type: 'text' },
    published: { operators: ['eq'], type: 'boolean' },
    owners: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
    roles: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
    created_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
    changed_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
    // Superset's DashboardTagNameFilter and DashboardTagIdFilter.
    tags: tagSearchColumn('dashboard'),
  },
  orderColumns: [
    'id',
    'dashboard_title',
    'slug',
    'published',
    'changed_on_delta_humanized',
    'changed_by.first_name',
  ],
  listColumns: [
    'id',
    'uuid',
    'dashboard_title',
    'dashboard_title_ru',
    'slug',
    'url',
    'published',
    'status',
    'certified_by',
    'certification_details',
    'thumbnail_url',
    'is_managed_externally',
    'changed_by.id',
    'changed_by.first_name',
    'changed_by.last_name',
    'changed_by_name',
    'changed_on_utc',
    'changed_on_delta_humanized',
    'created_by.id',
    'created_by.first_name',
    'created_by.last_name',
    'created_on_delta_humanized',
    'owners.id',
    'owners.first_name',
    'owners.last_name',
    'roles.id',
    'roles.name',
    'tags.id',
    'tags.name',
    'tags.type',
  ],
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  maxPageSize: 1000,
};

const fullName = (first: unknown, last: unknown): string =>
  [first, last].filter((part) => typeof part === 'string' && part !== '').join(' ');

const userOf = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id, first_name: first, last_name: last };

const isTrue = (value: unknown) => value === true || value === 1;

export function dashboardUrl(dashboard: { id: unknown; slug: unknown }): string {
  return `/superset/dashboard/${dashboard.slug || dashboard.id}/`;
}

/**
 * The list definition for one caller (the favourite filter and thumbnail URLs depend on who asks);
 * `thumbnails` is null when thumbnails are off or only the query is being parsed.
 */
export function dashboardsList(
  userId: number,
  thumbnails: ThumbnailViewer = null,
): ListDefinition<MetastoreSchema> {
  return defineList<MetastoreSchema>({
    title: 'List Dashboard',
    spec: DASHBOARDS_LIST_SPEC,
    columns: {
      id: sql.ref('d.id'),
      uuid: sql.ref('d.uuid'),
      dashboard_title: sql.ref('d.dashboard_title'),
      dashboard_title_ru: sql.ref('d.dashboard_title_ru'),
      slug: sql.ref('d.slug'),
      published: sql.ref('d.published'),
      certified_by: sql.ref('d.certified_by'),
      certification_details: sql.ref('d.certification_details'),
      is_managed_externally: sql.ref('d.is_managed_externally'),
      changed_on: sql.ref('d.changed_on'),
      changed_on_delta_humanized: sql.ref('d.changed_on'),
      created_on: sql.ref('d.created_on'),
      changed_by_id: sql.ref('d.changed_by_fk'),
      'changed_by.first_name': sql.ref('cu.first_name'),
      changed_by_last_name: sql.ref('cu.last_name'),
      created_by_id: sql.ref('d.created_by_fk'),
      created_by_first_name: sql.ref('cr.first_name'),
      created_by_last_name: sql.ref('cr.last_name'),
      // Only when thumbnail URLs are answered: a subquery per row of the page, in the page's query.
      ...(thumbnails && { charts_stamp: chartsStampOf(sql.ref<number>('d.id')) }),
    },
    flags: ['published', 'is_managed_externally'],
    derived: {
      url: (row) => dashboardUrl({ id: row.id, slug: row.slug }),
      status: (row) => (row.published ? 'published' : 'draft'),
      thumbnail_url: (row) =>
        thumbnailUrlFor(thumbnails, 'dashboard', {
          id: row.id as number,
          changed_on: row.changed_on,
          charts_stamp: row.charts_stamp as string | undefined,
        }),
      changed_by: (row) => userOf(row.changed_by_id, row['changed_by.first_name'], row.changed_by_last_name),
      changed_by_name: (row) => fullName(row['changed_by.first_name'], row.changed_by_last_name),
      changed_on_utc: (row) => row.changed_on,
      changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
      created_by: (row) => userOf(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
      created_on_delta_humanized: (row) => humanizeSince(row.created_on as string),
    },
    labels: {
      dashboard_title: 'Title',
      changed_on_delta_humanized: 'Modified',
      changed_by_name: 'Changed By',
    },
    relations: {
      tags: tagsRelation('dashboard'),
      owners: (db, ids) => ownersByDashboard(db, ids.map(Number)) as Promise<Map<number | string, unknown>>,
      roles: (db, ids) => rolesByDashboard(db, ids.map(Number)) as Promise<Map<number | string, unknown>>,
    },
    relationFilters: {
      owners: (ids) =>
        sql<SqlBool>`d.id in (select o.dashboard_id from dashboard_owners o where o.user_id in (${sql.join(ids)}))`,
      roles: (ids) =>
        sql<SqlBool>`d.id in (select dr.dashboard_id from dashboard_roles dr where dr.role_id in (${sql.join(ids)}))`,
      created_by: (ids) => sql<SqlBool>`d.created_by_fk in (${sql.join(ids)})`,
      changed_by: (ids) => sql<SqlBool>`d.changed_by_fk in (${sql.join(ids)})`,
    },
    customOperators: {
      // Superset's DashboardTitleOrSlugFilter, plus the Russian title.
      title_or_slug: (filter) =>
        filter.value === '' || filter.value === null
          ? sql<SqlBool>`1 = 1`
          : anyColumnLike(
              [sql.ref('d.dashboard_title'), sql.ref('d.dashboard_title_ru'), sql.ref('d.slug')],
              String(filter.value),
            ),
      dashboard_is_favorite: (filter) =>
        favouriteCondition(sql.ref('d.id'), userId, 'Dashboard', isTrue(filter.value)),
      dashboard_is_certified: (filter) =>
        isTrue(filter.value)
          ? sql<SqlBool>`(d.certified_by is not null and d.certified_by <> '')`
          : sql<SqlBool>`(d.certified_by is null or d.certified_by = '')`,
      ...tagListOperators('dashboard', 'dashboard', sql.ref('d.id')),
    },
  });
}
