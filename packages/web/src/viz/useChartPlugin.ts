import type { ChartPlugin } from '@vitrina/common';
import {
  type ChartPlugins,
  currentVizType,
  loadAllChartPlugins,
  loadChartPlugin,
  loadedChartPlugin,
} from '@vitrina/common/viz/registry';
import { useEffect, useState } from 'react';

/**
 * A chart type's code as a component sees it: each type is its own chunk (common viz/registry.ts), so a
 * page downloads the types it draws, when it draws them.
 */
export type ChartPluginState =
  | { status: 'loading' }
  | { status: 'ready'; plugin: ChartPlugin }
  | { status: 'unknown' }
  | { status: 'failed'; error: Error };

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

function stateOf(vizType: string | null | undefined): ChartPluginState {
  const current = currentVizType(vizType);
  if (!current) return { status: 'unknown' };
  const plugin = loadedChartPlugin(current);
  return plugin ? { status: 'ready', plugin } : { status: 'loading' };
}

/**
 * The code of a viz_type (current or legacy name), downloaded once `wanted` (a dashboard asks only when
 * the chart's data has come, so the types of charts still waiting are not in the first download).
 * Already loaded: ready at once, so a redraw never flashes a spinner.
 */
export function useChartPlugin(vizType: string | null | undefined, wanted = true): ChartPluginState {
  const [state, setState] = useState<{ vizType: typeof vizType; loaded: ChartPluginState }>(() => ({
    vizType,
    loaded: stateOf(vizType),
  }));
  // A new type starts from what is known of it now, not from the previous type's state.
  const shown = state.vizType === vizType ? state.loaded : stateOf(vizType);

  useEffect(() => {
    const current = currentVizType(vizType);
    if (!current || !wanted) return;
    let live = true;
    loadChartPlugin(current).then(
      (plugin) => live && setState({ vizType, loaded: { status: 'ready', plugin } }),
      (error: unknown) => live && setState({ vizType, loaded: { status: 'failed', error: asError(error) } }),
    );
    return () => {
      live = false;
    };
  }, [vizType, wanted]);

  return shown;
}

export type AllChartPluginsState =
  | { status: 'loading' }
  | { status: 'ready'; plugins: ChartPlugins }
  | { status: 'failed'; error: Error };

/** Every type's code, for screens that may show or switch to any type (explore and its gallery). */
export function useAllChartPlugins(): AllChartPluginsState {
  const [state, setState] = useState<AllChartPluginsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadAllChartPlugins().then(
      (plugins) => live && setState({ status: 'ready', plugins }),
      (error: unknown) => live && setState({ status: 'failed', error: asError(error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
