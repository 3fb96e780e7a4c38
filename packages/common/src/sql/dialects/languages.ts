/** The dialects of @codemirror/lang-sql the SQL editor can use, by their export names. */
export type EditorLanguage = 'StandardSQL' | 'PostgreSQL' | 'MySQL' | 'MariaSQL' | 'SQLite';

/** The languages of sql-formatter the Format action can use (a subset of its `SqlLanguage`). */
export type FormatterLanguage = 'sql' | 'duckdb' | 'sqlite' | 'postgresql' | 'mysql' | 'clickhouse' | 'trino';
