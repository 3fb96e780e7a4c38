import type { ListQueryParams } from '@vitrina/common';

/** The Tags screen's state and the list query it sends: custom tags, searched by name. */

export interface TagListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
}

export const INITIAL_TAG_LIST: TagListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'name',
  sortDirection: 'asc',
  searchText: '',
};

export function tagListQuery(state: TagListState): ListQueryParams {
  const text = state.searchText.trim();
  return {
    filters: [
      { col: 'type', opr: 'custom_tag', value: true },
      ...(text ? [{ col: 'name', opr: 'ct', value: text }] : []),
    ],
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}
