import type { CurrentUserWithRoles, DashboardChartDto, DashboardDto } from '@vitrina/common';
import { nodesOfType, readDashboardUrlParams } from '@vitrina/common';
import { Flex } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { guestToken } from '../../api/guestToken.ts';
import { logEvent, useEventSource } from '../../app/eventLog/index.ts';
import { localizedName } from '../../components/index.ts';
import { DashboardContext, type DashboardContextValue } from './context.ts';
import { DashboardFilterArea } from './crossFilters/DashboardFilterArea.tsx';
import { DashboardDataProvider } from './data/index.ts';
import { Palette } from './dialogs.ts';
import { EditingProvider } from './edit/EditingProvider.tsx';
import { DashboardHeader } from './header/index.ts';
import { loadAction } from './loadSession.ts';
import { chartDatasetsOf } from './nativeFilters/config/chartDatasets.ts';
import { DataMaskProvider } from './nativeFilters/dataMaskContext.tsx';
import { initialDataMask } from './nativeFilters/initialDataMask.ts';
import { usePreselectFiltersWarnings } from './nativeFilters/usePreselectFiltersWarnings.ts';
import type { PermalinkState } from './permalink/api.ts';
import { PermalinkRestorer } from './permalink/PermalinkRestorer.tsx';
import { tabsToOpen } from './permalink/permalinkState.ts';
import { dashboardPermissions } from './permissions.ts';
import { initialSession, sessionReducer } from './state/sessionReducer.ts';
import { DASHBOARD_CSS_SCOPE } from './style/cssScope.ts';
import { useScopedCss } from './style/useScopedCss.ts';
import { useRefreshNonces } from './useRefreshNonces.ts';
import { CanvasContext, type CanvasContextValue } from './view/canvasContext.ts';
import { DashboardCanvas } from './view/DashboardCanvas.tsx';
import { useActiveTabs } from './view/useActiveTabs.ts';
import { useLabelColorMap, useLabelColorSync } from './view/useLabelColors.ts';

interface DashboardScreenProps {
  dashboard: DashboardDto;
  charts: DashboardChartDto[];
  user: CurrentUserWithRoles;
  /** The state of the permalink the page was opened with: its first selection and open tabs. */
  permalink?: PermalinkState;
  /** When the page began to open (performance.now() ms), for mount_dashboard's mount_duration. */
  openedAt?: number;
}

