import type { DashboardChartDto, LabelColorMap } from '@vitrina/common';
import { createContext, useContext } from 'react';

/** What the layout's components share beyond the dashboard context: view options and page state. */
export interface CanvasContextValue {
  /** The chart that the `focused_chart` parameter asked for: scrolled to and highlighted. */
  focusedChartId: number | null;
  hideTab: boolean;
  hideChartControls: boolean;
  /** The first load bypasses the server cache (`force=true`). */
  forceFirstLoad: boolean;
  /** The dashboard's one label → colour map, shared by all its charts. */
  labelColors: LabelColorMap;
  /** Charts added from the palette in this edit session, not yet among the dashboard's charts. */
  addedCharts: ReadonlyMap<number, DashboardChartDto>;
  /** The selected TAB of each TABS component. */
  activeTabs: Readonly<Record<string, string>>;
  setActiveTab: (tabsId: string, tabId: string) => void;
  fullscreenChartId: number | null;
  setFullscreenChartId: (chartId: number | null) => void;
  /**
   * Report mode (`standalone=3`, how pictures are taken): every tab is shown, one under another, or
   * only the listed ones of a Tabs container that has any listed. null outside report mode.
   */
  reportTabs: ReadonlySet<string> | null;
}

export const CanvasContext = createContext<CanvasContextValue | null>(null);

export function useCanvas(): CanvasContextValue {
  const value = useContext(CanvasContext);
  if (!value) throw new Error('useCanvas outside a dashboard canvas');
  return value;
}
