import type { TimeBounds, TimeRangeOptions } from '../../time/index.ts';

/** What the compiler reads of a dataset; the API's Dataset satisfies it. */
export interface CompilerDataset {
  table_name: string;
  catalog?: string | null;
  schema?: string | null;
  /** Set for a virtual dataset: its SQL becomes a sub-query. */
  sql?: string | null;
  /** JSON text of the virtual dataset's template parameters (`{{ name }}`). */
  template_params?: string | null;
  /** Added to the WHERE clause when a query sets apply_fetch_values_predicate. */
  fetch_values_predicate?: string | null;
  columns: ReadonlyArray<{
    column_name: string;
    /** SQL of a calculated column; null for a column of the table. */
    expression?: string | null;
    is_dttm?: boolean;
    /** The driver reported it as a partition key of the table (the LATEST PARTITION filter's column). */
    is_partition_key?: boolean;
  }>;
  metrics: ReadonlyArray<{ metric_name: string; expression: string }>;
}

/** Turns a time range string into bounds; parseTimeRange from common/time by default. */
export type TimeRangeResolver = (range: string, options: TimeRangeOptions) => TimeBounds;

export interface CompileOptions {
  /** The clock relative time ranges are computed from. */
  now: Date;
  resolveTimeRange?: TimeRangeResolver;
  /** Row-level security clauses of the user's roles for this dataset, ANDed into WHERE. */
  rlsClauses?: readonly string[];
  /** The configured maximum row count; the row limit is capped at it. Default 100000. */
  maxRowLimit?: number;
  /** Whether the user may write SQL (adhoc SQL metrics, columns, where, having). Default true. */
  allowCustomSql?: boolean;
  /** Extra template parameters for a virtual dataset's SQL (override the dataset's own). */
  templateParams?: Record<string, unknown>;
}

/**
 * How text from users is pasted: `expression` a value (a metric, a column), `predicate` a condition
 * (WHERE, HAVING, RLS, the fetch-values predicate), `query` a whole SELECT (a virtual dataset).
 */
export type UserSqlRole = 'expression' | 'predicate' | 'query';

/** Text the compiler did not write itself; the server checks each with the engine's parser. */
export interface UserSqlFragment {
  /** Where it came from, for the error (`metrics[0].sqlExpression`, `extras.where`, `sql`). */
  field: string;
  /** Trimmed, as pasted (templates already rendered). */
  sql: string;
  role: UserSqlRole;
}

/** SQL text with its bound parameters, in placeholder order (the driver's QueryOptions.params). */
export interface CompiledQuery {
  sql: string;
  params: unknown[];
  /** Every piece of text from users in `sql`: it must pass the engine parser's check before running. */
  userSql: UserSqlFragment[];
}
