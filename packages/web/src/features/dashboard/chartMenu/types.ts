import type { ChartDataResult, DashboardChartDto, QueryContext } from '@vitrina/common';

/** What the chart holder on the layout hands to the per-chart menu. */
export interface ChartMenuProps {
  chart: DashboardChartDto;
  /** The query context the holder sent (with the dashboard's filters merged), null before it is built. */
  queryContext: QueryContext | null;
  /** The last answer, for "view results" and exports of what is shown. */
  queriesData: ChartDataResult[] | null;
  onForceRefresh: () => void;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
}
