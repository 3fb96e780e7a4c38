/**
 * Time comparison (`time_offsets`), as Superset's processing_time_offsets does it: each offset runs the
 * query again over the time range shifted back by the offset, and its metrics are joined onto the main
 * result as `<metric>__<offset>` columns before post-processing (the `compare` operation reads them).
 *
 * The join matches a main row with the offset row whose x-axis value is the main value moved by the
 * offset, compared at the query's time grain (a week is matched by its week number, a month by its
 * year and month…), so '1 year ago' on weekly data pairs the same week of the previous year; the other
 * non-metric columns (series) must be equal. Pure: the server runs the queries, this builds and joins.
 */

import type { TimeGrain } from '../sql/timeGrains.ts';
import { addUnits, parseTimeDelta, parseTimeRange, shiftRange, type TimeBounds } from '../time/index.ts';
import { QueryValidationError } from './errors.ts';
import { type NormalizedQueryObject, TIMESTAMP_LABEL } from './types.ts';

/** Superset's TIME_COMPARISON separator. */
export const TIME_COMPARISON_SEPARATOR = '__';

/** `SUM(amount)` + `1 year ago` → `SUM(amount)__1 year ago`. */
export function timeOffsetLabel(metric: string, offset: string): string {
  return `${metric}${TIME_COMPARISON_SEPARATOR}${offset}`;
}

export const ENCLOSED_RANGE_MESSAGE =
  'An enclosed time range (both start and end) must be specified when using a Time Comparison.';

type Anchor = 'today' | 'now';
const anchor = (value: string | null): Anchor | undefined =>
  value === 'today' || value === 'now' ? value : undefined;

function bounds(query: NormalizedQueryObject, range: string, now: Date): TimeBounds {
  const relativeStart = anchor(query.extras.relative_start);
  const relativeEnd = anchor(query.extras.relative_end);
  return parseTimeRange(range, {
    now,
    ...(relativeStart ? { relativeStart } : {}),
    ...(relativeEnd ? { relativeEnd } : {}),
  });
}

/** The query's outer time bounds: its time_range, else its first TEMPORAL_RANGE filter (Superset's order). */
export function queryTimeBounds(query: NormalizedQueryObject, now: Date): TimeBounds | null {
  if (query.time_range) return bounds(query, query.time_range, now);
  const filter = query.filters.find((f) => f.op === 'TEMPORAL_RANGE' && typeof f.val === 'string');
  return filter ? bounds(query, filter.val as string, now) : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * An offset as a shift phrase: `inherit` is the range's own length in days, a date `YYYY-MM-DD` (a
 * custom start) is the days from it to the range's start; anything else is already a phrase.
 */
export function offsetPhrase(offset: string, outer: TimeBounds): string {
  const text = offset.trim();
  if (!outer.since || !outer.until) return text;
  if (text.toLowerCase() === 'inherit') {
    return `${Math.floor((outer.until.getTime() - outer.since.getTime()) / DAY_MS)} days ago`;
  }
  if (ISO_DATE.test(text)) {
    const start = Date.parse(`${text}T00:00:00Z`);
    return `${Math.floor((outer.since.getTime() - start) / DAY_MS)} days ago`;
  }
  return text;
}

const isoText = (date: Date | null): string => (date ? date.toISOString().slice(0, 19) : '');

/** Fixed bounds as a range string the grammar reads back exactly (an open side stays empty). */
function literalRange(range: TimeBounds): string {
  return `${isoText(range.since)} : ${isoText(range.until)}`;
}

export interface OffsetQueryOptions {
  now: Date;
}

/**
 * The query of one offset: every time range (the TEMPORAL_RANGE filters and the legacy time_range)
 * shifted back by it, written as fixed bounds; no offsets, no post-processing, no row offset (the
 * rows the main page shows must all find their match).
 */
export function offsetQuery(
  query: NormalizedQueryObject,
  offset: string,
  options: OffsetQueryOptions,
): NormalizedQueryObject {
  const { now } = options;
  const outer = queryTimeBounds(query, now);
  if (!outer?.since || !outer.until) throw new QueryValidationError(ENCLOSED_RANGE_MESSAGE, 'time_offsets');
  const phrase = offsetPhrase(offset, outer);
  const shifted = (range: string): string => {
    try {
      return literalRange(shiftRange(bounds(query, range, now), phrase, { now }));
    } catch (error) {
      throw new QueryValidationError(error instanceof Error ? error.message : String(error), 'time_offsets');
    }
  };
  return {
    ...query,
    filters: query.filters.map((filter) =>
      filter.op === 'TEMPORAL_RANGE' && typeof filter.val === 'string'
        ? { ...filter, val: shifted(filter.val) }
        : filter,
    ),
    time_range: query.time_range ? shifted(query.time_range) : null,
    row_limit: query.row_limit + query.row_offset,
    row_offset: 0,
    time_offsets: [],
    post_processing: [],
  };
}

