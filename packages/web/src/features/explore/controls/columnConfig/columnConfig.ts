/**
 * Per-column display settings of table charts (`column_config`), keyed by result column name, in
 * Superset's field names (the entry type is the table chart's, common/viz/table/formData).
 */
import type { ColumnConfig } from '@vitrina/common/viz/table/formData';

export type { ColumnConfig, HorizontalAlign } from '@vitrina/common/viz/table/formData';

export type ColumnConfigMap = Record<string, ColumnConfig>;

export function columnConfigMapOf(value: unknown): ColumnConfigMap {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ColumnConfigMap) : {};
}

/**
 * The map with one column's settings changed. Settings set back to nothing are removed, and a column
 * left with none leaves the map, so untouched columns keep the chart's defaults.
 */
export function withColumnConfig(
  map: ColumnConfigMap,
  column: string,
  patch: Partial<ColumnConfig>,
): ColumnConfigMap {
  const merged: Record<string, unknown> = { ...map[column], ...patch };
  for (const [key, setting] of Object.entries(merged))
    if (setting === undefined || setting === null || setting === '') delete merged[key];
  const next = { ...map };
  if (Object.keys(merged).length === 0) delete next[column];
  else next[column] = merged as ColumnConfig;
  return next;
}
