import {
  type FilterScalar,
  type FilterValue,
  type ListFilter,
  type ListKey,
  type ListQuery,
  ListQueryError,
  type ListSpec,
  MAX_PAGE_SIZE,
  parseListQuery,
} from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { BadRequestError } from './errors.ts';

/**
 * The one helper behind every list endpoint (Superset/FAB `GET /api/v1/<resource>/?q=<rison>`): it turns a
 * parsed ListQuery into filters, ordering and paging on a Kysely query and answers FAB's list body.
 */

type Row = Record<string, unknown>;
type Condition = Expression<SqlBool>;

export interface ListDefinition<DB = unknown> {
  spec: ListSpec;
  /** FAB's list_title, e.g. 'List Users'. */
  title: string;
  /** The API column holding the primary key; answered in `ids`. Defaults to 'id'. */
  idColumn?: string;
  /**
   * API column → SQL expression, for every plain column that is listed, searched or ordered by.
   * Columns searchable as text are also ordered case-insensitively.
   */
  columns: Readonly<Record<string, Expression<unknown>>>;
  /** Columns stored as 0/1 flags in the metastore and answered as booleans. */
  flags?: readonly string[];
  /** Columns holding related objects (e.g. a user's roles), loaded for the rows of the page only. */
  relations?: Readonly<
    Record<string, (db: Kysely<DB>, ids: Array<number | string>) => Promise<Map<number | string, unknown>>>
  >;
  /** How rel_o_m / rel_m_m filters on a column restrict the base rows (the n-variants negate it). */
  relationFilters?: Readonly<Record<string, (ids: FilterScalar[]) => Condition>>;
  /** Resource-specific operators (Superset's `chart_all_text`, Dodo's `ct_name`…). */
  customOperators?: Readonly<Record<string, (filter: ListFilter) => Condition>>;
  /** Columns computed in code from the selected ones (e.g. a database's backend from its URI). */
  derived?: Readonly<Record<string, (row: Row) => unknown>>;
  labels?: Readonly<Record<string, string>>;
  descriptions?: Readonly<Record<string, string>>;
}

export interface ListResult {
  count: number;
  ids: Array<number | string>;
  result: Row[];
  list_columns?: string[];
  order_columns?: string[];
  label_columns?: Record<string, string>;
  description_columns?: Record<string, string>;
  list_title?: string;
}

/**
 * The most rows any list answers at once. Lists default to FAB's cap of 100; the few whose pickers need
 * everything at once (databases, permission pairs) raise their own cap, never past this.
 */
export const LARGEST_PAGE_SIZE = 10_000;

/** FAB's cap on a page of a related field's or a distinct list's options (`/related/…`, `/distinct/…`). */
export const OPTIONS_PAGE_SIZE = 100;

/** Whether a page's offset is an exact integer a database accepts (a far page is a 400, not a 500). */
export function isSafePage(page: number, pageSize: number): boolean {
  return Number.isSafeInteger(page) && Number.isSafeInteger(page * pageSize);
}

/** The page size a list answers for a request: larger ones are clamped to the list's cap, as FAB does. */
export function pageSizeCap(spec: ListSpec): number {
  return spec.maxPageSize ?? MAX_PAGE_SIZE;
}

/**
 * Checks a definition once, when its module loads: every column the spec lets clients list, search or
 * order by must be backed by SQL, a relation or a derivation, so a typo fails the tests, not a request;
 * and its page sizes stay within LARGEST_PAGE_SIZE.
 */
export function defineList<DB = unknown>(definition: ListDefinition<DB>): ListDefinition<DB> {
  const { spec, columns } = definition;
  const problem = (message: string): never => {
    throw new Error(`List '${definition.title}': ${message}`);
  };
  if (pageSizeCap(spec) > LARGEST_PAGE_SIZE) problem(`maxPageSize is above ${LARGEST_PAGE_SIZE}`);
  if ((spec.defaultPageSize ?? 0) > pageSizeCap(spec)) problem('defaultPageSize is above maxPageSize');
  for (const name of spec.listColumns) {
    const top = name.split('.')[0]!;
    if (!(top in columns) && !definition.relations?.[top] && !definition.derived?.[top]) {
      problem(`list column '${name}' has no SQL expression, relation or derivation`);
    }
  }
  for (const name of spec.orderColumns)
    if (!(name in columns)) problem(`order column '${name}' has no SQL expression`);
  if (!spec.orderColumns.includes(spec.defaultOrder.column))
    problem('the default order column is not orderable');
  for (const [name, column] of Object.entries(spec.searchColumns)) {
    for (const opr of column.operators) {
      if (isRelationOperator(opr)) {
        if (!definition.relationFilters?.[name] && !(opr.endsWith('o_m') && name in columns)) {
          problem(`'${opr}' on '${name}' needs a relation filter`);
        }
      } else if (STANDARD_CONDITIONS[opr]) {
        if (!(name in columns)) problem(`search column '${name}' has no SQL expression`);
      } else if (!definition.customOperators?.[opr]) {
        problem(`operator '${opr}' has no implementation`);
      }
    }
  }
  return definition;
}

