import { getDialect } from './dialects/index.ts';

/**
 * The built-in function names SQL Lab's editor offers as completions (`GET /api/v1/database/{id}/function_names/`).
 * Fixed per engine in its dialect, as Superset's SQLite spec does, rather than read from the database: a
 * listing query would cost a connection per editor load and some engines (SQLite) cannot list their functions.
 */
export function functionNames(engine: string): string[] {
  return [...new Set(getDialect(engine).functionNames)].sort();
}