/** A loaded dashboard: its session, its header, its CSS, the layout, and the editor when editing. */
export function DashboardScreen({ dashboard, charts, user, permalink, openedAt = 0 }: DashboardScreenProps) {
  const { i18n } = useTranslation();
  const location = useLocation();
  // The address is read once: later changes (tab hashes, a save's new path) do not reset the page.
  const [params] = useState(() => readDashboardUrlParams(new URLSearchParams(location.search)));
  const permissions = useMemo(
    () => dashboardPermissions(user.roles, user.id, dashboard, guestToken() !== null),
    [user, dashboard],
  );

  const [session, dispatch] = useReducer(sessionReducer, null, () => ({
    ...sessionReducer(initialSession(), loadAction(dashboard, charts)),
    editing: params.edit && permissions.edit,
  }));
  const [initialMask] = useState(() =>
    initialDataMask(dashboard, new URLSearchParams(location.search), {
      restored: permalink?.dataMask,
      layout: session.layout,
      chartDatasets: chartDatasetsOf(charts),
    }),
  );
  usePreselectFiltersWarnings(params.preselectFilters);

  // A dashboard saved or changed elsewhere and loaded again becomes the session's saved state.
  const loaded = useRef({ dashboard, charts });
  useEffect(() => {
    if (loaded.current.dashboard === dashboard && loaded.current.charts === charts) return;
    loaded.current = { dashboard, charts };
    dispatch(loadAction(dashboard, charts));
  }, [dashboard, charts]);

  const chartsById = useMemo(() => new Map(charts.map((chart) => [chart.id, chart])), [charts]);
  const [addedCharts, setAddedCharts] = useState<ReadonlyMap<number, DashboardChartDto>>(new Map());
  const chartAdded = useCallback((chart: DashboardChartDto) => {
    setAddedCharts((current) => new Map(current).set(chart.id, chart));
  }, []);
  const knownChart = useCallback(
    (chartId: number) => chartsById.get(chartId) ?? addedCharts.get(chartId),
    [chartsById, addedCharts],
  );

  const { refreshNonces, refreshCharts } = useRefreshNonces(session.layout);
  const focusedNodeId =
    params.focusedChart === null
      ? null
      : (nodesOfType(session.layout, 'CHART').find((node) => node.meta.chartId === params.focusedChart)?.id ??
        null);
  const [restoredTabs] = useState(() =>
    Object.fromEntries(tabsToOpen(session.layout, permalink?.activeTabs ?? [])),
  );
  const { activeTabs, setActiveTab } = useActiveTabs(session.layout, focusedNodeId, restoredTabs);
  const [fullscreenChartId, setFullscreenChartId] = useState<number | null>(null);
  const [reportTabs] = useState(() =>
    params.standalone === 3 ? new Set<string>(permalink?.activeTabs ?? []) : null,
  );
  const labelColors = useLabelColorMap(session.metadata);
  useLabelColorSync(labelColors, {
    dashboard,
    // Report pictures (standalone=3) only look; the people who may edit the dashboard save its colours.
    canSave: permissions.edit && params.standalone !== 3,
    editing: session.editing,
  });

  const context = useMemo<DashboardContextValue>(
    () => ({
      dashboard,
      charts: chartsById,
      permissions,
      session,
      dispatch,
      refreshCharts,
      refreshNonces,
      standalone: params.standalone,
      filterBarParams: { show: params.showFilters, expanded: params.expandFilters },
    }),
    [dashboard, chartsById, permissions, session, refreshCharts, refreshNonces, params],
  );
  const canvas = useMemo<CanvasContextValue>(
    () => ({
      focusedChartId: params.focusedChart,
      hideTab: params.hideTab,
      hideChartControls: params.hideChartControls,
      forceFirstLoad: params.force,
      labelColors,
      addedCharts,
      activeTabs,
      setActiveTab,
      fullscreenChartId,
      setFullscreenChartId,
      reportTabs,
    }),
    [params, labelColors, addedCharts, activeTabs, setActiveTab, fullscreenChartId, reportTabs],
  );

  useEventSource({ source: 'dashboard', source_id: dashboard.id, dashboard_id: dashboard.id });
  const mountedOnce = useRef({
    openedAt,
    editing: session.editing,
    empty: charts.length === 0,
    published: dashboard.published,
    logged: false,
  });
  useEffect(() => {
    const opened = mountedOnce.current;
    // Once per opening, though development mode runs effects twice.
    if (opened.logged) return;
    opened.logged = true;
    logEvent(
      'mount_dashboard',
      {
        is_soft_navigation: opened.openedAt > 0,
        is_edit_mode: opened.editing,
        mount_duration: Math.round(performance.now() - opened.openedAt),
        is_empty: opened.empty,
        is_published: opened.published,
      },
      { source: 'dashboard', source_id: dashboard.id, dashboard_id: dashboard.id },
    );
  }, [dashboard.id]);

  const title = localizedName(session.title, session.titleRu, i18n.language);
  useEffect(() => {
    document.title = `${title} · Vitrina`;
  }, [title]);
  const css = useScopedCss(session.css, {
    origin: window.location.origin,
    keyframesPrefix: `dashboard-${dashboard.id}-`,
  });

  const canvasArea = (
    <Flex gap={16} align="flex-start">
      <div style={{ flex: '1 1 auto', minWidth: 0 }}>
        <DashboardFilterArea>
          <DashboardDataProvider dashboardId={dashboard.id}>
            <DashboardCanvas />
          </DashboardDataProvider>
        </DashboardFilterArea>
      </div>
      {session.editing && <Palette />}
    </Flex>
  );

  return (
    <DashboardContext.Provider value={context}>
      <CanvasContext.Provider value={canvas}>
        <DataMaskProvider initial={initialMask}>
          <PermalinkRestorer anchor={permalink?.anchor} />
          <div className={DASHBOARD_CSS_SCOPE} data-test="dashboard-page" data-dashboard-id={dashboard.id}>
            {css && <style data-test="dashboard-css">{css}</style>}
            {!params.hideTitle && <DashboardHeader />}
            {/* Always mounted, so entering or leaving edit mode does not remount (and re-query) the charts. */}
            <EditingProvider knownChart={knownChart} onChartAdded={chartAdded}>
              {canvasArea}
            </EditingProvider>
          </div>
        </DataMaskProvider>
      </CanvasContext.Provider>
    </DashboardContext.Provider>
  );
}
