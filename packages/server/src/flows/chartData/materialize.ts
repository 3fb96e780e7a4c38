import { GENERIC_DATA_TYPE, metricLabel, type NormalizedQueryObject } from '@vitrina/common';
import { joinTimeOffset, offsetPhrase, queryTimeBounds, xAxisOf } from '@vitrina/common/query/timeOffsets';
import type { QueryResult, ResultColumn } from '../../drivers/driver.ts';
import { rowRecordMaker } from '../../platform/rowRecords.ts';
import type { ChartQueryPlan, PlannedQuery } from './plan.ts';
import { postProcess } from './postProcess.ts';
import type { ChartDataRun } from './run.ts';
import { type DriverTimer, executeCompiled } from './runCompiled.ts';

/**
 * A planned query's rows as the chart data answer holds them: the driver's rows framed (temporal
 * values as epoch milliseconds, generic column types), each time offset's rows joined on, then the
 * query's post-processing. Shared by the JSON answer (service.ts) and the exports (export.ts).
 */

/** GenericDataType of a result column: 0 NUMERIC, 1 STRING, 2 TEMPORAL, 3 BOOLEAN (unknown → STRING). */
export function coltypeOf(run: ChartDataRun, column: ResultColumn): number {
  const generic = column.type ? run.source.dialect.genericType(column.type) : null;
  return generic === null ? GENERIC_DATA_TYPE.STRING : GENERIC_DATA_TYPE[generic];
}

const ISO_NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/** A driver's temporal value (ISO text, naive = UTC) → epoch milliseconds; other values as they are. */
export function toEpochMs(value: unknown): unknown {
  if (typeof value !== 'string') return value instanceof Date ? value.getTime() : value;
  const text = ISO_NO_ZONE.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const time = Date.parse(text);
  return Number.isNaN(time) ? value : time;
}

/** Epoch milliseconds back to naive ISO text (exports write timestamps as the drivers give them). */
export function fromEpochMs(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return new Date(value).toISOString().replace(/Z$/, '');
}

export interface Shaped {
  colnames: string[];
  coltypes: number[];
  records: Record<string, unknown>[];
  sqlRowcount: number;
}

/** Rows from the driver → records with temporals as epoch ms (no post-processing yet). */
export function framed(run: ChartDataRun, result: QueryResult): Shaped {
  const colnames = result.columns.map((column) => column.name);
  const types = result.columns.map((column) => coltypeOf(run, column));
  const make = rowRecordMaker(colnames, {
    convert: types.map((type) => (type === GENERIC_DATA_TYPE.TEMPORAL ? toEpochMs : null)),
    undefinedAsNull: true,
  });
  const records = result.rows.map((row) => make(row));
  return { colnames, coltypes: types, records, sqlRowcount: result.rows.length };
}

/**
 * The query's post-processing over a frame; new columns get the type of their values. A resample
 * step learns the query's time range (Superset fills asfreq buckets over it), unless it names one.
 */
export function postProcessed(
  query: NormalizedQueryObject,
  frame: Shaped,
  range: { from: number | null; to: number | null } = { from: null, to: null },
): Shaped {
  // As Superset: an empty result skips post-processing (a pivot of nothing has no columns to refer to).
  if (query.post_processing.length === 0 || frame.records.length === 0) return frame;
  const { colnames, coltypes } = frame;
  const numeric = new Set(colnames.filter((_, i) => coltypes[i] === GENERIC_DATA_TYPE.NUMERIC));
  const operations = query.post_processing.map((step) =>
    step.operation === 'resample' && step.options && step.options.time_range_start === undefined
      ? {
          ...step,
          options: { ...step.options, time_range_start: range.from, time_range_end: range.to },
        }
      : step,
  );
  const processed = postProcess({ colnames, records: frame.records }, operations, numeric);
  const typeByName = new Map(colnames.map((name, i) => [name, coltypes[i] as number]));
  return {
    colnames: processed.colnames,
    coltypes: processed.colnames.map((name) => typeByName.get(name) ?? inferType(processed.records, name)),
    records: processed.records,
    sqlRowcount: frame.sqlRowcount,
  };
}

export interface Materialized extends Shaped {
  /** The SQL that ran, for display: the main query, then one per time offset. */
  queries: string[];
}

/**
 * Runs a planned query and everything its answer needs before post-processing: one more query per
 * time offset (the range shifted back), joined on as `<metric>__<offset>` columns; then, when asked,
 * the post-processing (which sees the offset columns, so `compare` works on them).
 */
export async function materialize(
  plan: ChartQueryPlan,
  planned: PlannedQuery,
  withPostProcessing: boolean,
  /** The main query's rows when the caller has already read them. */
  first?: QueryResult,
  timer?: DriverTimer,
): Promise<Materialized> {
  const { run, now } = plan;
  const { query, compiled } = planned;
  const execute = (sql: typeof compiled) => executeCompiled(run, sql, timer);
  let frame = framed(run, first ?? (await execute(compiled)));
  const queries = [compiled.display];
  const offsets = withPostProcessing ? planned.offsets : [];
  if (offsets.length > 0 && query.metrics !== null) {
    const outer = queryTimeBounds(query, now);
    const metrics = query.metrics.map(metricLabel);
    const xAxis = xAxisOf(query);
    for (const { offset, compiled: shiftedSql } of offsets) {
      queries.push(shiftedSql.display);
      const shifted = framed(run, await execute(shiftedSql));
      const joined = joinTimeOffset(frame, shifted, {
        offset,
        phrase: outer ? offsetPhrase(offset, outer) : offset,
        metrics,
        xAxis,
      });
      const typeOf = new Map(frame.colnames.map((name, i) => [name, frame.coltypes[i] as number]));
      frame = {
        colnames: joined.colnames,
        coltypes: joined.colnames.map(
          (name, i) =>
            frame.coltypes[i] ??
            typeOf.get(metrics.find((metric) => name === `${metric}__${offset}`) ?? '') ??
            GENERIC_DATA_TYPE.NUMERIC,
        ),
        records: joined.records,
        sqlRowcount: frame.sqlRowcount,
      };
    }
  }
  const shaped = withPostProcessing ? postProcessed(query, frame, timeBounds(query, now)) : frame;
  return { ...shaped, queries };
}

function inferType(records: Record<string, unknown>[], name: string): number {
  for (const record of records) {
    const value = record[name];
    if (value === null || value === undefined) continue;
    if (typeof value === 'number') return GENERIC_DATA_TYPE.NUMERIC;
    if (typeof value === 'boolean') return GENERIC_DATA_TYPE.BOOLEAN;
    return GENERIC_DATA_TYPE.STRING;
  }
  return GENERIC_DATA_TYPE.STRING;
}

/** from_dttm / to_dttm: the query's time_range, else its first TEMPORAL_RANGE filter (Superset's order). */
export function timeBounds(
  query: NormalizedQueryObject,
  now: Date,
): { from: number | null; to: number | null } {
  try {
    const bounds = queryTimeBounds(query, now);
    return { from: bounds?.since?.getTime() ?? null, to: bounds?.until?.getTime() ?? null };
  } catch {
    return { from: null, to: null };
  }
}
