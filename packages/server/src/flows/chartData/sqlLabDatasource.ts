import { QueryValidationError } from '@vitrina/common';
import type { SqlDialect } from '@vitrina/common/sql/dialect';
import { MissingTemplateParamsError, renderSqlTemplate } from '@vitrina/common/sql/template';
import { recordedColumns } from '@vitrina/common/sqllab/queryExtra';
import { openDatabaseSource } from '../../connections/databaseSource.ts';
import type { TableReference } from '../../drivers/parsers/types.ts';
import { HttpError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import { findDatabase } from '../../resources/databases/repo.ts';
import type * as datasetRepo from '../../resources/datasets/repo.ts';
import { canAccessDatabase } from '../../security/dataAccess.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { rlsCacheKeyPart } from '../../security/rowLevelSecurity.ts';
import { sqlPolicyOf } from '../../security/sqlPolicy/index.ts';
import { tableUnderRowLevelSecurity } from '../../security/tablesUnderRowLevelSecurity.ts';
import type { DatasourceRef, LoadedDatasource } from './datasource.ts';
import { datasourceAccessError } from './errors.ts';
import { findQueryRow, findSavedQueryRow } from './repo.ts';

/**
 * The `query` and `saved_query` datasources of the chart data API (B §3): a SQL Lab run's or a saved
 * query's SQL charted as a virtual dataset is, a subquery through the same compiler and the same
 * parser checks (one read statement). Access as Superset's: a run only for its owner or an admin, a
 * saved query as seeing it (its owner or an admin, with can_read on SavedQuery); both with access to
 * the database now. Row-level security as SQL Lab's (RLS_IN_SQLLAB): with the flag on, SQL reading a
 * table whose dataset has rules for the caller is refused rather than run unfiltered.
 */

export const SQL_LAB_DATASOURCE_TYPES: ReadonlySet<string> = new Set(['query', 'saved_query']);

/** What the two kinds share once found: the SQL, where it runs and what it is called. */
interface SqlSource {
  id: number;
  name: string;
  database: DatabaseRow;
  catalog: string | null;
  schema: string | null;
  sql: string;
  templateParams: string | null;
  changedOn: string;
  /** Result columns SQL Lab recorded for the run; undefined when they must be read from the engine. */
  knownColumns?: { name: string; type: string | null; isDttm: boolean }[];
}

function numericId(id: number | string): number | null {
  if (typeof id === 'number') return id;
  return /^\d+$/.test(id) ? Number(id) : null;
}

/** The database of a source, when the caller may read it now (403 otherwise, naming nothing). */
async function readableDatabase(ctx: AppContext, principal: Principal, id: number): Promise<DatabaseRow> {
  const database = await findDatabase(ctx.metastore.db, id);
  if (!database) throw new NotFoundError();
  if (!canAccessDatabase(principal, database)) throw datasourceAccessError();
  return database;
}

async function sqlLabRun(ctx: AppContext, principal: Principal, id: number): Promise<SqlSource> {
  const row = await findQueryRow(ctx.metastore.db, id);
  if (!row) throw new NotFoundError();
  if (row.user_id !== principal.id && !principal.isAdmin) {
    throw new HttpError(403, {
      errors: [
        {
          message:
            'You are not authorized to see this query. If you think this is an error, please reach out to your administrator.',
          error_type: 'QUERY_SECURITY_ACCESS_ERROR',
          level: 'error',
          extra: {
            issue_codes: [{ code: 1017, message: "Issue 1017 - User doesn't have the proper permissions." }],
          },
        },
      ],
    });
  }
  const columns = recordedColumns(row.extra_json);
  return {
    id: row.id,
    name: row.tab_name || `query_${row.id}`,
    database: await readableDatabase(ctx, principal, row.database_id),
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    templateParams: row.template_params,
    changedOn: row.changed_on,
    knownColumns: columns?.map((column) => ({
      name: column.column_name,
      type: column.type,
      isDttm: column.is_dttm,
    })),
  };
}

async function savedQuery(ctx: AppContext, principal: Principal, id: number): Promise<SqlSource> {
  if (!hasPermission(principal, 'can_read', 'SavedQuery')) throw datasourceAccessError();
  const row = await findSavedQueryRow(ctx.metastore.db, id);
  // Another user's saved query is not there for the caller, as the saved query API answers it.
  if (!row || (row.user_id !== principal.id && !principal.isAdmin)) throw new NotFoundError();
  return {
    id: row.id,
    name: row.label,
    database: await readableDatabase(ctx, principal, row.db_id),
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    templateParams: row.template_parameters,
    changedOn: row.changed_on,
  };
}

/** The SQL with its template parameters filled in, as the compiler renders it. */
function renderedSql(source: SqlSource): string {
  let params: unknown = {};
  try {
    params = source.templateParams?.trim() ? JSON.parse(source.templateParams) : {};
  } catch {
    throw new QueryValidationError("The query's template parameters are not valid JSON", 'datasource');
  }
  try {
    return renderSqlTemplate(
      source.sql,
      typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {},
    );
  } catch (error) {
    if (error instanceof MissingTemplateParamsError)
      throw new QueryValidationError(error.message, 'datasource');
    throw error;
  }
}

/** SQL Lab's RLS_IN_SQLLAB rule: a read of a table whose dataset has rules for the caller is refused. */
async function checkRowLevelSecurity(
  ctx: AppContext,
  principal: Principal,
  source: SqlSource,
  tables: readonly TableReference[],
): Promise<void> {
  if (ctx.config.featureFlags.RLS_IN_SQLLAB !== true) return;
  const db = ctx.metastore.db;
  const table = await tableUnderRowLevelSecurity(db, principal, source.database.id, tables, source.schema);
  if (!table) return;
  throw new HttpError(403, {
    errors: [
      {
        message: `Row-level security rules apply to you on "${table.table}", so this query cannot be charted. Explore the table's dataset instead.`,
        error_type: 'TABLE_SECURITY_ACCESS_ERROR',
        level: 'error',
        extra: {},
      },
    ],
  });
}

function columnRow(
  source: SqlSource,
  column: { name: string; type: string | null; isDttm: boolean },
  index: number,
): datasetRepo.ColumnRow {
  return {
    id: index + 1,
    uuid: '',
    dataset_id: source.id,
    column_name: column.name,
    verbose_name: null,
    verbose_name_ru: null,
    type: column.type,
    type_generic: null,
    expression: null,
    description: null,
    description_ru: null,
    is_dttm: column.isDttm ? 1 : 0,
    groupby: 1,
    filterable: 1,
    is_active: 1,
    python_date_format: null,
    advanced_data_type: null,
    is_certified: 0,
    certified_by: null,
    warning_text: null,
    extra: '{}',
    // A query's columns are never a table's partition keys.
    is_partition_key: 0,
    created_on: source.changedOn,
    changed_on: source.changedOn,
  };
}

/** The columns the SQL answers: SQL Lab's record of the run, else the engine's for no rows. */
async function resultColumns(
  source: SqlSource,
  statement: string,
  connection: LoadedDatasource['connection'],
  dialect: SqlDialect,
): Promise<{ name: string; type: string | null; isDttm: boolean }[]> {
  if (source.knownColumns && source.knownColumns.length > 0) return source.knownColumns;
  // The statement passed the parser as one read; the probe reads none of its rows.
  const probe = `SELECT * FROM (\n${statement}\n) AS virtual_table\n${dialect.limitClause(0)}`;
  const result = await connection.execute(probe);
  return result.columns.map((column) => ({
    name: column.name,
    type: column.type || null,
    isDttm: column.type ? dialect.genericType(column.type) === 'TEMPORAL' : false,
  }));
}

/** The datasource row the flow keys and names results by: the query's, under its own type. */
function datasetRowOf(source: SqlSource): datasetRepo.DatasetRow {
  return {
    id: source.id,
    uuid: '',
    database_id: source.database.id,
    catalog: source.catalog,
    schema: source.schema,
    table_name: source.name,
    sql: source.sql,
    description: null,
    description_ru: null,
    main_dttm_col: null,
    cache_timeout: null,
    template_params: source.templateParams,
    extra: '{}',
    offset: 0,
    default_endpoint: null,
    filter_select_enabled: 0,
    fetch_values_predicate: null,
    normalize_columns: 0,
    always_filter_main_dttm: 0,
    is_sqllab_view: 0,
    certified_by: null,
    certification_details: null,
    created_on: source.changedOn,
    changed_on: source.changedOn,
    created_by_fk: null,
    changed_by_fk: null,
  };
}

/** A `query` or `saved_query` datasource when the caller may chart it: 404, 403 or 400 otherwise. */
export async function loadSqlLabDatasource(
  ctx: AppContext,
  principal: Principal,
  datasource: DatasourceRef,
): Promise<LoadedDatasource> {
  const id = numericId(datasource.id);
  if (id === null) throw new NotFoundError();
  const source =
    datasource.type === 'query' ? await sqlLabRun(ctx, principal, id) : await savedQuery(ctx, principal, id);
  const { connection, dialect } = openDatabaseSource(ctx, source.database);
  const sqlPolicy = sqlPolicyOf(ctx, dialect.engine);
  // As a virtual dataset's: exactly one read, by the engine's parser (a CustomSqlError answers 400).
  const summary = await sqlPolicy.checkQuery(renderedSql(source).trim(), 'sql', { allowedTables: null });
  await checkRowLevelSecurity(ctx, principal, source, summary.tables);
  const columns = (await resultColumns(source, summary.sql, connection, dialect)).map((column, index) =>
    columnRow(source, column, index),
  );
  return {
    dataset: datasetRowOf(source),
    datasourceType: datasource.type === 'query' ? 'query' : 'saved_query',
    database: source.database,
    columns,
    compilerDataset: {
      table_name: source.name,
      catalog: source.catalog,
      schema: source.schema,
      sql: source.sql,
      template_params: source.templateParams,
      fetch_values_predicate: null,
      columns: columns.map((column) => ({
        column_name: column.column_name,
        expression: null,
        is_dttm: Boolean(column.is_dttm),
      })),
      metrics: [],
    },
    dialect,
    connection,
    sqlPolicy,
    rlsClauses: [],
    rlsKey: rlsCacheKeyPart([]),
    name: source.name,
  };
}
