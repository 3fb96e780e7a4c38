import { decodeRison, encodeRison, type ListKey } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { BadRequestError } from './errors.ts';
import { isSafePage, OPTIONS_PAGE_SIZE } from './listEndpoint.ts';

/**
 * The rison `q` arguments of every endpoint other than a list itself (lists: listEndpoint.ts): bulk ids,
 * a show endpoint's columns and keys, related-field paging, `_info` keys and free-form objects. One
 * parser, so every route refuses a bad `q` with the same 400.
 */

/** The decoded `q`; undefined when absent; 400 when it is not rison. */
export function decodeQ(q: string | undefined): unknown {
  if (q === undefined || q === '') return undefined;
  try {
    return decodeRison(q);
  } catch {
    throw new BadRequestError('Not a valid rison argument');
  }
}

/** `?q=!(1,2,3)` of a bulk delete or a favourite status. */
export function idsArgument(q: string | undefined): number[] {
  const value = decodeQ(q);
  if (!Array.isArray(value) || value.length === 0 || !value.every((id) => Number.isSafeInteger(id))) {
    throw new BadRequestError('q must be a list of ids such as !(1,2)');
  }
  return value as number[];
}

export interface ShowArguments {
  /** The columns asked for; null for all of them. */
  columns: string[] | null;
  keys: ListKey[] | 'all';
}

/** `?q=(columns:!(…),keys:!(…))` of a show endpoint, checked against its columns. */
export function showArguments(q: string | undefined, showColumns: readonly string[]): ShowArguments {
  const value = decodeQ(q);
  if (value === undefined) return { columns: null, keys: 'all' };
  if (!isRecord(value)) throw new BadRequestError('Not a valid rison argument: q must be an object');
  for (const name of Object.keys(value)) {
    if (name !== 'columns' && name !== 'keys') throw new BadRequestError(`Unknown argument '${name}'`);
  }
  const topLevel = new Set(showColumns.map((column) => column.split('.')[0]!));
  let columns: string[] | null = null;
  if (value.columns !== undefined) {
    if (!Array.isArray(value.columns)) throw new BadRequestError('columns must be a list such as !(id,name)');
    for (const column of value.columns) {
      if (typeof column !== 'string' || !(showColumns.includes(column) || topLevel.has(column))) {
        throw new BadRequestError(`Unknown column '${String(column)}' in columns`);
      }
    }
    columns = value.columns.length > 0 ? [...new Set(value.columns as string[])] : null;
  }
  let keys: ListKey[] | 'all' = 'all';
  if (value.keys !== undefined) {
    if (!Array.isArray(value.keys)) throw new BadRequestError('keys must be a list');
    keys = [];
    for (const key of value.keys) {
      if (key === 'none') continue;
      const mapped = key === 'show_columns' ? 'list_columns' : key === 'show_title' ? 'list_title' : key;
      if (!['list_columns', 'label_columns', 'description_columns', 'list_title'].includes(mapped)) {
        throw new BadRequestError(`Unknown key '${String(key)}' in keys`);
      }
      keys.push(mapped as ListKey);
    }
  }
  return { columns, keys };
}

export interface RelatedArguments {
  filter: string;
  page: number;
  pageSize: number;
  includeIds: number[];
}

/** `?q=(filter:'ab',page:0,page_size:25,include_ids:!(3))` of a related endpoint. */
export function relatedArguments(q: string | undefined): RelatedArguments {
  const value = decodeQ(q) ?? {};
  if (!isRecord(value)) throw new BadRequestError('Not a valid rison argument: q must be an object');
  const { filter = '', page = 0, page_size = 20, include_ids = [] } = value;
  if (
    typeof filter !== 'string' ||
    !Number.isInteger(page) ||
    (page as number) < 0 ||
    !isSafePage(page as number, OPTIONS_PAGE_SIZE) ||
    !Number.isInteger(page_size) ||
    (page_size as number) < 1 ||
    !Array.isArray(include_ids) ||
    !include_ids.every((id) => Number.isInteger(id))
  ) {
    throw new BadRequestError('Not a valid rison argument: (filter, page, page_size, include_ids)');
  }
  return {
    filter,
    page: page as number,
    pageSize: Math.min(page_size as number, OPTIONS_PAGE_SIZE),
    includeIds: include_ids as number[],
  };
}

export const INFO_KEYS = [
  'permissions',
  'filters',
  'add_columns',
  'edit_columns',
  'add_title',
  'edit_title',
] as const;
export type InfoKey = (typeof INFO_KEYS)[number];

/** `?q=(keys:!(permissions,filters))` of `_info`; all blocks when omitted. */
export function infoArguments(q: string | undefined): InfoKey[] {
  const value = decodeQ(q);
  if (value === undefined) return [...INFO_KEYS];
  if (!isRecord(value)) throw new BadRequestError('Not a valid rison argument: q must be an object');
  for (const name of Object.keys(value)) {
    if (name !== 'keys') throw new BadRequestError(`Unknown argument '${name}'`);
  }
  if (value.keys === undefined) return [...INFO_KEYS];
  if (!Array.isArray(value.keys)) throw new BadRequestError('keys must be a list such as !(permissions)');
  const keys: InfoKey[] = [];
  for (const key of value.keys) {
    if (key === 'none') continue;
    if (!(INFO_KEYS as readonly unknown[]).includes(key)) {
      throw new BadRequestError(`Unknown key '${String(key)}' in keys`);
    }
    if (!keys.includes(key as InfoKey)) keys.push(key as InfoKey);
  }
  return keys;
}

/**
 * Superset's clients send `!t`/`!f` to the boolean filters that FAB hangs on the numeric `id` column
 * (`chart_is_favorite`, `dashboard_is_certified`…); they reach the list as 1/0. Anything unreadable is
 * left for the list parser to refuse.
 */
export function booleansAsNumbers(q: string | undefined, operators: readonly string[]): string | undefined {
  if (q === undefined || q === '') return q;
  let value: unknown;
  try {
    value = decodeRison(q);
  } catch {
    return q;
  }
  if (!isRecord(value) || !Array.isArray(value.filters)) return q;
  let changed = false;
  const filters = value.filters.map((filter: unknown) => {
    if (isRecord(filter) && operators.includes(String(filter.opr)) && typeof filter.value === 'boolean') {
      changed = true;
      return { ...filter, value: filter.value ? 1 : 0 };
    }
    return filter;
  });
  return changed ? encodeRison({ ...value, filters }) : q;
}

/** The rison `q` of a browsing call as an object; 400 when it is not valid rison or not an object. */
export function risonArgs(q: string | undefined): Record<string, unknown> {
  if (q === undefined || q === '') return {};
  let value: unknown;
  try {
    value = decodeRison(q);
  } catch (error) {
    throw new BadRequestError(`Not a valid rison argument: ${(error as Error).message}`);
  }
  if (!isRecord(value)) {
    throw new BadRequestError('Not a valid rison argument: q must be an object such as (force:!f)');
  }
  return value;
}
