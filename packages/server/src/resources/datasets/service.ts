import { randomUUID } from 'node:crypto';
import type {
  Dataset,
  DatasetColumnInput,
  DatasetCreateRequest,
  DatasetMetricInput,
  DatasetRelatedObjects,
  DatasetUpdateRequest,
  ListQuery,
} from '@vitrina/common';
import { type Expression, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type {
  DatabaseRow,
  DatasetColumnsTable,
  DatasetMetricsTable,
  DatasetsTable,
  MetastoreSchema,
} from '../../platform/metastore/schema.ts';
import {
  accessibleDatabaseIds,
  canAccessDataset,
  datasetAccessCondition,
  datasetAccessFilter,
  ensureDatasetPermission,
  removeDatasetPermission,
} from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { presentDataset } from './presenter.ts';
import * as repo from './repo.ts';
import {
  dialectOfDatabase,
  genericTypeOf,
  openSource,
  physicalColumns,
  queryColumns,
  type SourceColumn,
  singleStatement,
} from './source.ts';

type Db = Kysely<MetastoreSchema>;
type FieldErrors = Record<string, string[]>;

/** Use cases of the datasets API; every one checks what the caller may see and change. */

// ---- visibility and ownership ---------------------------------------------------------------------

/**
 * The datasets the caller may see: data access (dataset, schema, catalog, database or all_*) as
 * dataAccess.ts grants it, and the datasets they own.
 */
export async function visibleCondition(db: Db, principal: Principal): Promise<Expression<SqlBool>> {
  const filter = await datasetAccessFilter(db, principal);
  if (filter === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${datasetAccessCondition(filter, 'ds')} or ds.id in (select o.dataset_id from dataset_owners o where o.user_id = ${principal.id}))`;
}

async function databaseOf(db: Db, id: number): Promise<DatabaseRow | undefined> {
  return db.selectFrom('databases').selectAll().where('id', '=', id).executeTakeFirst();
}

async function canSee(db: Db, principal: Principal, dataset: repo.DatasetRow): Promise<boolean> {
  const database = await databaseOf(db, dataset.database_id);
  if (!database) return false;
  if (canAccessDataset(principal, dataset, database)) return true;
  return repo.isOwner(db, dataset.id, principal.id);
}

/** The dataset when the caller may see it; 404 otherwise (as Superset's base filter answers). */
export async function visibleDataset(db: Db, principal: Principal, id: number): Promise<repo.DatasetRow> {
  const dataset = await repo.findDatasetRow(db, id);
  if (!dataset || !(await canSee(db, principal, dataset))) throw new NotFoundError();
  return dataset;
}

/** Owners and admins change a dataset; anyone else who can see it gets 403, as Superset answers. */
async function editableDataset(db: Db, principal: Principal, id: number): Promise<repo.DatasetRow> {
  const dataset = await visibleDataset(db, principal, id);
  if (!principal.isAdmin && !(await repo.isOwner(db, dataset.id, principal.id))) throw new ForbiddenError();
  return dataset;
}

// ---- reads ------------------------------------------------------------------------------------------

export async function listDatasets(db: Db, principal: Principal, query: ListQuery): Promise<ListResult> {
  const visible = await visibleCondition(db, principal);
  return runList(db, repo.datasetsListBase(db, visible), repo.datasetsList, query);
}

export async function showDataset(db: Db, dataset: repo.DatasetRow): Promise<Dataset> {
  return presentDataset(await repo.loadDatasetRecord(db, dataset));
}

export async function getDataset(db: Db, principal: Principal, idOrUuid: string): Promise<Dataset> {
  const id = /^\d+$/.test(idOrUuid) ? Number(idOrUuid) : (await repo.findDatasetRowByUuid(db, idOrUuid))?.id;
  if (id === undefined) throw new NotFoundError();
  return showDataset(db, await visibleDataset(db, principal, id));
}

export async function relatedObjects(
  db: Db,
  principal: Principal,
  idOrUuid: string,
): Promise<DatasetRelatedObjects> {
  await getDataset(db, principal, idOrUuid);
  // Charts and dashboards do not exist yet: the relation is really empty.
  return { charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] } };
}

export async function distinctSchemas(
  db: Db,
  principal: Principal,
  args: { filter: string; page: number; pageSize: number },
): Promise<{ count: number; result: Array<{ text: string; value: string }> }> {
  const visible = await visibleCondition(db, principal);
  const { count, values } = await repo.distinctSchemas(db, visible, args.filter, args.page, args.pageSize);
  return { count, result: values.map((value) => ({ text: value, value })) };
}

export interface RelatedOption {
  value: number;
  text: string;
  extra?: Record<string, unknown>;
}

/** `GET /related/<field>`: the users (owners, changed_by, created_by) or databases a filter offers. */
export async function relatedOptions(
  db: Db,
  principal: Principal,
  field: string,
  args: { filter: string; page: number; pageSize: number; includeIds: number[] },
): Promise<{ count: number; result: RelatedOption[] }> {
  const pattern = `%${args.filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const escapeChar = sql.lit('\\');
  let options: RelatedOption[];
  if (field === 'database') {
    const ids = await accessibleDatabaseIds(db, principal);
    let query = db
      .selectFrom('databases')
      .select(['id', 'database_name'])
      .where(sql<SqlBool>`lower(database_name) like ${pattern} escape ${escapeChar}`);
    if (ids !== null) query = query.where('id', 'in', ids.length > 0 ? ids : [-1]);
    options = (await query.orderBy('database_name').execute()).map((row) => ({
      value: row.id,
      text: row.database_name,
    }));
  } else if (field === 'owners' || field === 'changed_by' || field === 'created_by') {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'active'])
      .where(
        sql<SqlBool>`lower(first_name || ' ' || last_name) like ${pattern} escape ${escapeChar} or lower(username) like ${pattern} escape ${escapeChar}`,
      )
      .orderBy('first_name')
      .orderBy('last_name')
      .execute();
    options = rows.map((row) => ({
      value: row.id,
      text: `${row.first_name} ${row.last_name}`.trim(),
      extra: { email: row.email, active: row.active === 1 },
    }));
  } else {
    throw new NotFoundError();
  }
  const included = options.filter((option) => args.includeIds.includes(option.value));
  const rest = options.filter((option) => !args.includeIds.includes(option.value));
  const page = rest.slice(args.page * args.pageSize, (args.page + 1) * args.pageSize);
  return { count: options.length, result: args.page === 0 ? [...included, ...page] : page };
}

