import { randomUUID } from 'node:crypto';
import type { Dataset, DatasetColumnInput, DatasetMetricInput, DatasetUpdateRequest } from '@vitrina/common';
import type { Kysely, Updateable } from 'kysely';
import { dialectOfDatabase } from '../../connections/databaseSource.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { DatasetsTable, MetastoreSchema } from '../../platform/metastore/schema.ts';
import { ensureDatasetPermission } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { databaseOf, editableDataset } from './access.ts';
import { columnChanges, metricChanges, splitExtra } from './changes.ts';
import { ownerIds } from './create.ts';
import { type FieldErrors, tableLabel, throwIfAny, trimOrNull } from './fields.ts';
import { showDataset } from './reads.ts';
import { refreshColumns, sourceColumns } from './refresh.ts';
import * as repo from './repo.ts';
import { renderDatasetSql } from './source.ts';
import { datasetSqlErrors } from './sqlChecks.ts';

type Db = Kysely<MetastoreSchema>;

/** The update use case of the datasets API: `PUT /{id}` with its column and metric sync. */

function jsonObjectText(value: string | null | undefined, field: string, errors: FieldErrors): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return value;
  } catch {
    // reported below
  }
  errors[field] = ['Field cannot be decoded by JSON.'];
  return null;
}

function duplicates(names: string[]): boolean {
  return new Set(names).size !== names.length;
}

/** The final column set after a PUT's columns list, for the main_dttm_col check. */
interface FinalColumn {
  name: string;
  isDttm: boolean;
}

/**
 * `PUT /{id}`: the fields given change; `columns` / `metrics` lists replace the dataset's (items with an
 * id update, without one create, omitted ones are deleted); `override_columns` re-syncs the columns from
 * the source afterwards. Everything is validated first and written in one transaction.
 */
