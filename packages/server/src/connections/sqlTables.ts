import { LRUCache } from 'lru-cache';
import { getParser, type ParsedStatement, type SqlParser } from '../drivers/parsers/index.ts';
import { describeDatabase } from './uris.ts';

/**
 * The tables a saved or past query reads (Superset's `sql_tables`), found by the parser of its
 * database's engine (drivers/parsers), the same one that decides what the SQL may do. SQL the parser
 * cannot read has no tables listed, as Superset answers for SQL it cannot parse; a statement the
 * parser splits but cannot summarise adds none.
 */

export interface SqlTable {
  catalog: string | null;
  schema: string | null;
  table: string;
}

/** Lists parse the SQL of every row shown; saved SQL rarely changes, so answers are remembered. */
const cache = new LRUCache<string, SqlTable[]>({ max: 1000 });

export async function extractSqlTables(engine: string, sqlText: string): Promise<SqlTable[]> {
  const key = `${engine}\u0000${sqlText}`;
  const tables = cache.get(key) ?? (await parseSqlTables(engine, sqlText));
  cache.set(key, tables);
  return tables.map((table) => ({ ...table }));
}

async function parseSqlTables(engine: string, sqlText: string): Promise<SqlTable[]> {
  let parser: SqlParser;
  let statements: ParsedStatement[];
  try {
    parser = getParser(engine);
    statements = await parser.split(sqlText);
  } catch {
    return [];
  }
  const found = new Map<string, SqlTable>();
  for (const statement of statements) {
    try {
      for (const { catalog, schema, table } of (await parser.summarize(statement.sql)).tables) {
        found.set(JSON.stringify([catalog, schema, table]), { catalog, schema, table });
      }
    } catch {
      // This statement adds no tables; the others still do.
    }
  }
  return [...found.values()];
}

/** The engine of a stored database URI, or null when it names none this server knows. */
function engineOf(uri: string): string | null {
  try {
    return describeDatabase({ sqlalchemy_uri: uri }).engine;
  } catch {
    return null;
  }
}

/** The tables of each row's SQL, by id, each read by its own database's engine. */
export async function sqlTablesByRow(
  rows: ReadonlyArray<{ id: number; sql: string | null; uri: string }>,
): Promise<Map<number | string, SqlTable[]>> {
  const tables = new Map<number | string, SqlTable[]>();
  for (const row of rows) {
    const engine = engineOf(row.uri);
    tables.set(row.id, engine && row.sql ? await extractSqlTables(engine, row.sql) : []);
  }
  return tables;
}