/** The x-axis of a query: its BASE_AXIS column (or the legacy `__timestamp`), null without one. */
export function xAxisOf(query: NormalizedQueryObject): { label: string; grain: TimeGrain | null } | null {
  for (const column of query.columns) {
    if (typeof column === 'string') continue;
    if (column.columnType === 'BASE_AXIS' || column.label === TIMESTAMP_LABEL) {
      return { label: column.label, grain: column.timeGrain ?? query.extras.time_grain_sqla };
    }
  }
  return null;
}

const pad = (value: number, size = 2): string => String(value).padStart(size, '0');

/** strftime's %U (weeks start on Sunday) or %W (on Monday): days before the first such day are week 0. */
function weekNumber(date: Date, firstDay: 0 | 1): number {
  const dayOfYear = Math.floor(
    (Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) -
      Date.UTC(date.getUTCFullYear(), 0, 1)) /
      DAY_MS,
  );
  const weekday = (date.getUTCDay() - firstDay + 7) % 7;
  return Math.floor((dayOfYear + 7 - weekday) / 7);
}

/** The join key of a temporal value at a grain (Superset's generate_join_column). */
export function grainKey(epochMs: number, grain: TimeGrain | null): string {
  const date = new Date(epochMs);
  const year = date.getUTCFullYear();
  switch (grain) {
    case '1969-12-28T00:00:00Z/P1W':
    case 'P1W/1970-01-03T00:00:00Z':
      return `${year}-W${pad(weekNumber(date, 0))}`;
    case 'P1W':
    case '1969-12-29T00:00:00Z/P1W':
    case 'P1W/1970-01-04T00:00:00Z':
      return `${year}-W${pad(weekNumber(date, 1))}`;
    case 'P1M':
      return `${year}-${pad(date.getUTCMonth() + 1)}`;
    case 'P3M':
      return `${year}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
    case 'P1Y':
      return String(year);
    default:
      return String(epochMs);
  }
}

/** Rows as the chart data flow holds them: temporal values are epoch milliseconds. */
export interface OffsetFrame {
  colnames: string[];
  records: Record<string, unknown>[];
}

export interface JoinOffsetSpec {
  /** The offset as the client sent it: the suffix of the new columns. */
  offset: string;
  /** The shift phrase the query ran with (offsetPhrase), when it differs from offset. */
  phrase?: string;
  /** Labels of the query's metrics: renamed in the offset rows, never join keys. */
  metrics: readonly string[];
  xAxis: { label: string; grain: TimeGrain | null } | null;
}

function keyOf(values: unknown[]): string {
  return JSON.stringify(values);
}

/**
 * Left-joins an offset result onto the main one: main rows and columns stay as they are, each
 * `<metric>__<offset>` column is appended (null where no offset row matches). Without join keys (a
 * query of metrics only) rows pair by position, as Superset's outer join on the index does.
 */
export function joinTimeOffset(main: OffsetFrame, shifted: OffsetFrame, spec: JoinOffsetSpec): OffsetFrame {
  const metricSet = new Set(spec.metrics);
  const renamed = spec.metrics.map((metric) => timeOffsetLabel(metric, spec.offset));
  const keys = main.colnames.filter((name) => !metricSet.has(name));
  const xAxis = spec.xAxis && keys.includes(spec.xAxis.label) ? spec.xAxis : null;
  const delta = xAxis ? parseTimeDelta(spec.phrase ?? spec.offset) : null;
  const axisKey = (value: unknown, moved: boolean): unknown => {
    if (typeof value !== 'number' || !xAxis) return value;
    const time = moved && delta ? addUnits(new Date(value), delta.amount, delta.unit).getTime() : value;
    return grainKey(time, xAxis.grain);
  };
  const rowKey = (record: Record<string, unknown>, moved: boolean): string =>
    keyOf(
      keys.map((name) => (name === xAxis?.label ? axisKey(record[name], moved) : (record[name] ?? null))),
    );

  let match: (record: Record<string, unknown>, index: number) => Record<string, unknown> | undefined;
  if (keys.length === 0) {
    match = (_record, index) => shifted.records[index];
  } else {
    const byKey = new Map<string, Record<string, unknown>>();
    for (const record of shifted.records) {
      const key = rowKey(record, false);
      if (!byKey.has(key)) byKey.set(key, record);
    }
    match = (record) => byKey.get(rowKey(record, true));
  }
  const records = main.records.map((record, index) => {
    const found = match(record, index);
    const out: Record<string, unknown> = { ...record };
    spec.metrics.forEach((metric, i) => {
      out[renamed[i] as string] = found ? (found[metric] ?? null) : null;
    });
    return out;
  });
  const colnames = [...main.colnames, ...renamed.filter((name) => !main.colnames.includes(name))];
  return { colnames, records };
}
