import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import { format } from 'sql-formatter';

/** `POST /api/v1/sqllab/format_sql/`: SQL reindented in its database's dialect, keywords upper-cased. */

/**
 * Formats SQL; `{{ … }}` template placeholders are kept as they are. Text the formatter cannot parse
 * (a dialect's corner it does not know) comes back unchanged rather than failing the editor's action.
 */
export function formatSql(sql: string, engine: EngineName | null): string {
  try {
    return format(sql, {
      language: engine ? getDialect(engine).formatterLanguage : 'sql',
      keywordCase: 'upper',
      dataTypeCase: 'upper',
      paramTypes: { custom: [{ regex: String.raw`\{\{[\s\S]*?\}\}` }] },
    });
  } catch {
    return sql;
  }
}
