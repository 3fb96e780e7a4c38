import {
  type CurrencyFormat,
  type Dataset,
  type DatasetColumn,
  type DatasetMetric,
  type GenericDataType,
  PARTITION_KEY_EXTRA,
} from '@vitrina/common';
import { TIME_GRAIN_NAMES } from '@vitrina/common/sql/timeGrains';
import { dialectOfDatabase } from '../../connections/databaseSource.ts';
import { humanizeSince } from '../../http/humanize.ts';
import {
  type ColumnRow,
  composeExtra,
  type DatasetRecord,
  exploreUrl,
  type MetricRow,
  parseExtra,
} from './repo.ts';

/** Metastore rows → the API's shapes (Superset's show payload with Vitrina's Russian variants). */

const flag = (value: number): boolean => value === 1;

/** The stored extra with certification and warning, and the partition key mark the server owns. */
function columnExtra(row: ColumnRow): string {
  const extra = parseExtra(composeExtra(row.extra, { certified_by: row.certified_by }, row.warning_text));
  delete extra[PARTITION_KEY_EXTRA];
  if (flag(row.is_partition_key)) extra[PARTITION_KEY_EXTRA] = true;
  return JSON.stringify(extra);
}

export function presentColumn(row: ColumnRow): DatasetColumn {
  const typeGeneric = row.type_generic === null || row.type_generic === '' ? null : Number(row.type_generic);
  return {
    id: row.id,
    uuid: row.uuid,
    column_name: row.column_name,
    verbose_name: row.verbose_name,
    verbose_name_ru: row.verbose_name_ru,
    type: row.type,
    type_generic: Number.isInteger(typeGeneric) ? (typeGeneric as GenericDataType) : null,
    expression: row.expression,
    description: row.description,
    description_ru: row.description_ru,
    is_dttm: flag(row.is_dttm),
    groupby: flag(row.groupby),
    filterable: flag(row.filterable),
    is_active: flag(row.is_active),
    python_date_format: row.python_date_format,
    advanced_data_type: row.advanced_data_type,
    is_certified: flag(row.is_certified) || Boolean(row.certified_by),
    certified_by: row.certified_by,
    warning_text: row.warning_text,
    extra: columnExtra(row),
    created_on: row.created_on,
    changed_on: row.changed_on,
  };
}

export function parseCurrency(text: string | null): CurrencyFormat | null {
  if (!text) return null;
  const value = parseExtra(text);
  return typeof value.symbol === 'string'
    ? { symbol: value.symbol, symbolPosition: String(value.symbolPosition ?? 'prefix') }
    : null;
}

export function presentMetric(row: MetricRow): DatasetMetric {
  return {
    id: row.id,
    uuid: row.uuid,
    metric_name: row.metric_name,
    verbose_name: row.verbose_name,
    verbose_name_ru: row.verbose_name_ru,
    expression: row.expression,
    metric_type: row.metric_type,
    d3format: row.d3format,
    currency: parseCurrency(row.currency),
    description: row.description,
    description_ru: row.description_ru,
    warning_text: row.warning_text,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    extra: composeExtra(
      row.extra,
      { certified_by: row.certified_by, details: row.certification_details },
      row.warning_text,
    ),
    created_on: row.created_on,
    changed_on: row.changed_on,
  };
}

