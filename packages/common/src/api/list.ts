/** The rison `q` argument of every list endpoint and the list response (Superset/FAB conventions). */
import type { FilterOperator } from '../list/operators.ts';

export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterScalar[];

export interface ListFilter {
  col: string;
  opr: FilterOperator;
  value: FilterValue;
}

export type OrderDirection = 'asc' | 'desc';

/** Metadata blocks a list response may carry; `none` asks for none of them. */
export const LIST_KEYS = [
  'list_columns',
  'order_columns',
  'label_columns',
  'description_columns',
  'list_title',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** What a client puts in `?q=` (rison): every part optional, the server fills in defaults. */
export interface ListQueryParams {
  filters?: ListFilter[];
  order_column?: string;
  order_direction?: OrderDirection;
  page?: number;
  page_size?: number;
  columns?: string[];
  keys?: Array<ListKey | 'none'>;
}

export interface ListResponse<T> {
  count: number;
  ids: Array<number | string>;
  result: T[];
  list_columns?: string[];
  order_columns?: string[];
  label_columns?: Record<string, string>;
  description_columns?: Record<string, string>;
  list_title?: string;
}

export interface ItemResponse<T> {
  id: number | string;
  result: T;
}
