import type { EditorLanguage, FormatterLanguage } from './dialects/languages.ts';
import type { EngineName } from './engines.ts';
import type { TimeGrain } from './timeGrains.ts';

/** The four kinds of column type charts care about. */
export type GenericType = 'NUMERIC' | 'STRING' | 'TEMPORAL' | 'BOOLEAN';

/**
 * What a column's values are, for writers that type their cells (CSV, XLSX): the generic type with
 * dates told apart from timestamps. `unknown` (no type reported, e.g. SQLite expressions) makes a
 * writer look at each value instead.
 */
export type ColumnKind = 'number' | 'timestamp' | 'date' | 'boolean' | 'text' | 'unknown';

/** A literal value a query may need to embed (filter values are bound as parameters where possible). */
export type SqlValue = string | number | bigint | boolean | null | Date;

export interface TableRef {
  catalog?: string | null;
  schema?: string | null;
  table: string;
}

/** What an engine can do; code outside dialects/ and drivers/ asks these, never the engine's name. */
export interface DialectCapabilities {
  /** Several catalogs (databases) under one connection, as in Trino. */
  catalogs: boolean;
  /** Schemas within a database (SQLite has none beyond main/attached). */
  schemas: boolean;
  /** EXPLAIN gives a cost estimate worth showing. */
  costEstimate: boolean;
  /** The database is a local file (DuckDB, SQLite): paths must be inside allowed directories. */
  fileBased: boolean;
  /** Views, foreign keys, indexes can be introspected. */
  foreignKeys: boolean;
  indexes: boolean;
  /**
   * Tables can be partitioned by range or list on plain columns, and the driver reports those columns:
   * the LATEST PARTITION filter compiles (latestPartitionPredicate) on a dataset's partition-key columns.
   */
  partitions: boolean;
}

/**
 * The SQL text one engine needs: pure string factories, no I/O. One file per engine in dialects/,
 * every one in the registry (dialects/index.ts). Golden tests run every case through every dialect.
 */
export interface SqlDialect {
  engine: EngineName;
  /** As Superset names it in errors and the UI: 'PostgreSQL', 'MySQL', 'DuckDB'… */
  displayName: string;
  /**
   * SQLAlchemy URI schemes naming this engine (the part before any `+driver`), canonical one first:
   * `postgresql`, `postgres`. uri.ts reads them so that no engine name lives outside dialects/.
   */
  uriSchemes: readonly [string, ...string[]];
  capabilities: DialectCapabilities;
  /** The SQL editor's highlighting and completion dialect (an export of @codemirror/lang-sql). */
  editorLanguage: EditorLanguage;
  /** sql-formatter's language for the editor's Format action. */
  formatterLanguage: FormatterLanguage;
  /** Quotes any name, including spaces, quotes and Cyrillic, so it can never end the identifier. */
  quoteIdentifier(name: string): string;
  /** catalog.schema.table, each part quoted, absent parts left out. */
  qualifiedTable(ref: TableRef): string;
  /** A value as a SQL literal, escaped for this engine. */
  literal(value: SqlValue): string;
  /** The expression truncating `columnSql` to `grain`; null when the engine does not offer that grain. */
  timeGrainExpression(grain: TimeGrain, columnSql: string): string | null;
  /** The grains this engine offers, in display order. */
  timeGrains(): TimeGrain[];
  /** Built-in function names SQL Lab's editor offers as completions (may repeat; callers sort them). */
  functionNames: readonly string[];
  /** Converts a numeric epoch column to a timestamp. */
  epochToTimestamp(columnSql: string, unit: 'seconds' | 'milliseconds'): string;
  /** `LIMIT n [OFFSET m]` (or the engine's equivalent) to append to a SELECT. */
  limitClause(limit: number, offset?: number): string;
  /** A native type name (as the driver reports it) mapped to a generic type; null when unknown. */
  genericType(nativeType: string): GenericType | null;
  /** A native type name mapped to what its values are; unrecognised names are `text`. */
  columnKind(nativeType: string): ColumnKind;
  /** `SELECT <cols> FROM <table> LIMIT n`, formatted for the SQL editor's table preview. */
  selectStar(ref: TableRef, columns: string[], limit: number): string;
  /** The statement that asks the engine for a plan of `sql`; null when costEstimate is false. */
  explainStatement(sql: string): string | null;
  /** Placeholder for the n-th (1-based) bound parameter: `$1` or `?`. */
  parameterPlaceholder(index: number): string;
  /**
   * The LATEST PARTITION filter: `columnSql` holds the greatest value it has in `tableSql` (read with
   * `conditions` ANDed, the caller's row-level security). Null exactly when capabilities.partitions
   * is false.
   */
  latestPartitionPredicate(columnSql: string, tableSql: string, conditions: readonly string[]): string | null;
}
