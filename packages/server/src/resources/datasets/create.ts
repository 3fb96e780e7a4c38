import { randomUUID } from 'node:crypto';
import type { Dataset, DatasetCreateRequest } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { DatabaseRow, MetastoreSchema } from '../../platform/metastore/schema.ts';
import { accessibleDatabaseIds, ensureDatasetPermission } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { databaseOf, visibleDataset } from './access.ts';
import { type FieldErrors, tableLabel, throwIfAny, trimOrNull } from './fields.ts';
import { showDataset } from './reads.ts';
import * as repo from './repo.ts';
import { openSource, physicalColumns, queryColumns, type SourceColumn } from './source.ts';

type Db = Kysely<MetastoreSchema>;

/** Create use cases of the datasets API: create, get-or-create and duplicate. */

/** Superset's owner rule: the listed users, plus the caller unless they are an admin or listed. */
export async function ownerIds(
  db: Db,
  principal: Principal,
  requested: number[] | undefined,
  defaultToCaller: boolean,
): Promise<{ ids: number[]; errors: FieldErrors }> {
  if (requested === undefined || (requested.length === 0 && defaultToCaller)) {
    return { ids: defaultToCaller ? [principal.id] : [], errors: {} };
  }
  const unknown = await repo.unknownUserIds(db, requested);
  if (unknown.length > 0) return { ids: [], errors: { owners: ['Owners are invalid'] } };
  const ids = [...new Set(requested)];
  if (!principal.isAdmin && !ids.includes(principal.id)) ids.push(principal.id);
  return { ids, errors: {} };
}

/** The database a dataset is created on: it must exist and be visible to the caller. */
async function usableDatabase(
  db: Db,
  principal: Principal,
  id: number | undefined,
): Promise<DatabaseRow | null> {
  if (id === undefined) return null;
  const database = await databaseOf(db, id);
  if (!database) return null;
  const visible = await accessibleDatabaseIds(db, principal);
  return visible === null || visible.includes(database.id) ? database : null;
}

export function columnRowsFrom(datasetId: number, columns: SourceColumn[], now: string): repo.NewColumnRow[] {
  return columns.map((column) => ({
    uuid: randomUUID(),
    dataset_id: datasetId,
    column_name: column.name,
    type: column.type || null,
    type_generic: column.typeGeneric === null ? null : String(column.typeGeneric),
    is_dttm: column.isDttm ? 1 : 0,
    groupby: 1,
    filterable: 1,
    is_active: 1,
    is_certified: 0,
    extra: '{}',
    is_partition_key: column.partitionKey ? 1 : 0,
    created_on: now,
    changed_on: now,
  }));
}

/** The `count` metric Superset adds to every new dataset. */
function countMetric(datasetId: number, now: string): repo.NewMetricRow {
  return {
    uuid: randomUUID(),
    dataset_id: datasetId,
    metric_name: 'count',
    verbose_name: 'COUNT(*)',
    metric_type: 'count',
    expression: 'COUNT(*)',
    extra: '{}',
    created_on: now,
    changed_on: now,
  };
}

export interface CreateInput extends DatasetCreateRequest {}

/** The engine's columns, those the request sent as temporal (SQL Lab's results know) marked so. */
function withTemporalHints<T extends { name: string; isDttm: boolean }>(
  columns: T[],
  sent: NonNullable<DatasetCreateRequest['columns']>,
): T[] {
  const temporal = new Set(
    sent.filter((column) => column.is_dttm === true).map((column) => column.column_name ?? column.name),
  );
  return columns.map((column) => (temporal.has(column.name) ? { ...column, isDttm: true } : column));
}

/**
 * Creates a physical dataset (columns introspected from the table) or a virtual one (columns from
 * running its query for one row). A table that does not exist or a query that fails is refused with the
 * database's error, before anything is written; the dataset, its columns, the `count` metric, its owners
 * and its datasource_access pair are then written in one transaction.
 */
