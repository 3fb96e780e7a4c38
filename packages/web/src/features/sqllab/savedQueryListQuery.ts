import type { ListQueryParams } from '@vitrina/common';

export interface SavedQueryListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
  databaseId?: number;
  /** A tag's id (Superset's `saved_query_tag_id` filter). */
  tag?: number;
}

export const INITIAL_SAVED_QUERY_LIST: SavedQueryListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
  searchText: '',
};

/** The list screen's state as the API's list query: the name search is `ct`, the database an `rel_o_m`. */
export function savedQueryListQuery(state: SavedQueryListState): ListQueryParams {
  const text = state.searchText.trim();
  const filters: NonNullable<ListQueryParams['filters']> = [
    ...(text ? [{ col: 'label', opr: 'ct' as const, value: text }] : []),
    ...(state.databaseId !== undefined
      ? [{ col: 'database', opr: 'rel_o_m' as const, value: state.databaseId }]
      : []),
    ...(state.tag !== undefined
      ? [{ col: 'tags', opr: 'saved_query_tag_id' as const, value: state.tag }]
      : []),
  ];
  return {
    ...(filters.length > 0 ? { filters } : {}),
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}
