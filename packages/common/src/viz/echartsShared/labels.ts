/**
 * Names of categories as charts show them: temporal values through the time format, nulls as
 * '<NULL>', several group-by values joined with ', ' (Superset's series names).
 */
import type { TimeFormatter } from '../../format/time.ts';
import { columnLabel, type QueryColumn } from '../../query/types.ts';
import type { ChartDataResult, DatasourceMeta } from '../types.ts';

export const NULL_LABEL = '<NULL>';
/** GenericDataType of temporal columns in `coltypes`. */
export const TEMPORAL = 2;

export type Row = Record<string, unknown>;

/** Result column name → GenericDataType. */
export function coltypesOf(result: ChartDataResult | undefined): Record<string, number> {
  const types: Record<string, number> = {};
  result?.colnames?.forEach((name, index) => {
    const type = result.coltypes?.[index];
    if (typeof type === 'number') types[name] = type;
  });
  return types;
}

export function valueLabel(
  value: unknown,
  coltype: number | undefined,
  timeFormatter: TimeFormatter,
): string {
  if (value === null || value === undefined) return NULL_LABEL;
  if (coltype === TEMPORAL && (typeof value === 'number' || typeof value === 'string'))
    return timeFormatter(value);
  return String(value);
}

/** The label of a row over some columns: each value labelled, joined with ', '. */
export function rowLabel(
  row: Row,
  columns: readonly string[],
  coltypes: Record<string, number>,
  timeFormatter: TimeFormatter,
): string {
  return columns.map((column) => valueLabel(row[column], coltypes[column], timeFormatter)).join(', ');
}

/** Display name of a column: the dataset's verbose name in the UI language, or its label. */
export function columnDisplayName(datasource: DatasourceMeta, column: QueryColumn): string {
  const label = columnLabel(column);
  return datasource.verboseMap[label] || label;
}

/** The first query's rows, or none (a chart without a result draws empty). */
export function rowsOf(queriesData: readonly ChartDataResult[]): Row[] {
  return queriesData[0]?.data ?? [];
}
