import type { TagRef, UserRef } from '@vitrina/common';
import {
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { humanizeSince } from '../../http/humanize.ts';
import { defineList } from '../../http/listEndpoint.ts';
import type {
  DatasetColumnsTable,
  DatasetMetricsTable,
  DatasetsTable,
  MetastoreSchema,
} from '../../platform/metastore/schema.ts';
import { backendOf } from '../databases/repo.ts';
import {
  removeTaggingsOf,
  tagListOperators,
  tagSearchColumn,
  tagsOf,
  tagsRelation,
} from '../tagging/repo.ts';

/** The datasets, dataset_columns, dataset_metrics and dataset_owners tables as the datasets API needs them. */

type Db = Kysely<MetastoreSchema>;
export type DatasetRow = Selectable<DatasetsTable>;
export type ColumnRow = Selectable<DatasetColumnsTable>;
export type MetricRow = Selectable<DatasetMetricsTable>;
export type NewDatasetRow = Insertable<DatasetsTable>;
export type NewColumnRow = Insertable<DatasetColumnsTable>;
export type NewMetricRow = Insertable<DatasetMetricsTable>;

const TEXT = ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new', 'in'] as const;

const fullName = (first: unknown, last: unknown): string =>
  [first, last].filter((part) => typeof part === 'string' && part !== '').join(' ');

/** `GET /api/v1/dataset/`: Superset's list columns, filters (incl. its custom ones) and orderings. */
export const datasetsList = defineList<MetastoreSchema>({
  title: 'List Sqla Table',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in', 'dataset_is_certified'], type: 'number' },
      uuid: { operators: ['eq'], type: 'text' },
      table_name: { operators: TEXT, type: 'text' },
      catalog: { operators: ['eq', 'ct'], type: 'text' },
      schema: { operators: TEXT, type: 'text' },
      database: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      owners: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
      created_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      changed_by: { operators: ['rel_o_m', 'nrel_o_m'], type: 'number' },
      // Superset's one filter on sql: physical (true: no SQL) or virtual (false).
      sql: { operators: ['dataset_is_null_or_empty'], type: 'boolean' },
      // As the tag filters of charts, dashboards and saved queries.
      tags: tagSearchColumn('dataset'),
    },
    orderColumns: [
      'id',
      'table_name',
      'catalog',
      'schema',
      'changed_on',
      'changed_on_delta_humanized',
      'changed_by.first_name',
      'database.database_name',
      'sql',
      'kind',
    ],
    listColumns: [
      'id',
      'uuid',
      'table_name',
      'catalog',
      'schema',
      'sql',
      'kind',
      'datasource_type',
      'description',
      'description_ru',
      'default_endpoint',
      'extra',
      'explore_url',
      'certified_by',
      'certification_details',
      'database.id',
      'database.database_name',
      'database.uuid',
      'owners.id',
      'owners.first_name',
      'owners.last_name',
      'changed_by.id',
      'changed_by.first_name',
      'changed_by.last_name',
      'changed_by_name',
      'changed_on',
      'changed_on_utc',
      'changed_on_delta_humanized',
      'tags.id',
      'tags.name',
      'tags.type',
    ],
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  },
  columns: {
    id: sql.ref('ds.id'),
    uuid: sql.ref('ds.uuid'),
    table_name: sql.ref('ds.table_name'),
    catalog: sql.ref('ds.catalog'),
    schema: sql.ref('ds.schema'),
    sql: sql.ref('ds.sql'),
    kind: sql`case when ds.sql is null or ds.sql = '' then 'physical' else 'virtual' end`,
    description: sql.ref('ds.description'),
    description_ru: sql.ref('ds.description_ru'),
    default_endpoint: sql.ref('ds.default_endpoint'),
    stored_extra: sql.ref('ds.extra'),
    certified_by: sql.ref('ds.certified_by'),
    certification_details: sql.ref('ds.certification_details'),
    database_id: sql.ref('ds.database_id'),
    database_uuid: sql.ref('db.uuid'),
    'database.database_name': sql.ref('db.database_name'),
    changed_by_id: sql.ref('ds.changed_by_fk'),
    'changed_by.first_name': sql.ref('cu.first_name'),
    changed_by_last_name: sql.ref('cu.last_name'),
    changed_on: sql.ref('ds.changed_on'),
    changed_on_delta_humanized: sql.ref('ds.changed_on'),
  },
  derived: {
    datasource_type: () => 'table',
    extra: (row) =>
      composeExtra(row.stored_extra as string | null, {
        certified_by: row.certified_by as string | null,
        details: row.certification_details as string | null,
      }),
    explore_url: (row) => exploreUrl(row.id as number, row.default_endpoint as string | null),
    database: (row) => ({
      id: row.database_id,
      database_name: row['database.database_name'],
      uuid: row.database_uuid,
    }),
    changed_by: (row) =>
      row.changed_by_id == null
        ? null
        : {
            id: row.changed_by_id,
            first_name: row['changed_by.first_name'],
            last_name: row.changed_by_last_name,
          },
    changed_by_name: (row) => fullName(row['changed_by.first_name'], row.changed_by_last_name),
    changed_on_utc: (row) => row.changed_on,
    changed_on_delta_humanized: (row) => humanizeSince(row.changed_on as string),
  },
  labels: {
    table_name: 'Table Name',
    'database.database_name': 'Database',
    changed_on_delta_humanized: 'Modified',
    changed_by_name: 'Changed By',
  },
  relations: {
    owners: (db, ids) => ownersByDataset(db, ids.map(Number)),
    tags: tagsRelation('dataset'),
  },
  relationFilters: {
    database: (ids) => sql<SqlBool>`ds.database_id in (${sql.join(ids)})`,
    owners: (ids) =>
      sql<SqlBool>`ds.id in (select o.dataset_id from dataset_owners o where o.user_id in (${sql.join(ids)}))`,
    created_by: (ids) => sql<SqlBool>`ds.created_by_fk in (${sql.join(ids)})`,
    changed_by: (ids) => sql<SqlBool>`ds.changed_by_fk in (${sql.join(ids)})`,
  },
  customOperators: {
    dataset_is_null_or_empty: (filter) =>
      filter.value
        ? sql<SqlBool>`(ds.sql is null or ds.sql = '')`
        : sql<SqlBool>`(ds.sql is not null and ds.sql <> '')`,
    // The route turns Superset's !t/!f into 1/0 (the id column is numeric).
    dataset_is_certified: (filter) =>
      filter.value === 1 || filter.value === true
        ? sql<SqlBool>`(ds.certified_by is not null and ds.certified_by <> '')`
        : sql<SqlBool>`(ds.certified_by is null or ds.certified_by = '')`,
    ...tagListOperators('dataset', 'dataset', sql.ref('ds.id')),
  },
});

