/** The props of the table's own component (web/viz/table), as transformProps makes them. */
import type { ValueRange } from './cellBars.ts';
import type { HorizontalAlign } from './formData.ts';

export type TableDataType = 'number' | 'string' | 'temporal' | 'boolean';

export interface TableColumn {
  /** Key of the column in the rows. */
  key: string;
  /** Header text: the dataset's verbose name in the UI language, or the key. */
  label: string;
  dataType: TableDataType;
  isMetric: boolean;
  isPercentMetric: boolean;
  align: HorizontalAlign;
  /** Fixed width in pixels, when the column configuration sets one. */
  width: number | null;
  /** The cell text of a value (empty for null: the component shows its null mark). */
  format: (value: unknown) => string;
  /** Cell bars, when shown for this column. */
  bars: { range: ValueRange; alignPositiveNegative: boolean; colorPositiveNegative: boolean } | null;
  /** Background of a cell from conditional formatting, or undefined. */
  background: ((value: unknown) => string | undefined) | null;
}

export interface TableSort {
  key: string;
  desc: boolean;
}

export interface TableChartProps {
  columns: TableColumn[];
  data: Array<Record<string, unknown>>;
  /** The summary row (show_totals), keyed like the rows. */
  totals: Record<string, unknown> | null;
  /** Rows in the whole result: the row-count query's answer with server pagination. */
  rowCount: number;
  serverPagination: boolean;
  /** Rows per page; 0 shows every row. */
  pageSize: number;
  pageSizeChoices: number[];
  /** Zero-based page; with server pagination the page the rows are. */
  currentPage: number;
  /** The server-side sort of a server-paginated table. */
  sort: TableSort | null;
  includeSearch: boolean;
}
