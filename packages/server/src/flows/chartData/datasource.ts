import type { CompilerDataset } from '@vitrina/common';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
import type { Kysely } from 'kysely';
import { databaseDialect, openDatabaseSource } from '../../connections/databaseSource.ts';
import { parseExtra } from '../../connections/extra.ts';
import type { DatabaseConnection } from '../../drivers/driver.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow, MetastoreSchema } from '../../platform/metastore/schema.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import * as repo from '../../resources/datasets/repo.ts';
import { canAccessDataset } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { rlsCacheKeyPart, rlsClausesForQuery } from '../../security/rowLevelSecurity.ts';
import { type SqlPolicy, sqlPolicyOf } from '../../security/sqlPolicy/index.ts';
import { datasourceAccessError } from './errors.ts';
import { loadSqlLabDatasource, SQL_LAB_DATASOURCE_TYPES } from './sqlLabDatasource.ts';

type Db = Kysely<MetastoreSchema>;

/** A dataset ready to be queried: its rows, the compiler's view of it, its engine and the caller's RLS. */
export interface LoadedDatasource {
  dataset: repo.DatasetRow;
  /** Set for a SQL Lab query or saved query charted as a datasource (sqlLabDatasource.ts): `dataset` is its stand-in. */
  datasourceType?: 'query' | 'saved_query';
  database: DatabaseRow;
  columns: repo.ColumnRow[];
  compilerDataset: CompilerDataset;
  dialect: SqlDialect;
  connection: DatabaseConnection;
  rlsClauses: string[];
  rlsKey: string;
  /** The engine parser's checks every compiled query passes before it runs (chartData/runCompiled.ts). */
  sqlPolicy: SqlPolicy;
  /** As Superset names a table datasource: `schema.table` or `table`. */
  name: string;
}

/** Dataset types the chart data API reads; `query` and `saved_query` datasources are not datasets. */
const DATASET_TYPES = new Set(['table', 'dataset', 'view']);

export async function findDatasetRow(
  db: Db,
  id: number | string,
  type: string,
): Promise<repo.DatasetRow | undefined> {
  if (!DATASET_TYPES.has(type)) return undefined;
  if (typeof id === 'number') return repo.findDatasetRow(db, id);
  return /^\d+$/.test(id) ? repo.findDatasetRow(db, Number(id)) : repo.findDatasetRowByUuid(db, id);
}

function datasourceName(dataset: repo.DatasetRow): string {
  return dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
}

/**
 * The dataset and its database when the caller may query it: 404 when there is no such dataset,
 * 403 DATASOURCE_SECURITY_ACCESS_ERROR when the caller has no access to it (Superset's raise_for_access),
 * whose message names neither the dataset nor its SQL.
 */
export async function accessibleDataset(
  db: Db,
  principal: Principal,
  dataset: repo.DatasetRow | undefined,
): Promise<{ dataset: repo.DatasetRow; database: DatabaseRow }> {
  if (!dataset) throw new NotFoundError();
  const database = await findDatabase(db, dataset.database_id);
  if (!database) throw new NotFoundError();
  if (canAccessDataset(principal, dataset, database)) return { dataset, database };
  if (await repo.isOwner(db, dataset.id, principal.id)) return { dataset, database };
  throw datasourceAccessError();
}

/** A query context's `datasource`: a dataset by id or uuid. */
export interface DatasourceRef {
  id: number | string;
  type: string;
}

/** How a run gets its dataset: loadDatasource, or a batch's memo of it (datasourceMemo.ts). */
export type DatasourceLoader = (
  ctx: AppContext,
  principal: Principal,
  datasource: DatasourceRef,
) => Promise<LoadedDatasource>;

/**
 * The dataset when `principal` may query it, with their row-level security. Six metastore reads when
 * RLS rules exist (dataset, database, columns, metrics, rules, the caller's roles among them), one
 * more when only ownership gives access: a dashboard batch shares one load per dataset.
 */
export const loadDatasource: DatasourceLoader = async (ctx, principal, datasource) => {
  if (SQL_LAB_DATASOURCE_TYPES.has(datasource.type)) return loadSqlLabDatasource(ctx, principal, datasource);
  const db = ctx.metastore.db;
  const row = await findDatasetRow(db, datasource.id, datasource.type);
  const { dataset, database } = await accessibleDataset(db, principal, row);
  const source = openDatabaseSource(ctx, database);
  const [columns, metrics, rlsClauses] = await Promise.all([
    repo.columnsOf(db, dataset.id),
    repo.metricsOf(db, dataset.id),
    rlsClausesForQuery(db, principal, dataset.id, (value) => source.dialect.literal(value)),
  ]);
  return {
    dataset,
    database,
    columns,
    compilerDataset: {
      table_name: dataset.table_name,
      catalog: dataset.catalog,
      schema: dataset.schema,
      sql: dataset.sql,
      template_params: dataset.template_params,
      fetch_values_predicate: dataset.fetch_values_predicate,
      columns: columns.map((c) => ({
        column_name: c.column_name,
        expression: c.expression,
        is_dttm: Boolean(c.is_dttm),
        is_partition_key: c.is_partition_key === 1,
      })),
      metrics: metrics.map((m) => ({ metric_name: m.metric_name, expression: m.expression })),
    },
    dialect: source.dialect,
    connection: source.connection,
    sqlPolicy: sqlPolicyOf(ctx, source.dialect.engine),
    rlsClauses,
    rlsKey: rlsCacheKeyPart(rlsClauses),
    name: datasourceName(dataset),
  };
};

/** The row-level security key part of `principal` for a dataset, as loadDatasource computes it. */
export async function rlsKeyFor(
  ctx: AppContext,
  principal: Principal,
  dataset: repo.DatasetRow,
  database: DatabaseRow,
): Promise<string> {
  const dialect = databaseDialect(database);
  const clauses = await rlsClausesForQuery(ctx.metastore.db, principal, dataset.id, (value) =>
    dialect.literal(value),
  );
  return rlsCacheKeyPart(clauses);
}

/** The query timeout: the chart setting, lowered by the database's own `engine_params.query_timeout`. */
export function queryTimeoutMs(database: DatabaseRow, configuredMs: number): number {
  const seconds = parseExtra(database.extra).engine_params?.query_timeout;
  return typeof seconds === 'number' && seconds > 0 ? Math.min(configuredMs, seconds * 1000) : configuredMs;
}