// ---- create -----------------------------------------------------------------------------------------

const trimOrNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
}

function tableLabel(schema: string | null, table: string): string {
  return schema ? `${schema}.${table}` : table;
}

/** Superset's owner rule: the listed users, plus the caller unless they are an admin or listed. */
async function ownerIds(
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

function columnRowsFrom(datasetId: number, columns: SourceColumn[], now: string): repo.NewColumnRow[] {
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
  const columns = query
    ? await queryColumns(source, query, input.template_params ?? null)
    : await physicalColumns(source, { catalog, schema, table: tableName! });

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

// ---- update -----------------------------------------------------------------------------------------

type ColumnChanges = Updateable<DatasetColumnsTable>;
type MetricChanges = Updateable<DatasetMetricsTable>;

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

/** Certification and warning given in `extra` (Superset's place) or as fields (Vitrina's columns). */
function splitExtra(
  extraText: string | null | undefined,
  keepWarning = false,
): {
  extra: string | undefined;
  certifiedBy?: string | null;
  details?: string | null;
  warning?: string | null;
} {
  if (extraText === undefined) return { extra: undefined };
  const extra = repo.parseExtra(extraText);
  const result: ReturnType<typeof splitExtra> = { extra: '{}' };
  if ('certification' in extra) {
    const certification = extra.certification as { certified_by?: unknown; details?: unknown } | null;
    result.certifiedBy = typeof certification?.certified_by === 'string' ? certification.certified_by : null;
    result.details = typeof certification?.details === 'string' ? certification.details : null;
    delete extra.certification;
  }
  if ('warning_markdown' in extra && !keepWarning) {
    result.warning = typeof extra.warning_markdown === 'string' ? extra.warning_markdown : null;
    delete extra.warning_markdown;
  }
  result.extra = JSON.stringify(extra);
  return result;
}

function columnChanges(
  input: DatasetColumnInput,
  dialect: ReturnType<typeof dialectOfDatabase>,
): ColumnChanges {
  const changes: ColumnChanges = {};
  const set = <K extends keyof ColumnChanges>(key: K, value: ColumnChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  const bool = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  set('column_name', input.column_name.trim());
  set('verbose_name', input.verbose_name);
  set('verbose_name_ru', input.verbose_name_ru);
  if (input.type !== undefined) {
    set('type', input.type);
    const generic = genericTypeOf(dialect, input.type);
    set('type_generic', generic === null ? null : String(generic));
  }
  set('expression', input.expression === undefined ? undefined : trimOrNull(input.expression));
  set('description', input.description);
  set('description_ru', input.description_ru);
  set('is_dttm', bool(input.is_dttm));
  set('groupby', bool(input.groupby));
  set('filterable', bool(input.filterable));
  set('is_active', bool(input.is_active));
  set('python_date_format', input.python_date_format);
  set('advanced_data_type', input.advanced_data_type);
  set('is_certified', bool(input.is_certified));
  const split = splitExtra(input.extra);
  set('extra', split.extra);
  set('certified_by', input.certified_by !== undefined ? input.certified_by : split.certifiedBy);
  set('warning_text', input.warning_text !== undefined ? input.warning_text : split.warning);
  return changes;
}

function metricChanges(input: DatasetMetricInput): MetricChanges {
  const changes: MetricChanges = {};
  const set = <K extends keyof MetricChanges>(key: K, value: MetricChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  set('metric_name', input.metric_name.trim());
  set('expression', input.expression?.trim());
  set('verbose_name', input.verbose_name);
  set('verbose_name_ru', input.verbose_name_ru);
  set('metric_type', input.metric_type);
  set('d3format', input.d3format);
  if (input.currency !== undefined) {
    set(
      'currency',
      input.currency === null || input.currency === ''
        ? null
        : typeof input.currency === 'string'
          ? input.currency
          : JSON.stringify(input.currency),
    );
  }
  set('description', input.description);
  set('description_ru', input.description_ru);
  const split = splitExtra(input.extra);
  set('extra', split.extra);
  set('warning_text', input.warning_text !== undefined ? input.warning_text : split.warning);
  set('certified_by', input.certified_by !== undefined ? input.certified_by : split.certifiedBy);
  set(
    'certification_details',
    input.certification_details !== undefined ? input.certification_details : split.details,
  );
  return changes;
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
  if (query && input.sql !== undefined) {
    try {
      singleStatement(query);
    } catch (error) {
      if (error instanceof UnprocessableError)
        Object.assign(errors, { sql: ['Only single queries supported'] });
      else throw error;
    }
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
    await trx.updateTable('datasets').set(changes).where('id', '=', dataset.id).execute();
    if (owners) await repo.replaceOwners(trx, dataset.id, owners.ids);
    if (input.columns) await syncColumns(trx, dataset.id, existingColumns, input.columns, dialect, now);
    if (input.metrics) await syncMetrics(trx, dataset.id, existingMetrics, input.metrics, now);
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
  if (removed.length > 0) await trx.deleteFrom('dataset_columns').where('id', 'in', removed).execute();
  // Names move between rows (a rename next to a new column of the old name): park them first.
  for (const item of items) {
    if (item.id !== undefined) {
      await trx
        .updateTable('dataset_columns')
        .set({ column_name: `__vitrina_renaming_${item.id}` })
        .where('id', '=', item.id)
        .execute();
    }
  }
  for (const item of items) {
    const changes = { ...columnChanges(item, dialect), changed_on: now };
    if (item.id !== undefined) {
      await trx.updateTable('dataset_columns').set(changes).where('id', '=', item.id).execute();
    } else {
      await trx
        .insertInto('dataset_columns')
        .values({
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
        })
        .execute();
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
  if (removed.length > 0) await trx.deleteFrom('dataset_metrics').where('id', 'in', removed).execute();
  for (const item of items) {
    if (item.id !== undefined) {
      await trx
        .updateTable('dataset_metrics')
        .set({ metric_name: `__vitrina_renaming_${item.id}` })
        .where('id', '=', item.id)
        .execute();
    }
  }
  for (const item of items) {
    const changes = { ...metricChanges(item), changed_on: now };
    if (item.id !== undefined) {
      await trx.updateTable('dataset_metrics').set(changes).where('id', '=', item.id).execute();
    } else {
      await trx
        .insertInto('dataset_metrics')
        .values({
          uuid: randomUUID(),
          dataset_id: datasetId,
          metric_name: item.metric_name.trim(),
          expression: (item.expression ?? '').trim(),
          extra: '{}',
          created_on: now,
          ...changes,
          changed_on: now,
        })
        .execute();
    }
  }
}

// ---- refresh ----------------------------------------------------------------------------------------

async function sourceColumns(
  ctx: AppContext,
  database: DatabaseRow,
  ref: {
    catalog: string | null;
    schema: string | null;
    tableName: string;
    query: string | null;
    templateParams: string | null;
  },
): Promise<SourceColumn[]> {
  const source = openSource(ctx, database);
  return ref.query
    ? queryColumns(source, ref.query, ref.templateParams)
    : physicalColumns(source, { catalog: ref.catalog, schema: ref.schema, table: ref.tableName });
}

/**
 * Superset's fetch_metadata: columns new in the source are added, known ones get the source's type
 * (and are active again), columns gone from the source are removed; calculated columns (with an
 * expression) and metrics stay. A dataset without a main time column gets the first temporal one.
 */
async function refreshColumns(
  trx: Db,
  datasetId: number,
  columns: SourceColumn[],
  now: string,
): Promise<void> {
  const existing = await repo.columnsOf(trx, datasetId);
  const byName = new Map(existing.filter((c) => !c.expression).map((c) => [c.column_name, c]));
  const calculated = new Set(existing.filter((c) => c.expression).map((c) => c.column_name));
  const inSource = new Set(columns.map((c) => c.name));
  const gone = [...byName.values()].filter((c) => !inSource.has(c.column_name)).map((c) => c.id);
  if (gone.length > 0) await trx.deleteFrom('dataset_columns').where('id', 'in', gone).execute();
  const added: SourceColumn[] = [];
  for (const column of columns) {
    const known = byName.get(column.name);
    if (known) {
      await trx
        .updateTable('dataset_columns')
        .set({
          type: column.type || null,
          type_generic: column.typeGeneric === null ? null : String(column.typeGeneric),
          is_active: 1,
          ...(known.type !== column.type && { is_dttm: column.isDttm ? 1 : 0 }),
          changed_on: now,
        })
        .where('id', '=', known.id)
        .execute();
    } else if (calculated.has(column.name)) {
      // A calculated column already holds the name; the source column does not replace it.
    } else {
      added.push(column);
    }
  }
  await repo.insertColumns(trx, columnRowsFrom(datasetId, added, now));
  const dataset = await trx
    .selectFrom('datasets')
    .select('main_dttm_col')
    .where('id', '=', datasetId)
    .executeTakeFirstOrThrow();
  const rows = await repo.columnsOf(trx, datasetId);
  if (!dataset.main_dttm_col || !rows.some((c) => c.column_name === dataset.main_dttm_col)) {
    const first = columns.find((c) => c.isDttm)?.name ?? null;
    await trx.updateTable('datasets').set({ main_dttm_col: first }).where('id', '=', datasetId).execute();
  }
}

/** `PUT /{id}/refresh`: re-syncs the columns from the source, in one transaction. */
export async function refreshDataset(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const db = ctx.metastore.db;
  const dataset = await editableDataset(db, principal, id);
  const database = (await databaseOf(db, dataset.database_id))!;
  const columns = await sourceColumns(ctx, database, {
    catalog: dataset.catalog,
    schema: dataset.schema,
    tableName: dataset.table_name,
    query: dataset.sql,
    templateParams: dataset.template_params,
  });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await refreshColumns(trx, dataset.id, columns, now);
    await trx
      .updateTable('datasets')
      .set({ changed_on: now, changed_by_fk: principal.id })
      .where('id', '=', dataset.id)
      .execute();
  });
}

/** Refreshes (or creates) the dataset over a table the upload just wrote; answers its id. */
export async function syncDatasetForTable(
  ctx: AppContext,
  principal: Principal,
  database: DatabaseRow,
  ref: { schema: string | null; tableName: string },
): Promise<number> {
  const db = ctx.metastore.db;
  const existing = await repo.findDuplicate(db, {
    databaseId: database.id,
    catalog: null,
    schema: ref.schema,
    tableName: ref.tableName,
  });
  if (!existing || existing.sql) {
    const created = await createDataset(ctx, principal, {
      database: database.id,
      table_name: ref.tableName,
      schema: ref.schema,
    });
    return created.id;
  }
  const columns = await sourceColumns(ctx, database, {
    catalog: null,
    schema: ref.schema,
    tableName: ref.tableName,
    query: null,
    templateParams: null,
  });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await refreshColumns(trx, existing.id, columns, now);
    await trx
      .updateTable('datasets')
      .set({ changed_on: now, changed_by_fk: principal.id })
      .where('id', '=', existing.id)
      .execute();
  });
  return existing.id;
}

// ---- delete -----------------------------------------------------------------------------------------

export async function deleteDatasets(db: Db, principal: Principal, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const id of unique) await editableDataset(db, principal, id);
  await db.transaction().execute(async (trx) => {
    for (const id of unique) await removeDatasetPermission(trx, id);
    await repo.deleteDatasets(trx, unique);
  });
}

export async function deleteColumn(
  db: Db,
  principal: Principal,
  id: number,
  columnId: number,
): Promise<void> {
  await editableDataset(db, principal, id);
  const column = await db
    .selectFrom('dataset_columns')
    .select('id')
    .where('id', '=', columnId)
    .where('dataset_id', '=', id)
    .executeTakeFirst();
  if (!column) throw new NotFoundError();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dataset_columns').where('id', '=', columnId).execute();
    await trx
      .updateTable('datasets')
      .set({ changed_on: nowIso(), changed_by_fk: principal.id })
      .where('id', '=', id)
      .execute();
  });
}

export async function deleteMetric(
  db: Db,
  principal: Principal,
  id: number,
  metricId: number,
): Promise<void> {
  await editableDataset(db, principal, id);
  const metric = await db
    .selectFrom('dataset_metrics')
    .select('id')
    .where('id', '=', metricId)
    .where('dataset_id', '=', id)
    .executeTakeFirst();
  if (!metric) throw new NotFoundError();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dataset_metrics').where('id', '=', metricId).execute();
    await trx
      .updateTable('datasets')
      .set({ changed_on: nowIso(), changed_by_fk: principal.id })
      .where('id', '=', id)
      .execute();
  });
}
