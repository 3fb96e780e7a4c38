import type { ListFilter, ListQueryParams } from '@vitrina/common';

export type ChartListView = 'card' | 'table';

export interface ChartListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
  owner?: number;
  vizType?: string;
  dataset?: number;
  dashboard?: number;
  favorite?: boolean;
  certified?: boolean;
  /** A tag's id (Superset's `chart_tag_id` filter). */
  tag?: number;
}

/** The list columns the Charts screen shows (cards and table). */
export const CHART_LIST_COLUMNS = [
  'id',
  'slice_name',
  'slice_name_ru',
  'viz_type',
  'description',
  'url',
  'thumbnail_url',
  'datasource_id',
  'datasource_type',
  'datasource_name_text',
  'datasource_url',
  'certified_by',
  'certification_details',
  'dashboards.id',
  'dashboards.dashboard_title',
  'dashboards.dashboard_title_ru',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'tags.id',
  'tags.name',
  'tags.type',
  'changed_by_name',
  'changed_on_utc',
  'changed_on_delta_humanized',
];

export const INITIAL_CHART_LIST: ChartListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
  searchText: '',
};

/**
 * The list screen's state as the API's list query, with Superset's chart filters: the text search
 * (`chart_all_text`, which the server matches against both titles), favourites and certification.
 */
export function chartListQuery(state: ChartListState): ListQueryParams {
  const filters: ListFilter[] = [];
  const text = state.searchText.trim();
  if (text) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: text });
  if (state.vizType) filters.push({ col: 'viz_type', opr: 'eq', value: state.vizType });
  if (state.dataset !== undefined) filters.push({ col: 'datasource_id', opr: 'eq', value: state.dataset });
  if (state.owner !== undefined) filters.push({ col: 'owners', opr: 'rel_m_m', value: state.owner });
  if (state.dashboard !== undefined)
    filters.push({ col: 'dashboards', opr: 'rel_m_m', value: state.dashboard });
  if (state.favorite !== undefined)
    filters.push({ col: 'id', opr: 'chart_is_favorite', value: state.favorite });
  if (state.certified !== undefined)
    filters.push({ col: 'id', opr: 'chart_is_certified', value: state.certified });
  if (state.tag !== undefined) filters.push({ col: 'tags', opr: 'chart_tag_id', value: state.tag });
  return {
    ...(filters.length > 0 ? { filters } : {}),
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
    columns: CHART_LIST_COLUMNS,
  };
}
