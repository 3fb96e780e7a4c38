import type { EngineName } from '@vitrina/common/sql/engines';
import { isEngineName, UnknownEngineError } from '@vitrina/common/sql/engines';
import { clickhouseDriver } from './clickhouse.ts';
import type { DatabaseDriver } from './driver.ts';
import { duckdbDriver } from './duckdb.ts';
import { mysqlDriver } from './mysql.ts';
import { postgresqlDriver } from './postgresql.ts';
import { sqliteDriver } from './sqlite.ts';
import { trinoDriver } from './trino.ts';

/** Every engine's driver; a Record so TypeScript fails the build when one is missing. */
export const drivers: Record<EngineName, DatabaseDriver> = {
  duckdb: duckdbDriver,
  sqlite: sqliteDriver,
  postgresql: postgresqlDriver,
  mysql: mysqlDriver,
  clickhouse: clickhouseDriver,
  trino: trinoDriver,
};

export function getDriver(engine: string): DatabaseDriver {
  if (!isEngineName(engine)) throw new UnknownEngineError(engine);
  return drivers[engine];
}
