import type { CorpusRow } from './types.ts';

/** Rows every engine with standard string quoting (no backslash escapes) must answer alike. */
export const STANDARD_QUOTING_ROWS: CorpusRow[] = [
  {
    name: 'issue payload: a syntax error, not a hidden script',
    sql: "SELECT '\\' AS a) AS t; DELETE FROM t2; SELECT * FROM (SELECT 1 AS a --'",
    expect: 'refused',
  },
  {
    name: 'backslash is not an escape',
    sql: "SELECT '\\'; DELETE FROM t",
    expect: { kinds: ['read', 'dml'] },
  },
];

/** PostgreSQL's quoting forms, which DuckDB's lexer inherits. */
export const POSTGRES_QUOTING_ROWS: CorpusRow[] = [
  { name: "E'' takes backslash escapes", sql: "SELECT E'\\'; DELETE FROM t'", expect: { kinds: ['read'] } },
  {
    name: 'dollar quoting hides the semicolon',
    sql: 'SELECT $x$; DELETE FROM t $x$',
    expect: { kinds: ['read'] },
  },
];
