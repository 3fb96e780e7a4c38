import { QueryValidationError } from '../../query/errors.ts';
import type { QueryFilter, QueryFilterScalar } from '../../query/types.ts';
import type { TimeBounds } from '../../time/index.ts';
import type { SqlDialect } from '../dialect.ts';

/** Collects bound parameters in the order their placeholders appear in the text. */
export class ParamSink {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: SqlDialect) {}

  bind(value: string | number | boolean): string {
    this.values.push(value);
    return this.dialect.parameterPlaceholder(this.values.length);
  }
}

/** `col >= since AND col < until` (half-open, as Superset); null when both bounds are open. */
export function timeBoundsPredicate(
  dialect: SqlDialect,
  columnSql: string,
  bounds: TimeBounds,
): string | null {
  const parts: string[] = [];
  // Timestamps are computed by the server, never typed by users: written as the engine's literal,
  // so each engine compares them with its own timestamp type (SQLite: text).
  if (bounds.since) parts.push(`${columnSql} >= ${dialect.literal(bounds.since)}`);
  if (bounds.until) parts.push(`${columnSql} < ${dialect.literal(bounds.until)}`);
  return parts.length === 0 ? null : parts.join(' AND ');
}

function scalar(filter: QueryFilter, field: string): QueryFilterScalar {
  const value = filter.val;
  if (Array.isArray(value) || value === undefined) {
    throw new QueryValidationError(`The ${filter.op} filter takes a single value`, `${field}.val`);
  }
  return value;
}

function inList(
  columnSql: string,
  values: QueryFilterScalar[],
  params: ParamSink,
  negate: boolean,
): string | null {
  const present = values.filter((value): value is string | number | boolean => value !== null);
  const hasNull = present.length < values.length;
  const placeholders = present.map((value) => params.bind(value)).join(', ');
  if (!hasNull) {
    if (present.length === 0) return null;
    return `${columnSql} ${negate ? 'NOT IN' : 'IN'} (${placeholders})`;
  }
  if (present.length === 0) return `${columnSql} ${negate ? 'IS NOT NULL' : 'IS NULL'}`;
  const matches = `(${columnSql} IS NULL OR ${columnSql} IN (${placeholders}))`;
  return negate ? `NOT ${matches}` : matches;
}

/**
 * The predicate of one filter (not TEMPORAL_RANGE, which the compiler resolves to bounds first, nor
 * LATEST PARTITION, whose sub-query reads the dataset's table).
 * Values are bound parameters; NULL follows Superset: `== null` is IS NULL, IN with null also matches
 * NULL, NOT IN never matches NULL, an empty IN matches nothing and an empty NOT IN everything.
 */
export function filterPredicate(
  dialect: SqlDialect,
  filter: QueryFilter,
  columnSql: string,
  params: ParamSink,
  field: string,
): string {
  const { op } = filter;
  switch (op) {
    case '==':
    case '!=': {
      const value = scalar(filter, field);
      if (value === null) return `${columnSql} ${op === '==' ? 'IS NULL' : 'IS NOT NULL'}`;
      return `${columnSql} ${op === '==' ? '=' : '<>'} ${params.bind(value)}`;
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const value = scalar(filter, field);
      if (value === null)
        throw new QueryValidationError(`The ${op} filter cannot compare with null`, `${field}.val`);
      return `${columnSql} ${op} ${params.bind(value)}`;
    }
    case 'IN':
    case 'NOT IN': {
      const values = Array.isArray(filter.val) ? filter.val : [scalar(filter, field)];
      const predicate = inList(columnSql, values, params, op === 'NOT IN');
      return predicate ?? (op === 'IN' ? '1 = 0' : '1 = 1');
    }
    case 'LIKE':
    case 'NOT LIKE':
    case 'ILIKE': {
      const value = scalar(filter, field);
      if (typeof value !== 'string') {
        throw new QueryValidationError(`The ${op} filter takes a pattern string`, `${field}.val`);
      }
      // The pattern is the user's, wildcards and all. ILIKE is not in every engine: lower both sides.
      if (op === 'ILIKE') return `LOWER(${columnSql}) LIKE LOWER(${params.bind(value)})`;
      return `${columnSql} ${op} ${params.bind(value)}`;
    }
    case 'IS NULL':
    case 'IS NOT NULL':
      return `${columnSql} ${op}`;
    case 'IS TRUE':
    case 'IS FALSE':
      // `= TRUE` rather than `IS TRUE`, which not every engine parses; in WHERE both drop NULL rows.
      return `${columnSql} = ${dialect.literal(op === 'IS TRUE')}`;
    case 'LATEST PARTITION':
      throw new Error(
        'LATEST PARTITION filters need the table: the compiler writes them (latestPartition.ts)',
      );
    case 'TEMPORAL_RANGE':
      throw new Error('TEMPORAL_RANGE filters are resolved to time bounds before this point');
    default: {
      const unknown: never = op;
      throw new QueryValidationError(`Unknown filter operator "${String(unknown)}"`, `${field}.op`);
    }
  }
}
