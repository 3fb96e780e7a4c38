import type { ListFilter, ListQueryParams } from '@vitrina/common';
import type { SortableListState } from '../../components/index.ts';

export type YesNoAny = 'any' | 'yes' | 'no';

export interface RequestListState extends SortableListState {
  id: string;
  userId: number | undefined;
  closed: YesNoAny;
}

/** Open requests first, as in Dodo's list. */
export const INITIAL_REQUEST_LIST: RequestListState = {
  page: 0,
  pageSize: 10,
  sortColumn: 'finished',
  sortDirection: 'asc',
  id: '',
  userId: undefined,
  closed: 'any',
};

export interface TeamListState extends SortableListState {
  id: string;
  name: string;
  slug: string;
  franchisee: YesNoAny;
}

export const INITIAL_TEAM_LIST: TeamListState = {
  page: 0,
  pageSize: 10,
  sortColumn: 'id',
  sortDirection: 'asc',
  id: '',
  name: '',
  slug: '',
  franchisee: 'any',
};

const paging = (state: SortableListState) => ({
  order_column: state.sortColumn,
  order_direction: state.sortDirection,
  page: state.page,
  page_size: state.pageSize,
});

/** A typed id filters only when it is a whole number; anything else is ignored rather than sent. */
function idFilter(text: string, opr: string): ListFilter[] {
  const id = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(id) && id > 0 ? [{ col: 'id', opr, value: id }] : [];
}

function yesNoFilter(col: string, opr: string, value: YesNoAny, asNumber: boolean): ListFilter[] {
  if (value === 'any') return [];
  const flag = value === 'yes';
  return [{ col, opr, value: asNumber ? Number(flag) : flag }];
}

export function requestListQuery(state: RequestListState): ListQueryParams {
  return {
    filters: [
      ...idFilter(state.id, 'eq_id_statement'),
      ...(state.userId === undefined ? [] : [{ col: 'user', opr: 'rel_m_m', value: state.userId }]),
      ...yesNoFilter('finished', 'eq', state.closed, false),
    ],
    ...paging(state),
  };
}

export function teamListQuery(state: TeamListState): ListQueryParams {
  const text = (col: string, opr: string, value: string): ListFilter[] =>
    value.trim() ? [{ col, opr, value: value.trim() }] : [];
  return {
    filters: [
      ...idFilter(state.id, 'eq_id_team'),
      ...text('name', 'ct_name', state.name),
      ...text('slug', 'ct_slug', state.slug),
      ...yesNoFilter('is_external', 'eq_external', state.franchisee, true),
    ],
    ...paging(state),
  };
}
