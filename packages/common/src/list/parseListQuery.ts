import type { ListFilter, OrderDirection } from '../api/list.ts';
import { isRecord } from '../isRecord.ts';
import { coerceScalar } from './coerceFilterValue.ts';
import { decodeRison, RisonSyntaxError } from './decodeRison.ts';
import { LIST_KEYS, type ListKey } from './listKeys.ts';
import { DEFAULT_PAGE_SIZE, type ListSpec, MAX_PAGE_SIZE, type SearchColumnSpec } from './listSpec.ts';
import { acceptsNull, takesListValue } from './operators.ts';

/** A list request after validation: every part present, values coerced to their columns' types. */
export interface ListQuery {
  filters: ListFilter[];
  order_column: string;
  order_direction: OrderDirection;
  page: number;
  page_size: number;
  /** The list columns each row carries, as requested (all of them when `columns` was omitted). */
  columns: string[];
  /** The metadata blocks to answer with. */
  keys: ListKey[];
}

/** The `q` argument was not acceptable; the message names what was wrong (the API answers 400 with it). */
export class ListQueryError extends Error {
  override name = 'ListQueryError';
}

const ARGUMENTS = new Set([
  'filters',
  'order_column',
  'order_direction',
  'page',
  'page_size',
  'columns',
  'keys',
]);

/** Decodes and validates a list endpoint's rison `q` against what that endpoint supports. */
export function parseListQuery(raw: string | undefined, spec: ListSpec): ListQuery {
  const args = decodeArguments(raw);
  for (const name of Object.keys(args)) {
    if (!ARGUMENTS.has(name)) throw new ListQueryError(`Unknown list argument '${name}'`);
  }
  const maxPageSize = spec.maxPageSize ?? MAX_PAGE_SIZE;
  const pageSize =
    args.page_size === undefined ? (spec.defaultPageSize ?? DEFAULT_PAGE_SIZE) : pageSizeOf(args.page_size);
  return {
    filters: filtersOf(args.filters, spec),
    ...orderOf(args.order_column, args.order_direction, spec),
    page: args.page === undefined ? 0 : nonNegativeInteger(args.page, 'page'),
    page_size: Math.min(pageSize, maxPageSize),
    columns: columnsOf(args.columns, spec),
    keys: keysOf(args.keys),
  };
}

function decodeArguments(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  let value: unknown;
  try {
    value = decodeRison(raw);
  } catch (error) {
    const detail = error instanceof RisonSyntaxError ? `: ${error.message}` : '';
    throw new ListQueryError(`Not a valid rison argument${detail}`);
  }
  if (!isRecord(value))
    throw new ListQueryError('Not a valid rison argument: q must be an object such as (page:0)');
  return value;
}

function filtersOf(value: unknown, spec: ListSpec): ListFilter[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new ListQueryError('filters must be a list such as !((col:name,opr:ct,value:x))');
  return value.map((item, index) => filterOf(item, index, spec));
}

function filterOf(item: unknown, index: number, spec: ListSpec): ListFilter {
  const where = `filters[${index}]`;
  if (!isRecord(item)) throw new ListQueryError(`${where} must be an object (col:…,opr:…,value:…)`);
  for (const part of ['col', 'opr', 'value'] as const) {
    if (!(part in item)) throw new ListQueryError(`${where} is missing '${part}'`);
  }
  const { col, opr } = item;
  if (typeof col !== 'string') throw new ListQueryError(`${where}.col must be a column name`);
  if (typeof opr !== 'string') throw new ListQueryError(`${where}.opr must be an operator name`);
  const column = spec.searchColumns[col];
  if (!column) throw new ListQueryError(`Filter on unknown column '${col}'`);
  if (!column.operators.includes(opr))
    throw new ListQueryError(`Operator '${opr}' is not allowed on column '${col}'`);
  return { col, opr, value: filterValueOf(item.value, col, opr, column) };
}

function filterValueOf(
  value: unknown,
  col: string,
  opr: string,
  column: SearchColumnSpec,
): ListFilter['value'] {
  const problem = `Filter '${opr}' on column '${col}'`;
  if (takesListValue(opr)) {
    if (!Array.isArray(value)) throw new ListQueryError(`${problem} needs a list value such as !(1,2)`);
    return value.map((element) => {
      const coerced = coerceScalar(element, column.type);
      if (coerced === undefined)
        throw new ListQueryError(`${problem} has a value that is not a ${column.type}`);
      return coerced;
    });
  }
  if (value === null) {
    if (acceptsNull(opr)) return null;
    throw new ListQueryError(`${problem} cannot compare with null`);
  }
  if (Array.isArray(value) || isRecord(value)) throw new ListQueryError(`${problem} needs a single value`);
  const coerced = coerceScalar(value, column.type);
  if (coerced === undefined) throw new ListQueryError(`${problem} needs a ${column.type} value`);
  return coerced;
}

function orderOf(
  column: unknown,
  direction: unknown,
  spec: ListSpec,
): Pick<ListQuery, 'order_column' | 'order_direction'> {
  if (column === undefined && direction === undefined) {
    return { order_column: spec.defaultOrder.column, order_direction: spec.defaultOrder.direction };
  }
  if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
    throw new ListQueryError(`order_direction must be 'asc' or 'desc'`);
  }
  const orderColumn = column ?? spec.defaultOrder.column;
  if (typeof orderColumn !== 'string' || !spec.orderColumns.includes(orderColumn)) {
    throw new ListQueryError(`Cannot order by column '${String(orderColumn)}'`);
  }
  return { order_column: orderColumn, order_direction: direction ?? 'asc' };
}

function pageSizeOf(value: unknown): number {
  const size = nonNegativeInteger(value, 'page_size');
  if (size === 0) throw new ListQueryError('page_size must be a positive integer');
  return size;
}

function nonNegativeInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ListQueryError(`${name} must be a non-negative integer`);
  }
  return value;
}

function columnsOf(value: unknown, spec: ListSpec): string[] {
  if (value === undefined) return [...spec.listColumns];
  if (!Array.isArray(value)) throw new ListQueryError('columns must be a list such as !(id,name)');
  if (value.length === 0) return [...spec.listColumns];
  for (const name of value) {
    if (typeof name !== 'string' || !spec.listColumns.includes(name)) {
      throw new ListQueryError(`Unknown column '${String(name)}' in columns`);
    }
  }
  return [...new Set(value as string[])];
}

function keysOf(value: unknown): ListKey[] {
  if (value === undefined) return [...LIST_KEYS];
  if (!Array.isArray(value)) throw new ListQueryError('keys must be a list such as !(list_columns)');
  const keys: ListKey[] = [];
  for (const key of value) {
    if (key === 'none') continue;
    if (!(LIST_KEYS as readonly unknown[]).includes(key))
      throw new ListQueryError(`Unknown key '${String(key)}' in keys`);
    if (!keys.includes(key as ListKey)) keys.push(key as ListKey);
  }
  return keys;
}
