import type { ReactNode } from 'react';

/**
 * Where the dashboard's charts get their data. Until the one-request path is wired in, charts fetch
 * one request each through the default fetcher of `useChartData`.
 */
export function DashboardDataProvider({ children }: { dashboardId: number; children: ReactNode }) {
  return <>{children}</>;
}
