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

/**
 * The dimension values a header or cell stands for, result column label → value (the metrics
 * dimension left out): what a dashboard's cross-filter selects when it is clicked.
 */
export type PivotDimensions = Record<string, string | number | boolean | null>;

export interface PivotHeaderCell {
  label: HeaderLabel;
  rowSpan: number;
  colSpan: number;
  /** A dimension value's header: its value and its parents'. */
  dimensions?: PivotDimensions;
}

export type PivotCellKind = 'data' | 'subtotal' | 'total';

export interface PivotBodyCell {
  value: CellValue;
  /** The formatted value. */
  text: string;
  kind: PivotCellKind;
  /** Background from conditional formatting. */
  background: string | null;
  /** The row's and the column's dimension values; absent for the grand total. */
  dimensions?: PivotDimensions;
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
