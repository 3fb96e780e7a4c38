import { type ReactNode, useMemo } from 'react';
import { ChartDataFetcherContext, fetchChartData } from '../../../viz/useChartData.ts';
import { createBatchingFetcher } from './batchingFetcher.ts';
import { batchingDisabled } from './batchingSwitch.ts';

/**
 * Where the dashboard's charts get their data: one streamed request for the charts that mount together
 * (charts in a hidden tab mount, and so ask, when their tab opens); `?dashboard_batching=0` keeps one
 * request per chart.
 */
export function DashboardDataProvider({
  dashboardId,
  children,
}: {
  dashboardId: number;
  children: ReactNode;
}) {
  const fetcher = useMemo(
    () =>
      batchingDisabled(window.location.search) ? fetchChartData : createBatchingFetcher({ dashboardId }),
    [dashboardId],
  );
  return <ChartDataFetcherContext.Provider value={fetcher}>{children}</ChartDataFetcherContext.Provider>;
}
