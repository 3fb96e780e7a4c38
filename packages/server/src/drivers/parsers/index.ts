import { type EngineName, UnknownEngineError } from '@vitrina/common/sql/engines';
import { clickhouseParser } from './clickhouse.ts';
import { duckdbParser } from './duckdb.ts';
import { mysqlParser } from './mysql.ts';
import { postgresqlParser } from './postgresql.ts';
import { sqliteParser } from './sqlite.ts';
import { trinoParser } from './trino.ts';
import type { SqlParser } from './types.ts';

export type { ParsedStatement, SqlParser, StatementKind, StatementSummary, TableReference } from './types.ts';
export { SqlParseError } from './types.ts';

/** One parser per engine: the engine's own where it has one, a maintained parser of its dialect otherwise. */
export const parsers: Record<EngineName, SqlParser> = {
  duckdb: duckdbParser,
  sqlite: sqliteParser,
  postgresql: postgresqlParser,
  mysql: mysqlParser,
  clickhouse: clickhouseParser,
  trino: trinoParser,
};

export function getParser(engine: string): SqlParser {
  const parser = (parsers as Record<string, SqlParser | undefined>)[engine];
  if (!parser) throw new UnknownEngineError(engine);
  return parser;
}
