import type { ChartDataResult } from '@vitrina/common';
import { isNativeFilter } from '@vitrina/common/filters/items';
import { filterTypes } from '@vitrina/common/filters/registry';
import type { FilterConfigItem } from '@vitrina/common/filters/types';

export interface AppliedFilterRow {
  id: string;
  /** The filter's name, or the cross-filtering chart's name. */
  name: string;
  /** 'applied' when the response took the filter's column, 'rejected' with the server's reason. */
  status: 'applied' | 'rejected' | 'pending';
  reason?: string;
}

interface ResponseColumn {
  column?: unknown;
  reason?: unknown;
}

function columnsOf(list: unknown): ResponseColumn[] {
  return Array.isArray(list) ? (list as ResponseColumn[]) : [];
}

/** The columns a filter acts on, as its type names them (its target column, or the time setting it makes). */
function filterColumns(item: FilterConfigItem | undefined): string[] {
  return item && isNativeFilter(item) ? filterTypes[item.filterType].appliedColumns(item) : [];
}

/**
 * The filters that reached a chart with what its data response says of them: applied, rejected (with
 * the reason), or pending while no response names their column.
 */
export function appliedFilterRows(
  ids: readonly string[],
  items: readonly FilterConfigItem[],
  results: readonly ChartDataResult[] | null,
  chartName: (chartId: number) => string,
): AppliedFilterRow[] {
  const applied = new Set<string>();
  const rejected = new Map<string, string>();
  for (const result of results ?? []) {
    for (const entry of columnsOf(result.applied_filters))
      if (typeof entry.column === 'string') applied.add(entry.column);
    for (const entry of columnsOf(result.rejected_filters)) {
      if (typeof entry.column === 'string') rejected.set(entry.column, String(entry.reason ?? ''));
    }
  }
  return ids.map((id) => {
    const item = items.find((candidate) => candidate.id === id);
    const name = item && isNativeFilter(item) ? item.name : /^\d+$/.test(id) ? chartName(Number(id)) : id;
    const columns = filterColumns(item);
    const rejectedColumn = columns.find((column) => rejected.has(column));
    if (rejectedColumn) return { id, name, status: 'rejected', reason: rejected.get(rejectedColumn) };
    if (columns.some((column) => applied.has(column)) || (!item && results))
      return { id, name, status: 'applied' };
    return { id, name, status: results ? 'applied' : 'pending' };
  });
}
