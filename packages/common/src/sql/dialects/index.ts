import type { SqlDialect } from '../dialect.ts';
import { type EngineName, isEngineName, UnknownEngineError } from '../engines.ts';
import { clickhouseDialect } from './clickhouse.ts';
import { duckdbDialect } from './duckdb.ts';
import { mysqlDialect } from './mysql.ts';
import { postgresqlDialect } from './postgresql.ts';
import { sqliteDialect } from './sqlite.ts';
import { trinoDialect } from './trino.ts';

/** Every engine's dialect; keyed by EngineName so a missing one fails the build. */
export const dialects: Record<EngineName, SqlDialect> = {
  duckdb: duckdbDialect,
  sqlite: sqliteDialect,
  postgresql: postgresqlDialect,
  mysql: mysqlDialect,
  clickhouse: clickhouseDialect,
  trino: trinoDialect,
};

/** The dialect of an engine name; an unknown name throws UnknownEngineError, never falls back. */
export function getDialect(engine: string): SqlDialect {
  if (!isEngineName(engine)) throw new UnknownEngineError(engine);
  return dialects[engine];
}
