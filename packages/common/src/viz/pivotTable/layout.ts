/**
 * A computed pivot → the cells of an HTML table with nested headers, as Superset's pivot lays it out:
 * column headers level by level above (a group's header spans its columns and subtotal), row headers
 * at the left (a group's header spans its rows and subtotal), subtotals after their group, the totals
 * column at the right (rowTotals) and the totals row at the bottom (colTotals). An axis without
 * dimensions shows its total alone.
 */
import type { CellValue } from './aggregators.ts';
import type { AxisAttr, Key, KeyNode, KeyPart, Pivot } from './pivot.ts';
import type {
  HeaderLabel,
  PivotBodyCell,
  PivotBodyRow,
  PivotCellKind,
  PivotDimensions,
  PivotHeaderCell,
} from './types.ts';

export interface LayoutOptions {
  /** A totals column: each row's total (Superset's rowTotals). */
  rowTotals: boolean;
  /** A totals row: each column's total (Superset's colTotals). */
  colTotals: boolean;
  rowSubTotals: boolean;
  colSubTotals: boolean;
  /** Header text of a dimension value at a position of an axis. */
  partLabel: (attr: AxisAttr, part: KeyPart) => HeaderLabel;
  attrLabel: (attr: AxisAttr) => HeaderLabel;
  /** Cell text of a value of a metric (null: a position spanning several metrics). */
  format: (value: CellValue, metric: number | null) => string;
  /** Conditional background of a data cell of a metric. */
  background: (value: CellValue, metric: number) => string | null;
}

export interface AxisEntry {
  key: KeyPart[];
  kind: PivotCellKind;
}

/** An axis's entries in display order: data keys, subtotals after their group, the total last. */
export function axisEntries(tree: KeyNode[], depth: number, subtotals: boolean, total: boolean): AxisEntry[] {
  const entries: AxisEntry[] = [];
  const walk = (nodes: KeyNode[]) => {
    for (const node of nodes) {
      if (node.children.length === 0) {
        entries.push({ key: node.key, kind: 'data' });
        continue;
      }
      walk(node.children);
      if (subtotals && node.key.length < depth) entries.push({ key: node.key, kind: 'subtotal' });
    }
  };
  if (depth > 0) walk(tree);
  if (total || depth === 0) entries.push({ key: [], kind: 'total' });
  return entries;
}

