import {
  type ExploreDataset,
  type FormData,
  metricLabel,
  type QueryColumn,
  type QueryMetric,
} from '@vitrina/common';
import { findColumn, GENERIC_TYPE, isTemporal } from './datasetNames.ts';

export type ResultColumnKind = 'numeric' | 'string' | 'temporal' | 'boolean';

export interface ResultColumn {
  name: string;
  kind: ResultColumnKind;
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];

function kindOfColumn(column: QueryColumn, datasource: ExploreDataset): ResultColumnKind {
  if (typeof column !== 'string') return column.timeGrain ? 'temporal' : 'string';
  const found = findColumn(datasource, column);
  if (isTemporal(found)) return 'temporal';
  if (found?.type_generic === GENERIC_TYPE.numeric) return 'numeric';
  if (found?.type_generic === GENERIC_TYPE.boolean) return 'boolean';
  return 'string';
}

/**
 * The columns a table chart's result will have, read from its form data (explore knows them before the
 * query runs): raw mode shows `all_columns`; aggregate mode the dimensions, the metrics and the percentage
 * metrics (named `%label`, as Superset names them).
 */
export function resultColumns(formData: FormData, datasource: ExploreDataset): ResultColumn[] {
  const mode = formData.query_mode;
  const columns: ResultColumn[] = [];
  const add = (column: ResultColumn) => {
    if (column.name && !columns.some((existing) => existing.name === column.name)) columns.push(column);
  };
  const addColumns = (key: string) => {
    for (const column of list(formData[key]) as QueryColumn[])
      add({
        name: typeof column === 'string' ? column : column.label,
        kind: kindOfColumn(column, datasource),
      });
  };
  const addMetrics = (key: string, prefix = '') => {
    for (const metric of list(formData[key]) as QueryMetric[])
      add({ name: `${prefix}${metricLabel(metric)}`, kind: 'numeric' });
  };
  if (mode !== 'aggregate') addColumns('all_columns');
  if (mode !== 'raw') {
    addColumns('groupby');
    addColumns('columns');
    addMetrics('metrics');
    addMetrics('percent_metrics', '%');
  }
  return columns;
}
