import type { ListSpec } from '@vitrina/common';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type ThumbnailViewer, thumbnailUrlFor } from '../../flows/thumbnails/digest.ts';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList, type ListDefinition } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { exploreUrl } from '../datasets/repo.ts';
import { favouriteCondition } from '../favourites/repo.ts';
import { tagListOperators, tagSearchColumn, tagsRelation } from '../tagging/repo.ts';
import { anyColumnLike } from './bilingual.ts';
import { parseJsonObject } from './formData.ts';
import { dashboardsBySlice, ownersBySlice } from './repo.ts';

/** `GET /api/v1/chart/`: Superset's list columns, filters (incl. its custom ones) and orderings. */

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new', 'in'] as const;
const RELATION_MANY = ['rel_m_m', 'nrel_m_m'] as const;
const RELATION_ONE = ['rel_o_m', 'nrel_o_m'] as const;

/** The custom operators FAB hangs on the numeric id column; clients send them booleans. */
export const ID_BOOLEAN_OPERATORS = [
  'chart_is_favorite',
  'chart_is_certified',
  'chart_owned_created_favored_by_me',
] as const;

export const CHARTS_LIST_SPEC: ListSpec = {
  searchColumns: {
    id: { operators: ['eq', 'in', ...ID_BOOLEAN_OPERATORS], type: 'number' },
    uuid: { operators: ['eq'], type: 'text' },
    slice_name: { operators: [...TEXT, 'chart_all_text'], type: 'text' },
    viz_type: { operators: TEXT, type: 'text' },
    description: { operators: ['ct', 'nct'], type: 'text' },
    datasource_id: { operators: ['eq', 'neq', 'in'], type: 'number' },
    datasource_type: { operators: ['eq'], type: 'text' },
    datasource_name: { operators: ['eq', 'ct', 'sw'], type: 'text' },
    owners: { operators: RELATION_MANY, type: 'number' },
    dashboards: { operators: RELATION_MANY, type: 'number' },
    created_by: { operators: RELATION_ONE, type: 'number' },
    changed_by: { operators: RELATION_ONE, type: 'number' },
    last_saved_by: { operators: RELATION_ONE, type: 'number' },
    last_saved_at: { operators: ['gt', 'lt', 'ge', 'le'], type: 'datetime' },
    // Superset's ChartTagNameFilter and ChartTagIdFilter.
    tags: tagSearchColumn('chart'),
  },
  orderColumns: [
    'id',
    'slice_name',
    'viz_type',
    'datasource_id',
    'datasource_name',
    'changed_on_delta_humanized',
    'changed_by.first_name',
    'last_saved_at',
  ],
  listColumns: [
    'id',
    'uuid',
    'slice_name',
    'slice_name_ru',
    'viz_type',
    'description',
    'params',
    'form_data',
    'cache_timeout',
    'url',
    'slice_url',
    'edit_url',
    'thumbnail_url',
    'datasource_id',
    'datasource_type',
    'datasource_name_text',
    'datasource_url',
    'table.table_name',
    'table.default_endpoint',
    'dashboards.id',
    'dashboards.dashboard_title',
    'dashboards.dashboard_title_ru',
    'owners.id',
    'owners.first_name',
    'owners.last_name',
    'tags.id',
    'tags.name',
    'tags.type',
    'certified_by',
    'certification_details',
    'is_managed_externally',
    'changed_by.id',
    'changed_by.first_name',
    'changed_by.last_name',
    'changed_by_name',
    'changed_on_delta_humanized',
    'changed_on_utc',
    'changed_on_dttm',
    'created_by.id',
    'created_by.first_name',
    'created_by.last_name',
    'created_by_name',
    'created_on_delta_humanized',
    'last_saved_at',
    'last_saved_by.id',
    'last_saved_by.first_name',
    'last_saved_by.last_name',
  ],
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  maxPageSize: 1000,
};

const fullName = (first: unknown, last: unknown): string =>
  [first, last].filter((part) => typeof part === 'string' && part !== '').join(' ');

const userOf = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id, first_name: first, last_name: last };

const isTrue = (value: unknown) => value === true || value === 1;

/**
 * The list definition for one caller (favourites, "mine" filters and thumbnail URLs depend on who
 * asks); `thumbnails` is null when thumbnails are off or only the query is being parsed.
 */
