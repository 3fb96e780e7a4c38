import type { ListFilter, ListQuery } from '@vitrina/common';
import { type Expression, type SqlBool, sql } from 'kysely';
import { likePattern } from '../../http/listEndpoint.ts';

/**
 * Titles people write in two languages (slice_name and slice_name_ru, dashboard_title and
 * dashboard_title_ru): a text search on the title column matches either, so a Russian title is found
 * by the same filter the UI sends for the English one.
 */

const PATTERNS: Readonly<Record<string, { prefix: string; suffix: string; negate: boolean }>> = {
  ct: { prefix: '%', suffix: '%', negate: false },
  nct: { prefix: '%', suffix: '%', negate: true },
  sw: { prefix: '', suffix: '%', negate: false },
  nsw: { prefix: '', suffix: '%', negate: true },
  ew: { prefix: '%', suffix: '', negate: false },
  new: { prefix: '%', suffix: '', negate: true },
};

/** Case-insensitive LIKE on any of `columns` (`%`, `_` and `\` in the text match themselves). */
export function anyColumnLike(
  columns: readonly Expression<unknown>[],
  text: string,
  prefix = '%',
  suffix = '%',
): Expression<SqlBool> {
  const pattern = likePattern(text, prefix, suffix);
  const escapeChar = sql.lit('\\');
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(coalesce(${column}, '')) like ${pattern} escape ${escapeChar}`),
    sql` or `,
  )})`;
}

/**
 * Splits the like-family filters on `column` off the query: they become conditions over every column
 * in `columns`; the rest of the query goes to the list helper as it is.
 */
export function bilingualFilters(
  query: ListQuery,
  column: string,
  columns: readonly Expression<unknown>[],
): { conditions: Expression<SqlBool>[]; query: ListQuery } {
  const conditions: Expression<SqlBool>[] = [];
  const rest: ListFilter[] = [];
  for (const filter of query.filters) {
    const pattern = filter.col === column ? PATTERNS[filter.opr] : undefined;
    if (!pattern) {
      rest.push(filter);
      continue;
    }
    const matches = anyColumnLike(columns, String(filter.value ?? ''), pattern.prefix, pattern.suffix);
    conditions.push(pattern.negate ? sql<SqlBool>`not ${matches}` : matches);
  }
  return { conditions, query: { ...query, filters: rest } };
}
