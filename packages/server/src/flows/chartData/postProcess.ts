import {
  applyPostProcessing,
  fromRecords,
  type PostProcessingOperation,
  toRecords,
} from '@vitrina/common/query/postProcessing/index';

/**
 * The one seam to common's post-processing: records in (temporal values as epoch ms, as Superset's
 * pandas frames hold them; numeric text such as decimals as numbers, as pandas reads them), records
 * out with the new column names.
 */
export interface Rows {
  colnames: string[];
  records: Record<string, unknown>[];
}

export function postProcess(
  rows: Rows,
  operations: readonly PostProcessingOperation[],
  numericColumns: ReadonlySet<string> = new Set(),
): Rows {
  if (operations.length === 0) return rows;
  const records =
    numericColumns.size === 0
      ? rows.records
      : rows.records.map((record) => {
          const copy = { ...record };
          for (const name of numericColumns) {
            const value = copy[name];
            if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
              copy[name] = Number(value);
            }
          }
          return copy;
        });
  const frame = applyPostProcessing(fromRecords(records, rows.colnames), operations);
  return { colnames: [...frame.columns], records: toRecords(frame) };
}