export function chartsList(
  userId: number,
  thumbnails: ThumbnailViewer = null,
): ListDefinition<MetastoreSchema> {
  const mine = (ids: Expression<unknown>) =>
    sql<SqlBool>`(s.id in (select so.slice_id from slice_owners so where so.user_id = ${userId}) or s.created_by_fk = ${userId} or s.changed_by_fk = ${userId} or ${favouriteCondition(ids, userId, 'slice', true)})`;
  return defineList<MetastoreSchema>({
    title: 'List Slice',
    spec: CHARTS_LIST_SPEC,
    columns: {
      id: sql.ref('s.id'),
      uuid: sql.ref('s.uuid'),
      slice_name: sql.ref('s.slice_name'),
      slice_name_ru: sql.ref('s.slice_name_ru'),
      viz_type: sql.ref('s.viz_type'),
      description: sql.ref('s.description'),
      params: sql.ref('s.params'),
      cache_timeout: sql.ref('s.cache_timeout'),
      datasource_id: sql.ref('s.datasource_id'),
      datasource_type: sql.ref('s.datasource_type'),
      datasource_name: sql.ref('vd.table_name'),
      datasource_schema: sql.ref('vd.schema'),
      datasource_default_endpoint: sql.ref('vd.default_endpoint'),
      certified_by: sql.ref('s.certified_by'),
      certification_details: sql.ref('s.certification_details'),
      is_managed_externally: sql.ref('s.is_managed_externally'),
      changed_on: sql.ref('s.changed_on'),
      changed_on_delta_humanized: sql.ref('s.changed_on'),
      created_on: sql.ref('s.created_on'),
      last_saved_at: sql.ref('s.last_saved_at'),
      changed_by_id: sql.ref('s.changed_by_fk'),
      'changed_by.first_name': sql.ref('cu.first_name'),
      changed_by_last_name: sql.ref('cu.last_name'),
      created_by_id: sql.ref('s.created_by_fk'),
      created_by_first_name: sql.ref('cr.first_name'),
      created_by_last_name: sql.ref('cr.last_name'),
      last_saved_by_id: sql.ref('s.last_saved_by_fk'),
      last_saved_by_first_name: sql.ref('lu.first_name'),
      last_saved_by_last_name: sql.ref('lu.last_name'),
    },
    flags: ['is_managed_externally'],
    derived: {
      url: (row) => `/explore/?slice_id=${row.id}`,
      slice_url: (row) => `/explore/?slice_id=${row.id}`,
      edit_url: (row) => `/chart/edit/${row.id}`,
      thumbnail_url: (row) =>
        thumbnailUrlFor(thumbnails, 'chart', { id: row.id as number, changed_on: row.changed_on }),
      form_data: (row) => ({
        ...(parseJsonObject(row.params as string) ?? {}),
        slice_id: row.id,
        viz_type: row.viz_type,
        datasource: `${row.datasource_id}__${row.datasource_type}`,
      }),
      datasource_name_text: (row) =>
        row.datasource_name == null
          ? null
          : row.datasource_schema
            ? `${row.datasource_schema}.${row.datasource_name}`
            : row.datasource_name,
      datasource_url: (row) =>
        row.datasource_name == null
          ? null
          : exploreUrl(row.datasource_id as number, row.datasource_default_endpoint as string | null),
      table: (row) =>
        row.datasource_name == null
          ? null
          : { table_name: row.datasource_name, default_endpoint: row.datasource_default_endpoint },
      changed_by: (row) => userOf(row.changed_by_id, row['changed_by.first_name'], row.changed_by_last_name),
      changed_by_name: (row) => fullName(row['changed_by.first_name'], row.changed_by_last_name),
      changed_on_utc: (row) => row.changed_on,
      changed_on_dttm: (row) => Date.parse(String(row.changed_on)),
      changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
      created_by: (row) => userOf(row.created_by_id, row.created_by_first_name, row.created_by_last_name),
      created_by_name: (row) => fullName(row.created_by_first_name, row.created_by_last_name),
      created_on_delta_humanized: (row) => humanizeSince(row.created_on as string),
      last_saved_by: (row) =>
        userOf(row.last_saved_by_id, row.last_saved_by_first_name, row.last_saved_by_last_name),
    },
    labels: {
      slice_name: 'Name',
      viz_type: 'Visualization Type',
      datasource_name_text: 'Dataset',
      changed_on_delta_humanized: 'Modified',
      changed_by_name: 'Changed By',
    },
    relations: {
      tags: tagsRelation('chart'),
      owners: (db, ids) => ownersBySlice(db, ids.map(Number)) as Promise<Map<number | string, unknown>>,
      dashboards: async (db, ids) => {
        const bySlice = await dashboardsBySlice(db, ids.map(Number));
        return new Map(
          [...bySlice].map(([id, dashboards]) => [
            id,
            dashboards.map(({ id: dashboardId, dashboard_title, dashboard_title_ru }) => ({
              id: dashboardId,
              dashboard_title,
              dashboard_title_ru,
            })),
          ]),
        );
      },
    },
    relationFilters: {
      owners: (ids) =>
        sql<SqlBool>`s.id in (select o.slice_id from slice_owners o where o.user_id in (${sql.join(ids)}))`,
      dashboards: (ids) =>
        sql<SqlBool>`s.id in (select dsl.slice_id from dashboard_slices dsl where dsl.dashboard_id in (${sql.join(ids)}))`,
      created_by: (ids) => sql<SqlBool>`s.created_by_fk in (${sql.join(ids)})`,
      changed_by: (ids) => sql<SqlBool>`s.changed_by_fk in (${sql.join(ids)})`,
      last_saved_by: (ids) => sql<SqlBool>`s.last_saved_by_fk in (${sql.join(ids)})`,
    },
    customOperators: {
      // Superset's ChartAllTextFilter, plus the Russian name.
      chart_all_text: (filter) =>
        filter.value === '' || filter.value === null
          ? sql<SqlBool>`1 = 1`
          : anyColumnLike(
              [
                sql.ref('s.slice_name'),
                sql.ref('s.slice_name_ru'),
                sql.ref('s.description'),
                sql.ref('s.viz_type'),
                sql.ref('vd.table_name'),
              ],
              String(filter.value),
            ),
      chart_is_favorite: (filter) =>
        favouriteCondition(sql.ref('s.id'), userId, 'slice', isTrue(filter.value)),
      chart_is_certified: (filter) =>
        isTrue(filter.value)
          ? sql<SqlBool>`(s.certified_by is not null and s.certified_by <> '')`
          : sql<SqlBool>`(s.certified_by is null or s.certified_by = '')`,
      chart_owned_created_favored_by_me: () => mine(sql.ref('s.id')),
      ...tagListOperators('chart', 'chart', sql.ref('s.id')),
    },
  });
}
