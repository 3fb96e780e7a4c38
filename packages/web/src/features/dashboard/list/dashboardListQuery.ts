import type { ListFilter, ListQueryParams } from '@vitrina/common';

export type DashboardListView = 'card' | 'table';
export type DashboardStatus = 'published' | 'draft';

export interface DashboardListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
  owner?: number;
  createdBy?: number;
  status?: DashboardStatus;
  favorite?: boolean;
  certified?: boolean;
  /** A tag's id (Superset's `dashboard_tag_id` filter). */
  tag?: number;
}

/** The list columns the Dashboards screen shows (cards and table). */
export const DASHBOARD_LIST_COLUMNS = [
  'id',
  'uuid',
  'dashboard_title',
  'dashboard_title_ru',
  'slug',
  'url',
  'thumbnail_url',
  'published',
  'status',
  'certified_by',
  'certification_details',
  'changed_by.id',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_by_name',
  'changed_on_utc',
  'changed_on_delta_humanized',
  'created_by.id',
  'created_by.first_name',
  'created_by.last_name',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'tags.id',
  'tags.name',
  'tags.type',
];

export const INITIAL_DASHBOARD_LIST: DashboardListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
  searchText: '',
};

/**
 * The list screen's state as the API's list query, with Superset's dashboard filters: the title search
 * (`title_or_slug`, which the server matches against both titles and the slug), owners, creator,
 * published state, favourites and certification.
 */
export function dashboardListQuery(state: DashboardListState): ListQueryParams {
  const filters: ListFilter[] = [];
  const text = state.searchText.trim();
  if (text) filters.push({ col: 'dashboard_title', opr: 'title_or_slug', value: text });
  if (state.owner !== undefined) filters.push({ col: 'owners', opr: 'rel_m_m', value: state.owner });
  if (state.createdBy !== undefined)
    filters.push({ col: 'created_by', opr: 'rel_o_m', value: state.createdBy });
  if (state.status !== undefined)
    filters.push({ col: 'published', opr: 'eq', value: state.status === 'published' });
  if (state.favorite !== undefined)
    filters.push({ col: 'id', opr: 'dashboard_is_favorite', value: state.favorite });
  if (state.certified !== undefined)
    filters.push({ col: 'id', opr: 'dashboard_is_certified', value: state.certified });
  if (state.tag !== undefined) filters.push({ col: 'tags', opr: 'dashboard_tag_id', value: state.tag });
  return {
    ...(filters.length > 0 ? { filters } : {}),
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
    columns: DASHBOARD_LIST_COLUMNS,
  };
}
