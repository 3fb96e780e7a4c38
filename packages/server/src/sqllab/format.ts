import type { EngineName } from '@vitrina/common/sql/engines';
import { format, type SqlLanguage } from 'sql-formatter';

/** `POST /api/v1/sqllab/format_sql/`: SQL reindented in its database's dialect, keywords upper-cased. */

/** sql-formatter's language of each engine (a Record, so a new engine fails the build until mapped). */
export const FORMATTER_LANGUAGE: Record<EngineName, SqlLanguage> = {
  duckdb: 'duckdb',
  sqlite: 'sqlite',
  postgresql: 'postgresql',
  mysql: 'mysql',
  clickhouse: 'clickhouse',
  trino: 'trino',
};

/**
 * Formats SQL; `{{ … }}` template placeholders are kept as they are. Text the formatter cannot parse
 * (a dialect's corner it does not know) comes back unchanged rather than failing the editor's action.
 */
export function formatSql(sql: string, engine: EngineName | null): string {
  try {
    return format(sql, {
      language: engine ? FORMATTER_LANGUAGE[engine] : 'sql',
      keywordCase: 'upper',
      dataTypeCase: 'upper',
      paramTypes: { custom: [{ regex: String.raw`\{\{[\s\S]*?\}\}` }] },
    });
  } catch {
    return sql;
  }
}
