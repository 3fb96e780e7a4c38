/** The props of the pivot table's own component (web/viz/pivotTable), as transformProps makes them. */
import type { AggregateFunction, CellValue } from './aggregators.ts';

/** What a header cell says; the component translates the labels that are not data. */
export type HeaderLabel =
  | { type: 'value'; text: string }
  /** A dimension's empty (NULL) value. */
  | { type: 'null' }
  /** A dimension's name. */
  | { type: 'attr'; text: string }
  /** The name of the metrics dimension ('Metric'). */
  | { type: 'metricAttr' }
  | { type: 'subtotal' }
  /** 'Total (<aggregation>)'. */
  | { type: 'total' }
  | { type: 'empty' };

export interface PivotHeaderCell {
  label: HeaderLabel;
  rowSpan: number;
  colSpan: number;
}

export type PivotCellKind = 'data' | 'subtotal' | 'total';

export interface PivotBodyCell {
  value: CellValue;
  /** The formatted value. */
  text: string;
  kind: PivotCellKind;
  /** Background from conditional formatting. */
  background: string | null;
}

export interface PivotBodyRow {
  kind: PivotCellKind;
  headers: PivotHeaderCell[];
  cells: PivotBodyCell[];
}

export interface PivotTableChartProps {
  aggregateFunction: AggregateFunction;
  /** The rows of the table head: column headers level by level, then the row dimensions' names. */
  headerRows: PivotHeaderCell[][];
  rows: PivotBodyRow[];
}
