import type { ListFilter, ListQueryParams } from '@vitrina/common';

export interface DatasetListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
  owner?: number;
  database?: number;
  schema?: string;
  kind?: 'physical' | 'virtual';
  certified?: boolean;
  /** A tag's id (the `dataset_tag_id` filter). */
  tag?: number;
}

/** The list columns the Datasets screen shows. */
export const DATASET_LIST_COLUMNS = [
  'id',
  'table_name',
  'schema',
  'sql',
  'kind',
  'extra',
  'certified_by',
  'certification_details',
  'description',
  'description_ru',
  'database.id',
  'database.database_name',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'tags.id',
  'tags.name',
  'tags.type',
  'changed_on_utc',
  'changed_on_delta_humanized',
];

export const INITIAL_DATASET_LIST: DatasetListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
  searchText: '',
};

/** The list screen's state as the API's list query, with Superset's dataset filters. */
export function datasetListQuery(state: DatasetListState): ListQueryParams {
  const filters: ListFilter[] = [];
  const text = state.searchText.trim();
  if (text) filters.push({ col: 'table_name', opr: 'ct', value: text });
  if (state.owner !== undefined) filters.push({ col: 'owners', opr: 'rel_m_m', value: state.owner });
  if (state.database !== undefined) filters.push({ col: 'database', opr: 'rel_o_m', value: state.database });
  if (state.schema) filters.push({ col: 'schema', opr: 'eq', value: state.schema });
  // Physical datasets are the ones whose `sql` is empty.
  if (state.kind)
    filters.push({ col: 'sql', opr: 'dataset_is_null_or_empty', value: state.kind === 'physical' });
  if (state.certified !== undefined)
    filters.push({ col: 'id', opr: 'dataset_is_certified', value: state.certified });
  if (state.tag !== undefined) filters.push({ col: 'tags', opr: 'dataset_tag_id', value: state.tag });
  return {
    ...(filters.length > 0 ? { filters } : {}),
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
    columns: DATASET_LIST_COLUMNS,
  };
}
