import type { ListQueryParams } from '@vitrina/common';

/** The two lists' screen state and the list queries the API takes for them. */

export interface AnnotationLayerListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
}

export const INITIAL_LAYER_LIST: AnnotationLayerListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'name',
  sortDirection: 'asc',
  searchText: '',
};

export type AnnotationListState = AnnotationLayerListState;

export const INITIAL_ANNOTATION_LIST: AnnotationListState = {
  ...INITIAL_LAYER_LIST,
  sortColumn: 'start_dttm',
  sortDirection: 'desc',
};

function listQuery(state: AnnotationLayerListState, searchOperator: string, searchColumn: string) {
  const text = state.searchText.trim();
  const query: ListQueryParams = {
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
  return text ? { ...query, filters: [{ col: searchColumn, opr: searchOperator, value: text }] } : query;
}

/** Layers searched as Superset's list searches them: the text in the name or the description. */
export function layerListQuery(state: AnnotationLayerListState): ListQueryParams {
  return listQuery(state, 'annotation_layer_all_text', 'name');
}

/** Annotations searched by the text of their short or long description. */
export function annotationListQuery(state: AnnotationListState): ListQueryParams {
  return listQuery(state, 'annotation_all_text', 'short_descr');
}
