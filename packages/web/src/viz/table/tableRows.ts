/** Sorting and searching of the table's rows in the browser (server-paginated tables sort on the server). */
import type { TableColumn } from '@vitrina/common/viz/table/index';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two cells: numbers by value, text naturally; empty cells last. */
export function compareCells(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined;
  const bEmpty = b === null || b === undefined;
  if (aEmpty || bEmpty) return aEmpty && bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Whether a row shows the searched text in any column (as displayed, or as stored), ignoring case. */
export function rowMatches(
  row: Record<string, unknown>,
  columns: readonly TableColumn[],
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return columns.some((column) => {
    const value = row[column.key];
    if (value === null || value === undefined) return false;
    return (
      column.format(value).toLowerCase().includes(needle) || String(value).toLowerCase().includes(needle)
    );
  });
}
