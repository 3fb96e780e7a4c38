/** The heatmap's axes: distinct values of a column, sorted by name or by their metric totals. */
import { cellNumber } from '../echartsShared/formData.ts';
import type { Row } from '../echartsShared/labels.ts';
import type { SortAxis } from './controlPanel.ts';

/** Distinct values of a column in order of appearance (nulls included: they are a category too). */
export function distinctValues(rows: readonly Row[], column: string): unknown[] {
  const seen = new Set<unknown>();
  for (const row of rows) seen.add(row[column] ?? null);
  return [...seen];
}

function compareNames(a: unknown, b: unknown): number {
  const x = typeof a === 'number' ? a : Number(a);
  const y = typeof b === 'number' ? b : Number(b);
  if (a !== null && b !== null && a !== '' && b !== '' && Number.isFinite(x) && Number.isFinite(y))
    return x - y;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
}

/** Sorted axis values: alphabetically (numbers numerically) or by the sum of the metric per value. */
export function sortAxis(
  values: readonly unknown[],
  rows: readonly Row[],
  sort: SortAxis | undefined,
  axisColumn: string,
  metric: string,
): unknown[] {
  if (!sort) return [...values];
  const direction = sort.endsWith('desc') ? -1 : 1;
  if (sort.startsWith('value')) {
    const totals = new Map<unknown, number>();
    for (const row of rows) {
      const key = row[axisColumn] ?? null;
      totals.set(key, (totals.get(key) ?? 0) + (cellNumber(row[metric]) ?? 0));
    }
    return [...values].sort((a, b) => direction * ((totals.get(a) ?? 0) - (totals.get(b) ?? 0)));
  }
  return [...values].sort((a, b) => direction * compareNames(a, b));
}
