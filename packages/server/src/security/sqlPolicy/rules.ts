import type { CustomSqlError } from '@vitrina/common';
import type { StatementSummary, TableReference } from '../../drivers/parsers/types.ts';

/**
 * The rules user SQL must meet, as pure checks over the parser's summary of it. Each returns the
 * refusal (reason and a message naming what was refused) or null; the caller adds the field.
 */

export interface Refusal {
  reason: CustomSqlError['reason'];
  message: string;
}

export interface RuleOptions {
  /** Lower-case function names nobody's SQL may call on this engine (the parser's list and the operator's). */
  deniedFunctions: ReadonlySet<string>;
  /** Superset's ALLOW_ADHOC_SUBQUERY: sub-queries in expressions (still only over the allowed tables). */
  allowSubqueries: boolean;
  /** Tables a query may read: the dataset's own. Null: any table (SQL Lab, a virtual dataset's own SQL). */
  allowedTables: readonly TableReference[] | null;
}

/** The table every expression is parsed against; it never exists in any database. */
export const PLACEHOLDER_TABLE = 'vitrina_placeholder';

const unqualified = (name: string) => name.slice(name.lastIndexOf('.') + 1);

export function deniedFunction(summary: StatementSummary, denied: ReadonlySet<string>): Refusal | null {
  for (const name of [...summary.functions, ...summary.tableFunctions]) {
    if (denied.has(name) || denied.has(unqualified(name))) {
      return { reason: 'denied_function', message: `The function "${unqualified(name)}" is not allowed` };
    }
  }
  return null;
}

const sameName = (a: string | null, b: string | null) =>
  a === null || b === null || a.toLowerCase() === b.toLowerCase();

export function isAllowedTable(table: TableReference, allowed: readonly TableReference[]): boolean {
  return allowed.some(
    (candidate) =>
      candidate.table.toLowerCase() === table.table.toLowerCase() &&
      sameName(candidate.schema, table.schema) &&
      sameName(candidate.catalog, table.catalog),
  );
}

const tableName = (table: TableReference) =>
  [table.catalog, table.schema, table.table].filter((part) => part !== null).join('.');

export function otherTable(
  summary: StatementSummary,
  allowed: readonly TableReference[] | null,
): Refusal | null {
  if (allowed === null) return null;
  const other = summary.tables.find((table) => !isAllowedTable(table, allowed));
  return other
    ? { reason: 'other_table', message: `Reading the table "${tableName(other)}" is not allowed here` }
    : null;
}

/** An expression (or predicate) parsed inside the wrapper: nothing but one term over the placeholder. */
export function expressionRefusal(
  summary: StatementSummary,
  role: 'expression' | 'predicate',
  options: RuleOptions,
): Refusal | null {
  const { shape } = summary;
  const placeholder = { catalog: null, schema: null, table: PLACEHOLDER_TABLE };
  const ownClauses = role === 'predicate' ? shape.where : !shape.where;
  const wrapperShape =
    summary.kind === 'read' &&
    shape.targets === 1 &&
    shape.fromItems === 1 &&
    ownClauses &&
    !shape.groupBy &&
    !shape.having &&
    !shape.orderBy &&
    !shape.limit &&
    !shape.with &&
    shape.otherClauses.length === 0;
  if (!wrapperShape) return { reason: 'statement', message: 'Custom SQL must be a single expression' };
  if (summary.parameters)
    return { reason: 'parameter', message: 'Custom SQL cannot contain parameter placeholders' };
  if (summary.tableFunctions.length > 0) {
    return {
      reason: 'table_function',
      message: `Custom SQL cannot read from the table function "${summary.tableFunctions[0]}"`,
    };
  }
  if (!options.allowSubqueries && (summary.subqueries > 0 || summary.setOperations)) {
    return { reason: 'subquery', message: 'Custom SQL fields cannot contain sub-queries.' };
  }
  const denied = deniedFunction(summary, options.deniedFunctions);
  if (denied) return denied;
  const allowed = [placeholder, ...(options.allowedTables ?? [])];
  if (!summary.tables.some((table) => table.table === PLACEHOLDER_TABLE)) {
    return { reason: 'statement', message: 'Custom SQL must be a single expression' };
  }
  return otherTable(summary, options.allowSubqueries ? allowed : [placeholder]);
}

/**
 * A statement that reaches files or code outside the database (the parser's `touchesFilesOrCode`, or
 * one it named while refusing to read it): refused everywhere, even where DML is allowed.
 */
export function filesOrCodeRefusal(statement: string): Refusal {
  return {
    reason: 'not_read',
    message: `${statement} statements are not allowed: they reach files or code outside the database`,
  };
}

/**
 * A whole query (a virtual dataset, a compiled chart query): one read that calls nothing denied and
 * reads only the allowed tables. Compiled queries carry the compiler's own bound parameters.
 */
export function queryRefusal(
  summary: StatementSummary,
  options: RuleOptions & { allowParameters: boolean },
): Refusal | null {
  if (summary.touchesFilesOrCode) return filesOrCodeRefusal(summary.type.replace(/_/g, ' '));
  if (summary.kind !== 'read') {
    return { reason: 'not_read', message: `Only SELECT statements are allowed here, not ${summary.type}` };
  }
  if (summary.parameters && !options.allowParameters) {
    return { reason: 'parameter', message: 'The SQL cannot contain parameter placeholders' };
  }
  return deniedFunction(summary, options.deniedFunctions) ?? otherTable(summary, options.allowedTables);
}