/** The rows a list starts from, before the caller's visibility condition. */
export function datasetsListBase(db: Db, visible: Expression<SqlBool>) {
  return db
    .selectFrom('datasets as ds')
    .innerJoin('databases as db', 'db.id', 'ds.database_id')
    .leftJoin('users as cu', 'cu.id', 'ds.changed_by_fk')
    .where(visible);
}

export function exploreUrl(id: number, defaultEndpoint: string | null): string {
  return defaultEndpoint || `/explore/?datasource_type=table&datasource_id=${id}`;
}

/**
 * Superset keeps certification and warnings in `extra` JSON (`certification: {certified_by, details}`,
 * `warning_markdown`); Vitrina stores them in columns and answers them in both places.
 */
export function composeExtra(
  stored: string | null | undefined,
  certification: { certified_by: string | null; details?: string | null },
  warning?: string | null,
): string {
  const extra = parseExtra(stored);
  delete extra.certification;
  // Datasets have no warning column: their warning_markdown stays in the stored extra.
  if (warning !== undefined) delete extra.warning_markdown;
  if (certification.certified_by) {
    extra.certification = {
      certified_by: certification.certified_by,
      details: certification.details ?? null,
    };
  }
  if (warning) extra.warning_markdown = warning;
  return JSON.stringify(extra);
}

export function parseExtra(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {};
  } catch {
    return {};
  }
}

export async function ownersByDataset(
  db: Db,
  datasetIds: number[],
): Promise<Map<number | string, UserRef[]>> {
  const byDataset = new Map<number | string, UserRef[]>();
  if (datasetIds.length === 0) return byDataset;
  const rows = await db
    .selectFrom('dataset_owners as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.dataset_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.dataset_id', 'in', datasetIds)
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const owners = byDataset.get(row.dataset_id) ?? [];
    owners.push({ id: row.id, first_name: row.first_name, last_name: row.last_name });
    byDataset.set(row.dataset_id, owners);
  }
  return byDataset;
}

export interface DatasetRecord {
  dataset: DatasetRow;
  database: { id: number; database_name: string; backend: string; uuid: string; sqlalchemy_uri: string };
  columns: ColumnRow[];
  metrics: MetricRow[];
  owners: UserRef[];
  tags: TagRef[];
  createdBy: UserRef | null;
  changedBy: UserRef | null;
}

