import type { ListQueryParams } from '@vitrina/common';

export const USER_SEARCH_FIELDS = ['username', 'first_name', 'last_name', 'email'] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];

export interface UserListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchField: UserSearchField;
  searchText: string;
}

export const INITIAL_USER_LIST: UserListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'username',
  sortDirection: 'asc',
  searchField: 'username',
  searchText: '',
};

/** The users list screen's state as the API's list query (search is a `ct`, contains, filter). */
export function userListQuery(state: UserListState): ListQueryParams {
  const text = state.searchText.trim();
  return {
    ...(text ? { filters: [{ col: state.searchField, opr: 'ct', value: text }] } : {}),
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}
