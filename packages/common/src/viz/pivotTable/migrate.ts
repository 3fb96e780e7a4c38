/**
 * Upgrades saved pivot table form data. Step 0 takes Superset's form data, including the legacy pivot
 * table (viz_type 'pivot_table') as Superset's own MigratePivotTable renames it: groupby → groupbyRows,
 * columns → groupbyColumns, pandas_aggfunc → aggregateFunction (pandas names → Superset's), row_limit →
 * series_limit (the legacy row limit counted cells), number_format → valueFormat, pivot_margins → column
 * totals and subtotals, rows ordered by value; the legacy time column and range become a temporal
 * filter.
 */

import { migrationChain, renameKeys } from '../echartsShared/migrate.ts';
import { NO_FILTER } from '../shared/query.ts';
import type { AdhocFilter, FormData } from '../types.ts';

export const LEGACY_VIZ_TYPE = 'pivot_table';

const LEGACY_RENAMES: Record<string, string> = {
  columns: 'groupbyColumns',
  combine_metric: 'combineMetric',
  groupby: 'groupbyRows',
  number_format: 'valueFormat',
  pandas_aggfunc: 'aggregateFunction',
  row_limit: 'series_limit',
  timeseries_limit_metric: 'series_limit_metric',
  transpose_pivot: 'transposePivot',
  table_timestamp_format: 'date_format',
};

const PANDAS_AGGREGATIONS: Record<string, string> = {
  sum: 'Sum',
  mean: 'Average',
  median: 'Median',
  min: 'Minimum',
  max: 'Maximum',
  std: 'Sample Standard Deviation',
  var: 'Sample Variance',
};

function fromLegacyPivot(formData: FormData): FormData {
  const legacy: FormData = { ...formData };
  // A value already under a new key is replaced by the legacy one, as Superset's migration does.
  for (const [from, to] of Object.entries(LEGACY_RENAMES))
    if (from in legacy && to in legacy) delete legacy[to];
  const margins = legacy.pivot_margins;
  if (margins !== undefined) {
    legacy.colTotals = margins === true;
    legacy.colSubTotals = margins === true;
  }
  delete legacy.pivot_margins;
  if (typeof legacy.pandas_aggfunc === 'string')
    legacy.pandas_aggfunc = PANDAS_AGGREGATIONS[legacy.pandas_aggfunc] ?? legacy.pandas_aggfunc;
  legacy.rowOrder = 'value_z_to_a';
  const next = renameKeys(legacy, LEGACY_RENAMES);
  next.viz_type = 'pivot_table_v2';
  const timeColumn = next.granularity_sqla;
  if (typeof timeColumn === 'string' && timeColumn) {
    const range = typeof next.time_range === 'string' && next.time_range ? next.time_range : NO_FILTER;
    const filter: AdhocFilter = {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: timeColumn,
      operator: 'TEMPORAL_RANGE',
      comparator: range,
    };
    next.adhoc_filters = [...(next.adhoc_filters ?? []), filter];
    delete next.granularity_sqla;
    delete next.time_range;
  }
  return next;
}

function fromSuperset(formData: FormData): FormData {
  return (formData.viz_type as string) === LEGACY_VIZ_TYPE ? fromLegacyPivot(formData) : { ...formData };
}

export const migrate = migrationChain([fromSuperset]);