export async function findDatasetRow(db: Db, id: number): Promise<DatasetRow | undefined> {
  return db.selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDatasetRowByUuid(db: Db, uuid: string): Promise<DatasetRow | undefined> {
  return db.selectFrom('datasets').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

async function userRef(db: Db, id: number | null): Promise<UserRef | null> {
  if (id === null) return null;
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Everything the show endpoint answers about one dataset. */
export async function loadDatasetRecord(db: Db, dataset: DatasetRow): Promise<DatasetRecord> {
  const database = await db
    .selectFrom('databases')
    .select(['id', 'database_name', 'sqlalchemy_uri', 'uuid'])
    .where('id', '=', dataset.database_id)
    .executeTakeFirstOrThrow();
  const columns = await columnsOf(db, dataset.id);
  const metrics = await metricsOf(db, dataset.id);
  return {
    dataset,
    database: {
      id: database.id,
      database_name: database.database_name,
      backend: backendOf(database.sqlalchemy_uri),
      uuid: database.uuid,
      // Internal (dialect lookup); never answered: the presenter picks the fields it shows.
      sqlalchemy_uri: database.sqlalchemy_uri,
    },
    columns,
    metrics,
    owners: (await ownersByDataset(db, [dataset.id])).get(dataset.id) ?? [],
    tags: await tagsOf(db, 'dataset', dataset.id),
    createdBy: await userRef(db, dataset.created_by_fk),
    changedBy: await userRef(db, dataset.changed_by_fk),
  };
}

export function columnsOf(db: Db, datasetId: number): Promise<ColumnRow[]> {
  return db
    .selectFrom('dataset_columns')
    .selectAll()
    .where('dataset_id', '=', datasetId)
    .orderBy('id')
    .execute();
}

export function metricsOf(db: Db, datasetId: number): Promise<MetricRow[]> {
  return db
    .selectFrom('dataset_metrics')
    .selectAll()
    .where('dataset_id', '=', datasetId)
    .orderBy('id')
    .execute();
}

/** A dataset of the same database, catalog, schema and name, other than `exceptId`. */
export async function findDuplicate(
  db: Db,
  key: { databaseId: number; catalog: string | null; schema: string | null; tableName: string },
  exceptId?: number,
): Promise<DatasetRow | undefined> {
  let query = db
    .selectFrom('datasets')
    .selectAll()
    .where('database_id', '=', key.databaseId)
    .where('table_name', '=', key.tableName)
    .where(sql<SqlBool>`coalesce(catalog, '') = ${key.catalog ?? ''}`)
    .where(sql<SqlBool>`coalesce(schema, '') = ${key.schema ?? ''}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.orderBy('id').executeTakeFirst();
}

export async function insertDataset(db: Db, row: NewDatasetRow): Promise<number> {
  return (await db.insertInto('datasets').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function replaceOwners(db: Db, datasetId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('dataset_owners').where('dataset_id', '=', datasetId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    await db
      .insertInto('dataset_owners')
      .values(unique.map((userId) => ({ dataset_id: datasetId, user_id: userId })))
      .execute();
  }
}

export async function insertColumns(db: Db, rows: NewColumnRow[]): Promise<void> {
  // One statement per row keeps well under SQLite's bound-parameter limit for wide tables.
  for (const row of rows) await db.insertInto('dataset_columns').values(row).execute();
}

export async function insertMetrics(db: Db, rows: NewMetricRow[]): Promise<void> {
  for (const row of rows) await db.insertInto('dataset_metrics').values(row).execute();
}

/** The ids among `ids` that name no user. */
export async function unknownUserIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => row.id),
  );
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export async function isOwner(db: Db, datasetId: number, userId: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('dataset_owners')
      .select('user_id')
      .where('dataset_id', '=', datasetId)
      .where('user_id', '=', userId)
      .executeTakeFirst()) !== undefined
  );
}

/** Removes datasets with their columns, metrics, owners and tags; the caller runs this in a transaction. */
export async function deleteDatasets(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  await db.deleteFrom('dataset_columns').where('dataset_id', 'in', list).execute();
  await db.deleteFrom('dataset_metrics').where('dataset_id', 'in', list).execute();
  await db.deleteFrom('dataset_owners').where('dataset_id', 'in', list).execute();
  await removeTaggingsOf(db, 'dataset', list);
  await db.deleteFrom('datasets').where('id', 'in', list).execute();
}

export async function distinctSchemas(
  db: Db,
  visible: Expression<SqlBool>,
  filter: string,
  page: number,
  pageSize: number,
): Promise<{ count: number; values: string[] }> {
  const base = db
    .selectFrom('datasets as ds')
    .innerJoin('databases as db', 'db.id', 'ds.database_id')
    .leftJoin('users as cu', 'cu.id', 'ds.changed_by_fk')
    .where(visible)
    .where('ds.schema', 'is not', null)
    .where('ds.schema', '!=', '')
    .where(
      sql<SqlBool>`lower(ds.schema) like ${`%${filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape ${sql.lit('\\')}`,
    );
  // The page is cut in SQL: only it leaves the metastore, however many schemas there are.
  const distinct = base.select('ds.schema').distinct();
  const counted = await db
    .selectFrom(distinct.as('schemas'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await distinct
    .orderBy('ds.schema')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  return { count: Number(counted.n), values: rows.map((row) => row.schema!) };
}

/** A dataset's column or metric tables. */
type DatasetPart = 'dataset_columns' | 'dataset_metrics';

/** Whether the column or metric `partId` belongs to the dataset. */
export async function hasPart(
  db: Db,
  table: DatasetPart,
  datasetId: number,
  partId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', partId)
    .where('dataset_id', '=', datasetId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deletePart(db: Db, table: DatasetPart, partId: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', partId).execute();
}

/** Records who changed the dataset and when. */
export async function markChanged(db: Db, datasetId: number, userId: number, now: string): Promise<void> {
  await db
    .updateTable('datasets')
    .set({ changed_on: now, changed_by_fk: userId })
    .where('id', '=', datasetId)
    .execute();
}

/** The charts drawn from the dataset, by id. */
export function chartsOfDataset(db: Db, datasetId: number) {
  return db
    .selectFrom('slices')
    .select(['id', 'slice_name', 'viz_type'])
    .where('datasource_id', '=', datasetId)
    .where('datasource_type', 'in', ['table', 'dataset'])
    .orderBy('id')
    .execute();
}

/** The dashboards that hold any of the charts, each once, by id. */
export async function dashboardsOfCharts(db: Db, chartIds: readonly number[]) {
  if (chartIds.length === 0) return [];
  return db
    .selectFrom('dashboards as d')
    .innerJoin('dashboard_slices as ds', 'ds.dashboard_id', 'd.id')
    .select(['d.id', 'd.json_metadata', 'd.slug', 'd.dashboard_title as title'])
    .where('ds.slice_id', 'in', chartIds)
    .distinct()
    .orderBy('d.id')
    .execute();
}

/**
 * The databases whose lower-cased name matches the LIKE `pattern` (backslash escapes), among `ids`
 * when it is not null, by name.
 */
export function databasesNamedLike(db: Db, pattern: string, ids: readonly number[] | null) {
  let query = db
    .selectFrom('databases')
    .select(['id', 'database_name'])
    .where(sql<SqlBool>`lower(database_name) like ${pattern} escape ${sql.lit('\\')}`);
  if (ids !== null) query = query.where('id', 'in', ids.length > 0 ? ids : [-1]);
  return query.orderBy('database_name').execute();
}

/**
 * The users whose lower-cased full name (or, `byUsernameToo`, username) matches the LIKE `pattern`
 * (backslash escapes), by first and last name.
 */
export function usersNamedLike(db: Db, pattern: string, byUsernameToo: boolean) {
  const escapeChar = sql.lit('\\');
  const byName = sql<SqlBool>`lower(first_name || ' ' || last_name) like ${pattern} escape ${escapeChar}`;
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'active'])
    .where(
      byUsernameToo
        ? sql<SqlBool>`${byName} or lower(username) like ${pattern} escape ${escapeChar}`
        : byName,
    )
    .orderBy('first_name')
    .orderBy('last_name')
    .execute();
}

/** Deletes the dataset's columns or metrics with these ids (none: no statement). */
export async function deleteParts(db: Db, table: DatasetPart, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom(table)
      .where('id', 'in', [...ids])
      .execute();
}

export async function updateDatasetRow(
  db: Db,
  datasetId: number,
  changes: Updateable<DatasetsTable>,
): Promise<void> {
  await db.updateTable('datasets').set(changes).where('id', '=', datasetId).execute();
}

export async function updateColumn(
  db: Db,
  columnId: number,
  changes: Updateable<DatasetColumnsTable>,
): Promise<void> {
  await db.updateTable('dataset_columns').set(changes).where('id', '=', columnId).execute();
}

/** Forgets which columns are partition keys: the dataset no longer reads the table they were synced from. */
export async function clearPartitionKeys(db: Db, datasetId: number): Promise<void> {
  await db
    .updateTable('dataset_columns')
    .set({ is_partition_key: 0 })
    .where('dataset_id', '=', datasetId)
    .where('is_partition_key', '=', 1)
    .execute();
}

export async function updateMetric(
  db: Db,
  metricId: number,
  changes: Updateable<DatasetMetricsTable>,
): Promise<void> {
  await db.updateTable('dataset_metrics').set(changes).where('id', '=', metricId).execute();
}

/** The dataset's main time column (the dataset must exist). */
export async function mainTimeColumnOf(db: Db, datasetId: number): Promise<string | null> {
  const row = await db
    .selectFrom('datasets')
    .select('main_dttm_col')
    .where('id', '=', datasetId)
    .executeTakeFirstOrThrow();
  return row.main_dttm_col;
}
