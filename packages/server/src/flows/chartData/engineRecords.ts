import { GENERIC_DATA_TYPE } from '@vitrina/common';
import { coltypeOf } from './materialize.ts';
import type { ChartQueryPlan, PlannedQuery } from './plan.ts';
import { type DriverTimer, executeJsonCompiled } from './runCompiled.ts';

/** A planned query's answer with its records as JSON text the engine wrote. */
export interface EngineRecords {
  colnames: string[];
  coltypes: number[];
  rowCount: number;
  /** The records, `[{…},…]`, as UTF-8 bytes. */
  json: Buffer;
  /** The SQL that ran, for display. */
  queries: string[];
}

/**
 * A planned query's rows as the answer holds them, written by the engine (a large table's answer is
 * then never a JavaScript object per row), where the answer is the rows as they are: no
 * post-processing and no time offsets to join on. Null where the query has those, the engine has no
 * such path or declines the result: the caller materializes the rows (materialize.ts).
 */
export async function engineRecords(
  plan: ChartQueryPlan,
  planned: PlannedQuery,
  withPostProcessing: boolean,
  timer?: DriverTimer,
): Promise<EngineRecords | null> {
  const { run } = plan;
  const { query, compiled } = planned;
  if (withPostProcessing && (query.post_processing.length > 0 || planned.offsets.length > 0)) return null;
  const temporal = (type: string) => coltypeOf(run, { name: '', type }) === GENERIC_DATA_TYPE.TEMPORAL;
  const records = await executeJsonCompiled(run, compiled, temporal, timer);
  if (!records) return null;
  return {
    colnames: records.columns.map((column) => column.name),
    coltypes: records.columns.map((column) => coltypeOf(run, column)),
    rowCount: records.rowCount,
    json: records.json,
    queries: [compiled.display],
  };
}
