import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useServerConf } from '../api/featureFlags.ts';

/** What the server's configuration tells every chart: the Mapbox token of the MapBox chart's map. */
export interface ChartSettings {
  mapboxApiKey?: string;
}

const ChartSettingsContext = createContext<ChartSettings>({});

/** The settings charts are drawn with; none outside the signed-in app (embedded, tests). */
export function useChartSettings(): ChartSettings {
  return useContext(ChartSettingsContext);
}

/** Hands the server's settings (GET /api/v1/feature_flags/ `conf`) to the charts below. */
export function ServerChartSettings({ children }: { children: ReactNode }) {
  const token = useServerConf().data?.MAPBOX_API_KEY;
  const settings = useMemo(() => (token ? { mapboxApiKey: token } : {}), [token]);
  return <ChartSettingsContext.Provider value={settings}>{children}</ChartSettingsContext.Provider>;
}
