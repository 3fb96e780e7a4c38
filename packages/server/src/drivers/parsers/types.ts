import type { EngineName } from '@vitrina/common/sql/engines';

/**
 * What an engine's own parser (or a maintained parser of its dialect) says about SQL text. Every
 * decision the trust boundary takes about user SQL — how many statements, what each does, whether an
 * expression is plain — is taken from this summary, never from scanning the text.
 */

/**
 * read: returns rows and changes nothing (SELECT, VALUES, WITH … SELECT without data-modifying CTEs,
 *   SHOW, DESCRIBE, EXPLAIN without ANALYZE of a write);
 * dml: changes rows (INSERT, UPDATE, DELETE, MERGE, COPY … FROM, SELECT … INTO, a data-modifying CTE at
 *   any depth, EXPLAIN ANALYZE of any of these);
 * ddl: changes objects (CREATE, ALTER, DROP, TRUNCATE, COMMENT, GRANT…);
 * other: everything else (SET, PRAGMA, ATTACH, DETACH, INSTALL, LOAD, USE, transaction control, CALL,
 *   COPY … TO, EXPORT, VACUUM…). Only databases that allow DML may run dml, ddl or other.
 */
export type StatementKind = 'read' | 'dml' | 'ddl' | 'other';

export interface ParsedStatement {
  /** The statement's own text as the engine will receive it: no trailing ';', outer whitespace trimmed. */
  sql: string;
  kind: StatementKind;
  /** The statement's type as the parser names it, upper-case (SELECT, EXPLAIN, SET, INSERT, ATTACH…). */
  type: string;
  /**
   * The statement reaches outside the database: it opens another database file (ATTACH), loads code
   * (INSTALL, LOAD), or reads or writes files (COPY, EXPORT…). Each parser decides from its own tree;
   * the policy refuses these even where DML is allowed.
   */
  touchesFilesOrCode: boolean;
}

export interface TableReference {
  catalog: string | null;
  schema: string | null;
  /** As written, with the engine's case folding of unquoted names applied where the parser tells. */
  table: string;
}

/** Everything one statement touches, found by walking its syntax tree at every depth. */
export interface StatementSummary extends ParsedStatement {
  /** Base relations read or written (CTE names excluded). */
  tables: TableReference[];
  /** Every function called, anywhere, lower-case, qualified when written qualified (`pg_catalog.pg_read_file`). */
  functions: string[];
  /** Functions used as a FROM item (`read_csv(…)`, `generate_series(…)`, `query(…)`), lower-case. */
  tableFunctions: string[];
  /** Sub-queries at any depth, in any syntax (scalar, IN, EXISTS, derived tables, FROM-first `(FROM t)`, lateral…). */
  subqueries: number;
  /** UNION / INTERSECT / EXCEPT anywhere. */
  setOperations: boolean;
  /** Top-level shape of a SELECT: how many select-list items, and which clauses are present. */
  shape: {
    targets: number;
    /** FROM items at the top level (joins count each side). */
    fromItems: number;
    where: boolean;
    groupBy: boolean;
    having: boolean;
    orderBy: boolean;
    limit: boolean;
    /** WITH clause at the top level. */
    with: boolean;
    /**
     * Any other top-level clause or modifier, as the parser names it (DISTINCT, QUALIFY, PREWHERE,
     * WINDOW, INTO, FOR UPDATE, SETTINGS, FORMAT, SAMPLE, set operation…): an expression wrapper has none.
     */
    otherClauses: string[];
  };
  /** Bind-parameter placeholders ($1, ?, :name) anywhere. */
  parameters: boolean;
}

/** The text could not be read by the engine's parser: refused, never waved through. */
export class SqlParseError extends Error {
  constructor(
    readonly engine: EngineName,
    message: string,
    /**
     * Set when the parser stopped inside a statement that reaches files or code (MySQL's `SELECT …
     * INTO OUTFILE`, `LOAD DATA`…): its name, so the refusal says why rather than "cannot parse".
     */
    readonly filesOrCodeStatement: string | null = null,
  ) {
    super(message);
    this.name = 'SqlParseError';
  }
}

export interface SqlParser {
  engine: EngineName;
  /**
   * The statements of a script in order, each classified; comment-only and empty statements dropped.
   * Throws SqlParseError when the parser cannot read the text.
   */
  split(sql: string): Promise<ParsedStatement[]>;
  /**
   * The summary of exactly one statement. Throws SqlParseError when the text does not parse or is not
   * exactly one statement.
   */
  summarize(statement: string): Promise<StatementSummary>;
  /**
   * Whether the text contains a comment the parser skipped (`--`, `/* *\/`, `#` where the engine has it),
   * or an executable comment such as MySQL's `/*! … *\/` (which is always reported).
   */
  hasComments(sql: string): Promise<boolean>;
  /**
   * Functions no user text may call on this engine, lower-case, unqualified: reading or writing files,
   * reaching the network, running a query given as a string, reading the catalogue of other objects,
   * changing settings. Documented in docs/security.md; administrators extend it by configuration.
   */
  deniedFunctions: readonly string[];
}
