/**
 * A dashboard's native filters and cross-filters reach a chart's query through the form data's
 * `extra_form_data` (filters/dataMask.ts builds it). Every chart's base query object goes through
 * here, in the web app and on the server alike: the extra filters are appended with isExtra, the
 * time range, time column and time grain override the chart's own.
 */
import type { ExtraFormData } from '../../filters/types.ts';
import { isRecord } from '../../isRecord.ts';
import type { QueryFilter, QueryObject } from '../../query/types.ts';
import { isTimeGrain, type TimeGrain } from '../../sql/timeGrains.ts';
import type { FormData } from '../types.ts';
import { adhocFiltersToQuery } from './query.ts';

/** Superset's applied_time_extras keys, named after the legacy filter-box time fields. */
export const TIME_EXTRA_KEYS = {
  timeRange: '__time_range',
  timeColumn: '__time_col',
  timeGrain: '__time_grain',
};

/** The form data's extra_form_data, when it has one. */
export function extraFormDataOf(formData: FormData): ExtraFormData | undefined {
  const extra = formData.extra_form_data;
  return isRecord(extra) ? (extra as ExtraFormData) : undefined;
}

/** The time grain a dashboard's time-grain filter imposes, when it names a known grain. */
export function extraTimeGrainOf(formData: FormData): TimeGrain | undefined {
  const grain = extraFormDataOf(formData)?.time_grain_sqla;
  return typeof grain === 'string' && isTimeGrain(grain) ? grain : undefined;
}

function andSql(a: string | undefined, b: string): string {
  return a ? `${a} AND ${b}` : b;
}

/** The query object with the extra form data applied; the same object when there is none. */
export function applyExtraFormDataToQuery(query: QueryObject, extra: ExtraFormData | undefined): QueryObject {
  if (!extra) return query;
  const next: QueryObject = { ...query, extras: { ...query.extras } };
  const appliedTime: Record<string, string> = { ...query.applied_time_extras };
  let filters: QueryFilter[] = [...(query.filters ?? [])];

  const { time_range: timeRange, granularity_sqla: timeColumn } = extra;
  const hasTemporalFilter = filters.some((filter) => filter.op === 'TEMPORAL_RANGE' && !filter.isExtra);
  if (typeof timeColumn === 'string' && timeColumn) {
    // The time column filter moves the chart's time range onto the chosen column.
    filters = filters.map((filter) =>
      filter.op === 'TEMPORAL_RANGE' && !filter.isExtra ? { ...filter, col: timeColumn } : filter,
    );
    if (!hasTemporalFilter || query.granularity) next.granularity = timeColumn;
    appliedTime[TIME_EXTRA_KEYS.timeColumn] = timeColumn;
  }
  if (typeof timeRange === 'string' && timeRange) {
    filters = filters.map((filter) =>
      filter.op === 'TEMPORAL_RANGE' && !filter.isExtra ? { ...filter, val: timeRange } : filter,
    );
    next.time_range = timeRange;
    appliedTime[TIME_EXTRA_KEYS.timeRange] = timeRange;
  }

  for (const filter of extra.filters ?? []) filters.push({ ...filter, isExtra: true });
  const adhoc = adhocFiltersToQuery(extra.adhoc_filters);
  for (const filter of adhoc.filters) filters.push({ ...filter, isExtra: true });
  if (adhoc.where) next.extras = { ...next.extras, where: andSql(next.extras?.where, adhoc.where) };
  if (adhoc.having) next.extras = { ...next.extras, having: andSql(next.extras?.having, adhoc.having) };

  if (typeof extra.time_grain_sqla === 'string' && isTimeGrain(extra.time_grain_sqla)) {
    next.extras = { ...next.extras, time_grain_sqla: extra.time_grain_sqla };
    appliedTime[TIME_EXTRA_KEYS.timeGrain] = extra.time_grain_sqla;
  }
  if (extra.relative_start) next.extras = { ...next.extras, relative_start: extra.relative_start };
  if (extra.relative_end) next.extras = { ...next.extras, relative_end: extra.relative_end };

  next.filters = filters;
  next.applied_time_extras = appliedTime;
  return next;
}