const samePrefix = (a: Key, b: Key, length: number) => {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Whether the entry at `index` opens a header group at `level`; then how many entries the group spans. */
function groupSpan(entries: AxisEntry[], index: number, level: number): number {
  const entry = entries[index] as AxisEntry;
  if (entry.key.length <= level) return 0;
  const previous = entries[index - 1];
  if (previous && previous.key.length > level && samePrefix(previous.key, entry.key, level + 1)) return 0;
  let span = 1;
  for (let next = index + 1; next < entries.length; next++) {
    const candidate = entries[next] as AxisEntry;
    if (candidate.key.length <= level || !samePrefix(candidate.key, entry.key, level + 1)) break;
    span += 1;
  }
  return span;
}

const cell = (label: HeaderLabel, rowSpan = 1, colSpan = 1): PivotHeaderCell => ({ label, rowSpan, colSpan });

/** The dimension values of a key's first `length` parts (the metrics dimension left out). */
function dimensionsOf(attrs: readonly AxisAttr[], key: Key, length = key.length): PivotDimensions {
  const dimensions: PivotDimensions = {};
  for (let i = 0; i < length; i++) {
    const attr = attrs[i];
    if (attr?.type === 'column') dimensions[attr.key] = key[i] ?? null;
  }
  return dimensions;
}

/** A dimension value's header, carrying its dimensions when it has any (not a metric's header). */
function valueHeader(
  label: HeaderLabel,
  rowSpan: number,
  colSpan: number,
  dimensions: PivotDimensions,
): PivotHeaderCell {
  const header = cell(label, rowSpan, colSpan);
  if (Object.keys(dimensions).length > 0) header.dimensions = dimensions;
  return header;
}

function headRows(pivot: Pivot, cols: AxisEntry[], options: LayoutOptions): PivotHeaderCell[][] {
  const { rows: rowAttrs, cols: colAttrs } = pivot.spec;
  const R = rowAttrs.length;
  const C = colAttrs.length;
  const below = R > 0 ? 1 : 0;
  const head: PivotHeaderCell[][] = [];
  for (let level = 0; level < C; level++) {
    const line: PivotHeaderCell[] = [];
    if (level === 0 && R > 0) line.push(cell({ type: 'empty' }, C, R));
    line.push(cell(options.attrLabel(colAttrs[level] as AxisAttr)));
    cols.forEach((entry, index) => {
      if (entry.kind === 'total') {
        if (level === 0) line.push(cell({ type: 'total' }, C + below));
        return;
      }
      if (entry.kind === 'subtotal' && entry.key.length === level) {
        line.push(cell({ type: 'subtotal' }, C - level + below));
        return;
      }
      const span = groupSpan(cols, index, level);
      if (span === 0) return;
      const lastLevel = entry.kind === 'data' && level === C - 1;
      line.push(
        valueHeader(
          options.partLabel(colAttrs[level] as AxisAttr, entry.key[level] as KeyPart),
          lastLevel ? 1 + below : 1,
          span,
          colAttrs[level]?.type === 'column' ? dimensionsOf(colAttrs, entry.key, level + 1) : {},
        ),
      );
    });
    head.push(line);
  }
  if (R > 0) {
    const line = rowAttrs.map((attr) => cell(options.attrLabel(attr)));
    // Under the column dimensions' names; with no column dimensions it heads the only (total) column.
    line.push(cell(C > 0 ? { type: 'empty' } : { type: 'total' }));
    head.push(line);
  }
  return head;
}

function rowHeaders(
  pivot: Pivot,
  rows: AxisEntry[],
  index: number,
  options: LayoutOptions,
): PivotHeaderCell[] {
  const rowAttrs = pivot.spec.rows;
  const R = rowAttrs.length;
  const axisColumn = pivot.spec.cols.length > 0 ? 1 : 0;
  const entry = rows[index] as AxisEntry;
  if (entry.kind === 'total') return [cell({ type: 'total' }, 1, Math.max(1, R + axisColumn))];
  const headers: PivotHeaderCell[] = [];
  for (let level = 0; level < entry.key.length; level++) {
    const span = groupSpan(rows, index, level);
    if (span === 0) continue;
    const last = entry.kind === 'data' && level === R - 1;
    const label = options.partLabel(rowAttrs[level] as AxisAttr, entry.key[level] as KeyPart);
    const dimensions = rowAttrs[level]?.type === 'column' ? dimensionsOf(rowAttrs, entry.key, level + 1) : {};
    headers.push(valueHeader(label, span, last ? 1 + axisColumn : 1, dimensions));
  }
  if (entry.kind === 'subtotal')
    headers.push(cell({ type: 'subtotal' }, 1, R - entry.key.length + axisColumn));
  return headers;
}

function bodyCell(pivot: Pivot, row: AxisEntry, col: AxisEntry, options: LayoutOptions): PivotBodyCell {
  const value = pivot.value(row.key, col.key);
  const metric = pivot.metricOf(row.key, col.key);
  const kind: PivotCellKind =
    row.kind === 'total' || col.kind === 'total'
      ? 'total'
      : row.kind === 'subtotal' || col.kind === 'subtotal'
        ? 'subtotal'
        : 'data';
  const body: PivotBodyCell = {
    value,
    text: value === null ? '' : options.format(value, metric),
    kind,
    background: kind === 'data' && metric !== null && metric >= 0 ? options.background(value, metric) : null,
  };
  const dimensions = {
    ...dimensionsOf(pivot.spec.rows, row.key),
    ...dimensionsOf(pivot.spec.cols, col.key),
  };
  if (Object.keys(dimensions).length > 0) body.dimensions = dimensions;
  return body;
}

export function layoutPivot(
  pivot: Pivot,
  options: LayoutOptions,
): { headerRows: PivotHeaderCell[][]; rows: PivotBodyRow[] } {
  const rows = axisEntries(pivot.rowTree, pivot.spec.rows.length, options.rowSubTotals, options.colTotals);
  const cols = axisEntries(pivot.colTree, pivot.spec.cols.length, options.colSubTotals, options.rowTotals);
  return {
    headerRows: headRows(pivot, cols, options),
    rows: rows.map((row, index) => ({
      kind: row.kind,
      headers: rowHeaders(pivot, rows, index, options),
      cells: cols.map((col) => bodyCell(pivot, row, col, options)),
    })),
  };
}