export async function updateDataset(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: DatasetUpdateRequest,
  overrideColumns: boolean,
): Promise<Dataset> {
  const db = ctx.metastore.db;
  const dataset = await editableDataset(db, principal, id);
  const database = (await databaseOf(db, dataset.database_id))!;
  const dialect = dialectOfDatabase(database);
  const errors: FieldErrors = {};

  if (input.database_id !== undefined && input.database_id !== dataset.database_id) {
    errors.database = ['Database not allowed to change'];
  }
  const tableName = input.table_name === undefined ? dataset.table_name : trimOrNull(input.table_name);
  const schema = input.schema === undefined ? dataset.schema : trimOrNull(input.schema);
  const catalog = input.catalog === undefined ? dataset.catalog : trimOrNull(input.catalog);
  const query = input.sql === undefined ? dataset.sql : trimOrNull(input.sql);
  if (!tableName) errors.table_name = ['Missing data for required field.'];
  else if (tableName.length > 250) errors.table_name = ['Longer than maximum length 250.'];
  else if (
    (tableName !== dataset.table_name || schema !== dataset.schema || catalog !== dataset.catalog) &&
    (await repo.findDuplicate(
      db,
      { databaseId: dataset.database_id, catalog, schema, tableName },
      dataset.id,
    ))
  ) {
    errors.table = [`Dataset ${tableLabel(schema, tableName)} already exists`];
  }
  const extra = jsonObjectText(input.extra, 'extra', errors);
  jsonObjectText(input.template_params, 'template_params', errors);
  if (input.cache_timeout !== undefined && input.cache_timeout !== null && input.cache_timeout < -1) {
    errors.cache_timeout = ['Must be greater than or equal to -1.'];
  }
  const owners = input.owners === undefined ? undefined : await ownerIds(db, principal, input.owners, false);
  if (owners) Object.assign(errors, owners.errors);

  const existingColumns = await repo.columnsOf(db, dataset.id);
  const existingMetrics = await repo.metricsOf(db, dataset.id);
  let finalColumns: FinalColumn[] = existingColumns.map((c) => ({
    name: c.column_name,
    isDttm: c.is_dttm === 1,
  }));
  if (input.columns) {
    const names = input.columns.map((column) => column.column_name?.trim() ?? '');
    if (names.some((name) => name === '')) errors.columns = ['Column name is required'];
    else if (duplicates(names)) errors.columns = ['One or more columns are duplicated'];
    const known = new Map(existingColumns.map((column) => [column.id, column]));
    if (input.columns.some((column) => column.id !== undefined && !known.has(column.id))) {
      errors.columns = ['One or more columns do not exist'];
    }
    finalColumns = input.columns.map((column) => ({
      name: column.column_name?.trim() ?? '',
      isDttm: column.is_dttm ?? (column.id !== undefined ? known.get(column.id)?.is_dttm === 1 : false),
    }));
  }
  if (input.metrics) {
    const names = input.metrics.map((metric) => metric.metric_name?.trim() ?? '');
    if (names.some((name) => name === '')) errors.metrics = ['Metric name is required'];
    else if (duplicates(names)) errors.metrics = ['One or more metrics are duplicated'];
    const known = new Set(existingMetrics.map((metric) => metric.id));
    if (input.metrics.some((metric) => metric.id !== undefined && !known.has(metric.id))) {
      errors.metrics = ['One or more metrics do not exist'];
    }
    if (input.metrics.some((metric) => !metric.expression?.trim())) {
      errors.metrics = [...(errors.metrics ?? []), 'Metric expression is required'];
    }
  }
  let mainDttmCol =
    input.main_dttm_col === undefined ? dataset.main_dttm_col : trimOrNull(input.main_dttm_col);
  if (input.main_dttm_col !== undefined && mainDttmCol !== null) {
    if (!finalColumns.some((column) => column.name === mainDttmCol && column.isDttm)) {
      errors.main_dttm_col = [`Column "${mainDttmCol}" is not a temporal column of the dataset`];
    }
  } else if (mainDttmCol !== null && !finalColumns.some((column) => column.name === mainDttmCol)) {
    // The main time column was removed with the columns list: fall back to the first temporal one.
    mainDttmCol = finalColumns.find((column) => column.isDttm)?.name ?? null;
  }
  if (dialect) {
    const templateParams =
      input.template_params === undefined ? dataset.template_params : trimOrNull(input.template_params);
    const sqlErrors = await datasetSqlErrors(ctx, dialect.engine, {
      query:
        query && input.sql !== undefined && !errors.template_params
          ? renderDatasetSql(query, templateParams)
          : null,
      ...(input.columns && {
        columns: input.columns.map((column) => ({
          column_name: column.column_name ?? '',
          expression: column.expression ?? null,
        })),
      }),
      ...(input.metrics && {
        metrics: input.metrics.map((metric) => ({
          metric_name: metric.metric_name ?? '',
          expression: metric.expression ?? '',
        })),
      }),
      ...(input.fetch_values_predicate !== undefined && {
        fetchValuesPredicate: input.fetch_values_predicate,
      }),
    });
    for (const [field, messages] of Object.entries(sqlErrors))
      errors[field] = [...(errors[field] ?? []), ...messages];
  }
  throwIfAny(errors);

  // Introspect before writing: a failing source leaves the dataset as it was.
  const refreshed = overrideColumns
    ? await sourceColumns(ctx, database, {
        catalog,
        schema,
        tableName: tableName!,
        query,
        templateParams:
          input.template_params === undefined ? dataset.template_params : trimOrNull(input.template_params),
      })
    : undefined;

  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const changes: Updateable<DatasetsTable> = {
      table_name: tableName!,
      schema,
      catalog,
      sql: query,
      main_dttm_col: mainDttmCol,
      changed_on: now,
      changed_by_fk: principal.id,
    };
    const assign = <K extends keyof Updateable<DatasetsTable>>(
      key: K,
      value: Updateable<DatasetsTable>[K] | undefined,
    ) => {
      if (value !== undefined) changes[key] = value;
    };
    const bool = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
    assign('description', input.description);
    assign('description_ru', input.description_ru);
    assign('cache_timeout', input.cache_timeout);
    assign(
      'template_params',
      input.template_params === undefined ? undefined : trimOrNull(input.template_params),
    );
    assign('offset', input.offset);
    assign('default_endpoint', input.default_endpoint);
    assign('filter_select_enabled', bool(input.filter_select_enabled));
    assign('fetch_values_predicate', input.fetch_values_predicate);
    assign('normalize_columns', bool(input.normalize_columns));
    assign('always_filter_main_dttm', bool(input.always_filter_main_dttm));
    assign('is_sqllab_view', bool(input.is_sqllab_view));
    if (input.extra !== undefined) {
      const split = splitExtra(extra ?? '{}', true);
      assign('extra', split.extra);
      assign('certified_by', split.certifiedBy);
      assign('certification_details', split.details);
    }
    assign('certified_by', input.certified_by);
    assign('certification_details', input.certification_details);
    await repo.updateDatasetRow(trx, dataset.id, changes);
    if (owners) await repo.replaceOwners(trx, dataset.id, owners.ids);
    if (input.columns) await syncColumns(trx, dataset.id, existingColumns, input.columns, dialect, now);
    if (input.metrics) await syncMetrics(trx, dataset.id, existingMetrics, input.metrics, now);
    const sourceChanged =
      tableName !== dataset.table_name ||
      schema !== dataset.schema ||
      catalog !== dataset.catalog ||
      query !== dataset.sql;
    // Partition keys were the old source's; a refresh marks the new one's.
    if (sourceChanged) await repo.clearPartitionKeys(trx, dataset.id);
    if (refreshed) await refreshColumns(trx, dataset.id, refreshed, now);
    if (tableName !== dataset.table_name || schema !== dataset.schema || catalog !== dataset.catalog) {
      await ensureDatasetPermission(
        trx,
        { id: dataset.id, table_name: tableName!, catalog, schema },
        database.database_name,
      );
    }
  });
  return showDataset(db, (await repo.findDatasetRow(db, dataset.id))!);
}