/**
 * Parses `q` for a definition; a bad argument is a 400 naming the problem, as FAB answers. page_size
 * is clamped to the list's cap; a page so far out that its offset is no longer an exact integer is a 400
 * (the database would refuse it with a 500).
 */
export function parseListArgument<DB>(q: string | undefined, definition: ListDefinition<DB>): ListQuery {
  let query: ListQuery;
  try {
    query = parseListQuery(q, definition.spec);
  } catch (error) {
    if (error instanceof ListQueryError) throw new BadRequestError(error.message);
    throw error;
  }
  if (!isSafePage(query.page, query.page_size)) {
    throw new BadRequestError(`page is too large: page × page_size must be below ${Number.MAX_SAFE_INTEGER}`);
  }
  return query;
}

/**
 * Runs a list query. `base` must yield one row per listed object (joins that multiply rows belong in
 * relations or subqueries) and select nothing: the helper selects the definition's columns. `db` runs the
 * count and is handed to relation loaders.
 */
export async function runList<DB, QueryDB, TB extends keyof QueryDB>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<QueryDB, TB, object>,
  definition: ListDefinition<DB>,
  query: ListQuery,
): Promise<ListResult> {
  let filtered = base;
  for (const filter of query.filters) filtered = filtered.where(conditionOf(filter, definition));

  const countRow = await sql<{ count: number | string }>`select count(*) as count from (${filtered.select(
    sql.lit(1).as('one'),
  )}) as list_rows`.execute(db);
  const count = Number(countRow.rows[0]?.count ?? 0);

  const idColumn = definition.idColumn ?? 'id';
  const orderColumn = definition.columns[query.order_column]!;
  // Text sorts case-insensitively so SQLite (binary) and PostgreSQL (locale collation) agree.
  const orderBy =
    definition.spec.searchColumns[query.order_column]?.type === 'text'
      ? sql`lower(${orderColumn})`
      : orderColumn;
  let page = filtered
    .select(Object.entries(definition.columns).map(([name, expression]) => sql`${expression}`.as(name)))
    // Empty values last either way (SQLite and PostgreSQL disagree by default): never-logged-in users
    // and the like go to the end whichever way the list is sorted.
    .orderBy(orderBy, (item) => (query.order_direction === 'asc' ? item.asc() : item.desc()).nullsLast());
  // A unique tie-breaker keeps paging stable when many rows share the ordered value.
  if (query.order_column !== idColumn) page = page.orderBy(definition.columns[idColumn]!, 'asc');
  // Clamped here too, so a query built in code rather than parsed from `q` is bounded all the same.
  const pageSize = Math.min(query.page_size, pageSizeCap(definition.spec));
  const rows = (await page
    .limit(pageSize)
    .offset(query.page * pageSize)
    .execute()) as Row[];

  const ids = rows.map((row) => row[idColumn] as number | string);
  const related = await loadRelations(db, definition, query.columns, ids);
  const result = rows.map((row, index) =>
    projectRow(completeRow(row, definition, related, ids[index]!), query.columns),
  );
  return { count, ids, result, ...metadataBlocks(definition, query) };
}

async function loadRelations<DB>(
  db: Kysely<DB>,
  definition: ListDefinition<DB>,
  columns: readonly string[],
  ids: Array<number | string>,
): Promise<Map<string, Map<number | string, unknown>>> {
  const wanted = new Set(columns.map((column) => column.split('.')[0]!));
  const loaded = new Map<string, Map<number | string, unknown>>();
  for (const [name, load] of Object.entries(definition.relations ?? {})) {
    if (wanted.has(name)) loaded.set(name, ids.length > 0 ? await load(db, ids) : new Map());
  }
  return loaded;
}

/** Flags as booleans, related objects and derived columns added. */
function completeRow<DB>(
  row: Row,
  definition: ListDefinition<DB>,
  related: Map<string, Map<number | string, unknown>>,
  id: number | string,
): Row {
  const complete: Row = { ...row };
  for (const flag of definition.flags ?? []) {
    if (flag in complete) complete[flag] = complete[flag] === null ? null : Boolean(Number(complete[flag]));
  }
  for (const [name, values] of related) complete[name] = values.get(id) ?? [];
  for (const [name, derive] of Object.entries(definition.derived ?? {})) complete[name] = derive(complete);
  return complete;
}

