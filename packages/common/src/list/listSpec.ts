import type { OrderDirection } from '../api/list.ts';
import type { FilterOperator } from './operators.ts';

/**
 * The type a filter value must have on a column; values are coerced to it (e.g. `1` → true for a
 * boolean column, `'7'` → 7 for a number column) so the SQL side binds one consistent type.
 * `datetime` values are ISO-8601 strings, normalised to the stored UTC form.
 */
export type FilterValueType = 'text' | 'number' | 'boolean' | 'datetime';

export interface SearchColumnSpec {
  operators: readonly FilterOperator[];
  type: FilterValueType;
}

/** What one list endpoint accepts: FAB's search_columns, order_columns and list_columns. */
export interface ListSpec {
  searchColumns: Readonly<Record<string, SearchColumnSpec>>;
  orderColumns: readonly string[];
  /** Columns a row may contain; dotted names (`roles.name`) select fields of related objects. */
  listColumns: readonly string[];
  defaultOrder: { column: string; direction: OrderDirection };
  /** FAB's default is 20. */
  defaultPageSize?: number;
  /** Larger page sizes are capped to this, as FAB does; FAB's default is 100. */
  maxPageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