export async function createDataset(
  ctx: AppContext,
  principal: Principal,
  input: CreateInput,
): Promise<Dataset> {
  const db = ctx.metastore.db;
  const tableName = trimOrNull(input.table_name);
  const schema = trimOrNull(input.schema);
  const catalog = trimOrNull(input.catalog);
  const query = trimOrNull(input.sql);
  const errors: FieldErrors = {};
  const database = await usableDatabase(db, principal, input.database);
  if (!database) errors.database = ['Database does not exist'];
  if (!tableName) errors.table_name = ['Missing data for required field.'];
  else if (tableName.length > 250) errors.table_name = ['Longer than maximum length 250.'];
  if (database && tableName) {
    const duplicate = await repo.findDuplicate(db, { databaseId: database.id, catalog, schema, tableName });
    if (duplicate) errors.table = [`Dataset ${tableLabel(schema, tableName)} already exists`];
  }
  const owners = await ownerIds(db, principal, input.owners, true);
  Object.assign(errors, owners.errors);
  throwIfAny(errors);

  const source = openSource(ctx, database!);
  const columns = withTemporalHints(
    query
      ? await queryColumns(source, query, input.template_params ?? null)
      : await physicalColumns(source, { catalog, schema, table: tableName! }),
    input.columns ?? [],
  );

  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const datasetId = await repo.insertDataset(trx, {
      uuid: randomUUID(),
      database_id: database!.id,
      catalog,
      schema,
      table_name: tableName!,
      sql: query,
      main_dttm_col: columns.find((column) => column.isDttm)?.name ?? null,
      template_params: input.template_params ?? null,
      extra: '{}',
      offset: 0,
      filter_select_enabled: 1,
      normalize_columns: input.normalize_columns ? 1 : 0,
      always_filter_main_dttm: input.always_filter_main_dttm ? 1 : 0,
      is_sqllab_view: 0,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    await repo.insertColumns(trx, columnRowsFrom(datasetId, columns, now));
    await repo.insertMetrics(trx, [countMetric(datasetId, now)]);
    await repo.replaceOwners(trx, datasetId, owners.ids);
    await ensureDatasetPermission(
      trx,
      { id: datasetId, table_name: tableName!, catalog, schema, database_id: database!.id },
      database!.database_name,
    );
    return datasetId;
  });
  return showDataset(db, (await repo.findDatasetRow(db, id))!);
}

/** `POST /get_or_create/`: the dataset over the table, created when there is none. */
export async function getOrCreateDataset(
  ctx: AppContext,
  principal: Principal,
  input: {
    database_id: number;
    table_name: string;
    schema?: string | null;
    catalog?: string | null;
    template_params?: string | null;
    normalize_columns?: boolean;
    always_filter_main_dttm?: boolean;
  },
): Promise<number> {
  const existing = await repo.findDuplicate(ctx.metastore.db, {
    databaseId: input.database_id,
    catalog: trimOrNull(input.catalog),
    schema: trimOrNull(input.schema),
    tableName: input.table_name.trim(),
  });
  if (existing) return existing.id;
  const created = await createDataset(ctx, principal, {
    database: input.database_id,
    table_name: input.table_name,
    schema: input.schema ?? null,
    catalog: input.catalog ?? null,
    template_params: input.template_params ?? null,
    normalize_columns: input.normalize_columns,
    always_filter_main_dttm: input.always_filter_main_dttm,
  });
  return created.id;
}

/** `POST /duplicate`: a copy of a virtual dataset (SQL, columns, metrics) under a new name, owned by the caller. */
export async function duplicateDataset(
  ctx: AppContext,
  principal: Principal,
  input: { base_model_id: number; table_name: string },
): Promise<Dataset> {
  const db = ctx.metastore.db;
  const base = await visibleDataset(db, principal, input.base_model_id);
  const tableName = trimOrNull(input.table_name);
  const errors: FieldErrors = {};
  if (!base.sql) errors.datasource_type = ['Datasource type is invalid'];
  if (!tableName) errors.table_name = ['Missing data for required field.'];
  else if (
    await repo.findDuplicate(db, {
      databaseId: base.database_id,
      catalog: base.catalog,
      schema: base.schema,
      tableName,
    })
  ) {
    errors.table_name = [`Dataset ${tableLabel(base.schema, tableName)} already exists`];
  }
  throwIfAny(errors);
  const database = (await databaseOf(db, base.database_id))!;
  const columns = await repo.columnsOf(db, base.id);
  const metrics = await repo.metricsOf(db, base.id);
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const { id: _id, uuid: _uuid, ...copy } = base;
    const datasetId = await repo.insertDataset(trx, {
      ...copy,
      uuid: randomUUID(),
      table_name: tableName!,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    await repo.insertColumns(
      trx,
      columns.map(({ id: _c, uuid: _u, ...column }) => ({
        ...column,
        uuid: randomUUID(),
        dataset_id: datasetId,
        created_on: now,
        changed_on: now,
      })),
    );
    await repo.insertMetrics(
      trx,
      metrics.map(({ id: _m, uuid: _u, ...metric }) => ({
        ...metric,
        uuid: randomUUID(),
        dataset_id: datasetId,
        created_on: now,
        changed_on: now,
      })),
    );
    await repo.replaceOwners(trx, datasetId, [principal.id]);
    await ensureDatasetPermission(
      trx,
      { id: datasetId, table_name: tableName!, catalog: base.catalog, schema: base.schema },
      database.database_name,
    );
    return datasetId;
  });
  return showDataset(db, (await repo.findDatasetRow(db, id))!);
}
