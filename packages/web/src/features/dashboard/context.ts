import type { DashboardChartDto, DashboardDto, StandaloneMode } from '@vitrina/common';
import { createContext, type Dispatch, useContext } from 'react';
import type { DashboardPermissions } from './permissions.ts';
import type { DashboardSession, DashboardSessionAction } from './state/types.ts';

/** What every part of the dashboard page reads: the loaded dashboard, its charts, the session. */
export interface DashboardContextValue {
  dashboard: DashboardDto;
  /** The dashboard's charts by id (`GET /api/v1/dashboard/{id}/charts`). */
  charts: ReadonlyMap<number, DashboardChartDto>;
  permissions: DashboardPermissions;
  session: DashboardSession;
  dispatch: Dispatch<DashboardSessionAction>;
  /** Refresh every chart (or those given); `force` bypasses the server cache. */
  refreshCharts: (options: { force: boolean; chartIds?: number[] }) => void;
  /** Increases on every refresh of a chart: charts re-query when their entry changes. */
  refreshNonces: ReadonlyMap<number, { nonce: number; force: boolean }>;
  /** URL parameters the page honours. */
  standalone: StandaloneMode;
  /** The filter bar as the address asks (`show_filters`, `expand_filters`); absent: shown, as it is. */
  filterBarParams?: { show: boolean; expanded: boolean | null };
}

export type { StandaloneMode };

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboardContext(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboardContext outside a dashboard page');
  return value;
}
