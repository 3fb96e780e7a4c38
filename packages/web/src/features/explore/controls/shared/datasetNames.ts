import { type ExploreDataset, isPartitionKeyColumn } from '@vitrina/common';
import { dialects } from '@vitrina/common/sql/dialects/index';
import { isEngineName } from '@vitrina/common/sql/engines';
import { localizedName } from '../../../../components/localizedName.ts';

export type DatasetColumn = ExploreDataset['columns'][number];
export type DatasetMetric = ExploreDataset['metrics'][number];

/** GenericDataType of a dataset column: 0 NUMERIC, 1 STRING, 2 TEMPORAL, 3 BOOLEAN. */
export const GENERIC_TYPE = { numeric: 0, string: 1, temporal: 2, boolean: 3 } as const;

/** A column's name for people: its verbose name in the UI language, else its name. */
export function columnTitle(column: DatasetColumn, language: string): string {
  return localizedName(column.verbose_name, column.verbose_name_ru, language) || column.column_name;
}

export function metricTitle(metric: DatasetMetric, language: string): string {
  return localizedName(metric.verbose_name, metric.verbose_name_ru, language) || metric.metric_name;
}

export function findColumn(datasource: ExploreDataset, name: string | null | undefined) {
  return name ? datasource.columns.find((column) => column.column_name === name) : undefined;
}

export function findMetric(datasource: ExploreDataset, name: string | null | undefined) {
  return name ? datasource.metrics.find((metric) => metric.metric_name === name) : undefined;
}

export function isTemporal(column: DatasetColumn | undefined): boolean {
  return Boolean(column && (column.is_dttm || column.type_generic === GENERIC_TYPE.temporal));
}

export function isNumeric(column: DatasetColumn | undefined): boolean {
  return column?.type_generic === GENERIC_TYPE.numeric;
}

export function isBoolean(column: DatasetColumn | undefined): boolean {
  return column?.type_generic === GENERIC_TYPE.boolean;
}

export function isString(column: DatasetColumn | undefined): boolean {
  return column?.type_generic === GENERIC_TYPE.string;
}

/**
 * Whether the LATEST PARTITION filter suits a column: a partition key the server marked, of a physical
 * dataset whose engine has partitions (the server refuses the rest; this only keeps them unoffered).
 */
export function offersLatestPartition(
  datasource: ExploreDataset,
  column: DatasetColumn | undefined,
): boolean {
  const backend = datasource.database.backend;
  if (!column || !isEngineName(backend) || !dialects[backend].capabilities.partitions) return false;
  return !datasource.sql && !column.expression && isPartitionKeyColumn(column);
}

/** Column choices for a select: the dataset's columns by title, temporal ones first when asked. */
export function columnOptions(
  datasource: ExploreDataset,
  language: string,
  options: { temporalFirst?: boolean; only?: (column: DatasetColumn) => boolean } = {},
) {
  const columns = datasource.columns.filter((column) => options.only?.(column) ?? true);
  const ordered = options.temporalFirst
    ? [...columns.filter((column) => isTemporal(column)), ...columns.filter((column) => !isTemporal(column))]
    : columns;
  return ordered.map((column) => ({
    value: column.column_name,
    label: columnTitle(column, language),
    column,
  }));
}
