/** The props of a chart type's own component in web/viz (`table/`, `pivotTable/`, `bigNumber/`). */
export interface ChartComponentProps {
  /** RenderProps.props, as the type's transformProps made them. */
  props: Record<string, unknown>;
  width: number;
  height: number;
  /** The chart's own state changed (table: page, page size, search, sort); the query may re-run. */
  onOwnStateChange?: (ownState: Record<string, unknown>) => void;
}

/** The chart area's states (spec: loading, success, rendered, failed, stopped), and idle before any query. */
export type ChartStatus = 'idle' | 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';
