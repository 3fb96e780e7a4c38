import { areaSeriesRows, timeseriesControlPanel } from '../timeseries/controlPanel.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = timeseriesControlPanel({ seriesRows: areaSeriesRows() });
