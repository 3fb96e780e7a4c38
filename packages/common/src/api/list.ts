/** The rison `q` argument of every list endpoint and the list response (Superset/FAB conventions). */
import { type Static, type TSchema, Type } from 'typebox';
import type { ListKey } from '../list/listKeys.ts';
import type { FilterOperator } from '../list/operators.ts';

export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterScalar[];

export interface ListFilter {
  col: string;
  opr: FilterOperator;
  value: FilterValue;
}

export type OrderDirection = 'asc' | 'desc';

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

/** The query string of list, info and related endpoints: the rison text, parsed by the server. */
export const ListQuerystring = Type.Object({
  q: Type.Optional(
    Type.String({ description: 'Rison: (filters:!(…),order_column:…,page:0,page_size:20,…)' }),
  ),
});

/**
 * FAB's list body of `item` rows; `keys` decides which metadata blocks come with it. Each resource
 * exports its own (e.g. ChartListResponse). Properties keep FAB's order, which the serialiser follows.
 */
export function listResponse<T extends TSchema>(item: T) {
  return Type.Object({
    count: Type.Integer(),
    ids: Type.Array(Type.Union([Type.Integer(), Type.String()])),
    result: Type.Array(item),
    list_columns: Type.Optional(Type.Array(Type.String())),
    order_columns: Type.Optional(Type.Array(Type.String())),
    label_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
    description_columns: Type.Optional(Type.Record(Type.String(), Type.String())),
    list_title: Type.Optional(Type.String()),
  });
}

const UnknownListResponse = listResponse(Type.Unknown());
export type ListResponse<T> = Omit<Static<typeof UnknownListResponse>, 'result'> & { result: T[] };

export interface ItemResponse<T> {
  id: number | string;
  result: T;
}
