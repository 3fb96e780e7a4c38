import type { ResultColumnInfo } from '../api/sqllab.ts';
import { isRecord } from '../isRecord.ts';

/** What a SQL Lab run's `extra_json` holds: the progress text of multi-statement runs and the result's columns. */
export interface QueryExtra {
  progress?: string | null;
  errors?: unknown[];
  columns?: ResultColumnInfo[];
  /** The result statement without SQL Lab's limit, for the CSV export (not answered to clients). */
  exportSql?: string | null;
  /** The statements the export replays before `exportSql` on its connection (not answered either). */
  exportSetup?: string[];
}

/** A run's extra_json read leniently: text that is not a JSON object reads as nothing recorded. */
export function parseQueryExtra(text: string): QueryExtra {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? (value as QueryExtra) : {};
  } catch {
    return {};
  }
}

/** The result columns SQL Lab recorded for a run; undefined when none were (read them from the engine). */
export function recordedColumns(extraJson: string): ResultColumnInfo[] | undefined {
  const { columns } = parseQueryExtra(extraJson);
  return Array.isArray(columns) ? columns : undefined;
}
