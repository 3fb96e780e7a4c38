/** The props of a chart type's own component in web/viz (`table/`, `pivotTable/`, `bigNumber/`). */
export interface ChartComponentProps {
  /** RenderProps.props, as the type's transformProps made them. */
  props: Record<string, unknown>;
  width: number;
  height: number;
  /** The chart's own state changed (table: page, page size, search, sort); the query may re-run. */
  onOwnStateChange?: (ownState: Record<string, unknown>) => void;
  /** A click on a dimension cell (table), for a dashboard's cross-filter. */
  onCrossFilter?: (column: string, value: unknown) => void;
  /** The chart's own cross-filter, drawn as selected cells. */
  crossFilterSelection?: CrossFilterSelected | null;
  /** A click on a header or cell standing for dimension values (pivot table), column label → value. */
  onCrossFilterDimensions?: (dimensions: Record<string, unknown>) => void;
  /** The chart's own cross-filter on one or several columns, drawn as selected headers and cells. */
  crossFilterTuples?: CrossFilterTuples | null;
}

/** The elements a chart's own cross-filter selected: one value per column each. */
export interface CrossFilterTuples {
  columns: readonly string[];
  tuples: ReadonlyArray<readonly unknown[]>;
}

/** The values a chart's own cross-filter selected on one column. */
export interface CrossFilterSelected {
  column: string;
  values: readonly unknown[];
}

/** The chart area's states (spec: loading, success, rendered, failed, stopped), and idle before any query. */
export type ChartStatus = 'idle' | 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';