export function presentDataset(record: DatasetRecord): Dataset {
  const { dataset, database } = record;
  const columns = record.columns.map(presentColumn);
  const metrics = record.metrics.map(presentMetric);
  const dialect = dialectOfDatabase(database);
  const ref = { catalog: dataset.catalog, schema: dataset.schema, table: dataset.table_name };
  const verboseMap: Record<string, string> = { __timestamp: 'Time' };
  for (const column of columns) verboseMap[column.column_name] = column.verbose_name || column.column_name;
  for (const metric of metrics) verboseMap[metric.metric_name] = metric.verbose_name || metric.metric_name;
  const virtual = Boolean(dataset.sql);
  const physicalColumns = columns.filter((c) => !c.expression && c.is_active).map((c) => c.column_name);
  return {
    id: dataset.id,
    uuid: dataset.uuid,
    table_name: dataset.table_name,
    catalog: dataset.catalog,
    schema: dataset.schema,
    sql: dataset.sql,
    kind: virtual ? 'virtual' : 'physical',
    datasource_type: 'table',
    description: dataset.description,
    description_ru: dataset.description_ru,
    database: { id: database.id, database_name: database.database_name, backend: database.backend },
    main_dttm_col: dataset.main_dttm_col,
    offset: dataset.offset,
    default_endpoint: dataset.default_endpoint,
    cache_timeout: dataset.cache_timeout,
    is_sqllab_view: flag(dataset.is_sqllab_view),
    template_params: dataset.template_params,
    select_star: dialect ? dialect.selectStar(ref, virtual ? [] : physicalColumns, 100) : null,
    filter_select_enabled: flag(dataset.filter_select_enabled),
    fetch_values_predicate: dataset.fetch_values_predicate,
    normalize_columns: flag(dataset.normalize_columns),
    always_filter_main_dttm: flag(dataset.always_filter_main_dttm),
    extra: composeExtra(dataset.extra, {
      certified_by: dataset.certified_by,
      details: dataset.certification_details,
    }),
    certified_by: dataset.certified_by,
    certification_details: dataset.certification_details,
    is_managed_externally: false,
    url: `/tablemodelview/edit/${dataset.id}`,
    explore_url: exploreUrl(dataset.id, dataset.default_endpoint),
    uid: `${dataset.id}__table`,
    name: dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name,
    datasource_name: dataset.table_name,
    column_formats: Object.fromEntries(
      metrics.filter((m) => m.d3format).map((m) => [m.metric_name, m.d3format as string]),
    ),
    currency_formats: Object.fromEntries(
      metrics.filter((m) => m.currency).map((m) => [m.metric_name, m.currency as CurrencyFormat]),
    ),
    verbose_map: verboseMap,
    granularity_sqla: columns
      .filter((c) => c.is_dttm)
      .map((c): [string, string] => [c.column_name, c.column_name]),
    time_grain_sqla: (dialect?.timeGrains() ?? []).map((grain): [string, string] => [
      grain,
      TIME_GRAIN_NAMES[grain],
    ]),
    order_by_choices: columns
      .filter((c) => c.is_active)
      .flatMap(
        (c): Array<[string, string]> => [
          [JSON.stringify([c.column_name, true]), `${c.column_name} [asc]`],
          [JSON.stringify([c.column_name, false]), `${c.column_name} [desc]`],
        ],
      ),
    owners: record.owners,
    tags: record.tags,
    created_on: dataset.created_on,
    created_on_humanized: humanizeSince(dataset.created_on),
    created_by: record.createdBy,
    changed_on: dataset.changed_on,
    changed_on_humanized: humanizeSince(dataset.changed_on),
    changed_by: record.changedBy,
    columns,
    metrics,
  };
}

/** Every field `GET /api/v1/dataset/{id}?q=(columns:…)` may ask for (FAB's show_columns). */
export const SHOW_COLUMNS: readonly string[] = [
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
  'database.id',
  'database.database_name',
  'database.backend',
  'main_dttm_col',
  'offset',
  'default_endpoint',
  'cache_timeout',
  'is_sqllab_view',
  'template_params',
  'select_star',
  'filter_select_enabled',
  'fetch_values_predicate',
  'normalize_columns',
  'always_filter_main_dttm',
  'extra',
  'certified_by',
  'certification_details',
  'is_managed_externally',
  'url',
  'explore_url',
  'uid',
  'name',
  'datasource_name',
  'column_formats',
  'currency_formats',
  'verbose_map',
  'granularity_sqla',
  'time_grain_sqla',
  'order_by_choices',
  'owners.id',
  'owners.first_name',
  'owners.last_name',
  'tags.id',
  'tags.name',
  'tags.type',
  'created_on',
  'created_on_humanized',
  'created_by.first_name',
  'created_by.last_name',
  'changed_on',
  'changed_on_humanized',
  'changed_by.first_name',
  'changed_by.last_name',
  ...[
    'id',
    'uuid',
    'column_name',
    'verbose_name',
    'verbose_name_ru',
    'type',
    'type_generic',
    'expression',
    'description',
    'description_ru',
    'is_dttm',
    'groupby',
    'filterable',
    'is_active',
    'python_date_format',
    'advanced_data_type',
    'is_certified',
    'certified_by',
    'warning_text',
    'extra',
    'created_on',
    'changed_on',
  ].map((field) => `columns.${field}`),
  ...[
    'id',
    'uuid',
    'metric_name',
    'verbose_name',
    'verbose_name_ru',
    'expression',
    'metric_type',
    'd3format',
    'currency',
    'description',
    'description_ru',
    'warning_text',
    'certified_by',
    'certification_details',
    'extra',
    'created_on',
    'changed_on',
  ].map((field) => `metrics.${field}`),
];

/** Show columns asked for by a top-level name also accept that name alone (`columns`, `database`). */
export const SHOW_TOP_LEVEL: ReadonlySet<string> = new Set(SHOW_COLUMNS.map((c) => c.split('.')[0]!));
