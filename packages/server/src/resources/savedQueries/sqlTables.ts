import { LRUCache } from 'lru-cache';
import NodeSqlParser from 'node-sql-parser';

/**
 * The tables a saved query reads (Superset's `sql_tables`), found by parsing its SQL. SQL that none of
 * the dialects tried can parse has no tables listed, as Superset answers for SQL it cannot parse.
 */

export interface SqlTable {
  catalog: string | null;
  schema: string | null;
  table: string;
}

const parser = new NodeSqlParser.Parser();
const DIALECTS = ['PostgresQL', 'MySQL', 'BigQuery'] as const;
/** Lists parse the SQL of every row shown; saved SQL rarely changes, so parses are remembered. */
const cache = new LRUCache<string, SqlTable[]>({ max: 1000 });

/** Names the statements' WITH clauses define: they are not tables. */
function cteNames(ast: unknown): Set<string> {
  const names = new Set<string>();
  for (const statement of Array.isArray(ast) ? ast : [ast]) {
    const ctes = (statement as { with?: unknown } | null)?.with;
    if (!Array.isArray(ctes)) continue;
    for (const cte of ctes) {
      const name = (cte as { name?: { value?: unknown } | string }).name;
      const text = typeof name === 'string' ? name : name?.value;
      if (typeof text === 'string') names.add(text.toLowerCase());
    }
  }
  return names;
}

export function extractSqlTables(sqlText: string): SqlTable[] {
  const cached = cache.get(sqlText);
  if (cached) return cached.map((table) => ({ ...table }));
  const tables = parseSqlTables(sqlText);
  cache.set(sqlText, tables);
  return tables.map((table) => ({ ...table }));
}

function parseSqlTables(sqlText: string): SqlTable[] {
  for (const database of DIALECTS) {
    try {
      const entries = parser.tableList(sqlText, { database });
      const ctes = cteNames(parser.astify(sqlText, { database }));
      const seen = new Set<string>();
      const tables: SqlTable[] = [];
      for (const entry of entries) {
        const [, schemaPart = 'null', table = ''] = entry.split('::');
        const schema = schemaPart === 'null' ? null : schemaPart;
        if (!table || (schema === null && ctes.has(table.toLowerCase()))) continue;
        const key = `${schema}\u0000${table}`;
        if (seen.has(key)) continue;
        seen.add(key);
        tables.push({ catalog: null, schema, table });
      }
      return tables;
    } catch {
      // Not this dialect's SQL; try the next one.
    }
  }
  return [];
}
