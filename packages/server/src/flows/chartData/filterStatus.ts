import { columnLabel, type NormalizedQueryObject } from '@vitrina/common';
import type { JsonValue } from '../../platform/json.ts';

/**
 * Superset's applied_filters / rejected_filters. A filter a dashboard added (`isExtra`: a native
 * filter or a cross-filter) on a column the dataset does not have is left out of the query and
 * reported rejected `not_in_datasource`, so a chart on another dataset still renders and its badge
 * says the filter does not apply; the chart's own filters on unknown columns still fail compiling.
 * Time extras (`applied_time_extras`) are applied when the dataset has a temporal column, else
 * rejected `no_temporal_column` (Superset's get_time_filter_status).
 */

export const NOT_IN_DATASOURCE = 'not_in_datasource';
export const NO_TEMPORAL_COLUMN = 'no_temporal_column';

/** What the status needs to know of the dataset. */
export interface FilterStatusDataset {
  columns: ReadonlyArray<{ column_name: string; is_dttm?: boolean | number | null }>;
}

export interface FilterStatus {
  applied: JsonValue[];
  rejected: JsonValue[];
}

const TIME_EXTRAS = ['__time_col', '__time_grain', '__time_range'] as const;

function isRejected(filter: NormalizedQueryObject['filters'][number], columns: ReadonlySet<string>): boolean {
  return filter.isExtra === true && typeof filter.col === 'string' && !columns.has(filter.col);
}

const columnNames = (dataset: FilterStatusDataset) =>
  new Set(dataset.columns.map((column) => column.column_name));

/** The query without the dashboard filters that do not apply to this dataset. */
export function withoutRejectedFilters(
  query: NormalizedQueryObject,
  dataset: FilterStatusDataset,
): NormalizedQueryObject {
  const columns = columnNames(dataset);
  if (!query.filters.some((filter) => isRejected(filter, columns))) return query;
  return { ...query, filters: query.filters.filter((filter) => !isRejected(filter, columns)) };
}

export function filterStatus(query: NormalizedQueryObject, dataset: FilterStatusDataset): FilterStatus {
  const columns = columnNames(dataset);
  const applied: JsonValue[] = [];
  const rejected: JsonValue[] = [];
  for (const filter of query.filters) {
    const column = columnLabel(filter.col);
    if (isRejected(filter, columns)) rejected.push({ reason: NOT_IN_DATASOURCE, column });
    else applied.push({ column });
  }
  const temporal = new Set(
    dataset.columns.filter((column) => Boolean(column.is_dttm)).map((column) => column.column_name),
  );
  const extras = new Map<string, string>();
  for (const column of TIME_EXTRAS) {
    const value = query.applied_time_extras[column];
    if (value) extras.set(column, value);
  }
  if (
    query.time_range &&
    query.time_range.trim().toLowerCase() !== 'no filter' &&
    !extras.has('__time_range')
  ) {
    extras.set('__time_range', query.time_range);
  }
  for (const [column, value] of extras) {
    // A time column must be one of the dataset's temporal columns; a grain or range needs any.
    const ok = column === '__time_col' ? temporal.has(value) : temporal.size > 0;
    if (ok) applied.push({ column });
    else rejected.push({ reason: column === '__time_col' ? NOT_IN_DATASOURCE : NO_TEMPORAL_COLUMN, column });
  }
  return { applied, rejected };
}