async function syncColumns(
  trx: Db,
  datasetId: number,
  existing: repo.ColumnRow[],
  items: DatasetColumnInput[],
  dialect: ReturnType<typeof dialectOfDatabase>,
  now: string,
): Promise<void> {
  const kept = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const removed = existing.filter((column) => !kept.has(column.id)).map((column) => column.id);
  await repo.deleteParts(trx, 'dataset_columns', removed);
  // Names move between rows (a rename next to a new column of the old name): park them first.
  for (const item of items) {
    if (item.id !== undefined) {
      await repo.updateColumn(trx, item.id, { column_name: `__vitrina_renaming_${item.id}` });
    }
  }
  const names = new Map(existing.map((column) => [column.id, column.column_name]));
  for (const item of items) {
    const changes = { ...columnChanges(item, dialect), changed_on: now };
    if (item.id !== undefined) {
      // A renamed column is no longer the table's column the driver marked as a partition key.
      const renamed = names.get(item.id) !== item.column_name.trim();
      await repo.updateColumn(trx, item.id, renamed ? { ...changes, is_partition_key: 0 } : changes);
    } else {
      await repo.insertColumns(trx, [
        {
          uuid: randomUUID(),
          dataset_id: datasetId,
          column_name: item.column_name.trim(),
          is_dttm: 0,
          groupby: 1,
          filterable: 1,
          is_active: 1,
          is_certified: 0,
          extra: '{}',
          created_on: now,
          ...changes,
          changed_on: now,
        },
      ]);
    }
  }
}

async function syncMetrics(
  trx: Db,
  datasetId: number,
  existing: repo.MetricRow[],
  items: DatasetMetricInput[],
  now: string,
): Promise<void> {
  const kept = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const removed = existing.filter((metric) => !kept.has(metric.id)).map((metric) => metric.id);
  await repo.deleteParts(trx, 'dataset_metrics', removed);
  for (const item of items) {
    if (item.id !== undefined) {
      await repo.updateMetric(trx, item.id, { metric_name: `__vitrina_renaming_${item.id}` });
    }
  }
  for (const item of items) {
    const changes = { ...metricChanges(item), changed_on: now };
    if (item.id !== undefined) {
      await repo.updateMetric(trx, item.id, changes);
    } else {
      await repo.insertMetrics(trx, [
        {
          uuid: randomUUID(),
          dataset_id: datasetId,
          metric_name: item.metric_name.trim(),
          expression: (item.expression ?? '').trim(),
          extra: '{}',
          created_on: now,
          ...changes,
          changed_on: now,
        },
      ]);
    }
  }
}