/** Keeps the requested columns; `roles.name` keeps only `name` of each related object. */
export function projectRow(row: Row, columns: readonly string[]): Row {
  const projected: Row = {};
  const nested = new Map<string, string[]>();
  for (const column of columns) {
    const [top, field] = splitColumn(column);
    if (field === undefined) projected[top] = row[top];
    else nested.set(top, [...(nested.get(top) ?? []), field]);
  }
  for (const [top, fields] of nested) {
    if (top in projected) continue;
    const pick = (value: unknown): unknown =>
      isRecord(value)
        ? Object.fromEntries(fields.filter((f) => f in value).map((f) => [f, value[f]]))
        : value;
    const value = row[top];
    projected[top] = Array.isArray(value) ? value.map(pick) : pick(value);
  }
  return projected;
}

function splitColumn(column: string): [string, string | undefined] {
  const dot = column.indexOf('.');
  return dot < 0 ? [column, undefined] : [column.slice(0, dot), column.slice(dot + 1)];
}

function metadataBlocks<DB>(definition: ListDefinition<DB>, query: ListQuery): Partial<ListResult> {
  const blocks: Record<ListKey, () => unknown> = {
    list_columns: () => [...query.columns],
    order_columns: () => [...definition.spec.orderColumns],
    label_columns: () =>
      Object.fromEntries(query.columns.map((c) => [c, definition.labels?.[c] ?? prettify(c)])),
    description_columns: () =>
      Object.fromEntries(
        query.columns.flatMap((c) => {
          const description = definition.descriptions?.[c];
          return description === undefined ? [] : [[c, description]];
        }),
      ),
    list_title: () => definition.title,
  };
  return Object.fromEntries(query.keys.map((key) => [key, blocks[key]()])) as Partial<ListResult>;
}

/** FAB's default label: `first_name` → `First Name`, `roles.name` → `Roles Name`. */
export function prettify(column: string): string {
  return column
    .split(/[._]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

// ---- filters ------------------------------------------------------------------------------------

type ConditionBuilder = (column: Expression<unknown>, value: FilterValue) => Condition;

/** Metastore flags are 0/1, so booleans bind as integers on both SQLite and PostgreSQL. */
function bindable(value: FilterScalar): string | number | null {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function scalar(value: FilterValue): string | number | null {
  return bindable(Array.isArray(value) ? (value[0] ?? null) : value);
}

/** `%` and `_` in the user's text match themselves; `\` is the escape character. */
export function likePattern(text: string, prefix: string, suffix: string): string {
  return `${prefix}${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}${suffix}`;
}

const like =
  (prefix: string, suffix: string, negate: boolean): ConditionBuilder =>
  (column, value) => {
    const matches = sql<SqlBool>`lower(${column}) like ${likePattern(String(scalar(value)), prefix, suffix)} escape ${sql.lit('\\')}`;
    return negate ? sql<SqlBool>`not (${matches})` : matches;
  };

const compare =
  (operator: '=' | '<>' | '>' | '<' | '>=' | '<='): ConditionBuilder =>
  (column, value) =>
    sql<SqlBool>`${column} ${sql.raw(operator)} ${scalar(value)}`;

const STANDARD_CONDITIONS: Readonly<Record<string, ConditionBuilder>> = {
  eq: (column, value) => (value === null ? sql<SqlBool>`${column} is null` : compare('=')(column, value)),
  neq: (column, value) =>
    value === null ? sql<SqlBool>`${column} is not null` : compare('<>')(column, value),
  gt: compare('>'),
  lt: compare('<'),
  ge: compare('>='),
  le: compare('<='),
  sw: like('', '%', false),
  nsw: like('', '%', true),
  ew: like('%', '', false),
  new: like('%', '', true),
  ct: like('%', '%', false),
  nct: like('%', '%', true),
  in: (column, value) => {
    const values = (Array.isArray(value) ? value : [value]).map(bindable);
    if (values.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${column} in (${sql.join(values)})`;
  },
};

function isRelationOperator(opr: string): boolean {
  return ['rel_o_m', 'nrel_o_m', 'rel_m_m', 'nrel_m_m'].includes(opr);
}

function conditionOf<DB>(filter: ListFilter, definition: ListDefinition<DB>): Condition {
  const column = definition.columns[filter.col];
  if (isRelationOperator(filter.opr)) {
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    const relation = definition.relationFilters?.[filter.col];
    const matches = relation ? relation(values) : STANDARD_CONDITIONS.in!(column!, values);
    return filter.opr.startsWith('n') ? sql<SqlBool>`not (${matches})` : matches;
  }
  const standard = STANDARD_CONDITIONS[filter.opr];
  if (standard) return standard(column!, filter.value);
  return definition.customOperators![filter.opr]!(filter);
}

// ---- schemas --------------------------------------------------------------------------------------

/** The list schemas are part of the contract in common/src/api; re-exported for the routes not moved yet. */
export { ListQuerystring, listResponse as listResponseSchema } from '@vitrina/common/api/list';
