import { lineSeriesRows, timeseriesControlPanel } from '../timeseries/controlPanel.ts';
import type { ControlPanelConfig } from '../types.ts';

export const controlPanel: ControlPanelConfig = timeseriesControlPanel({ seriesRows: lineSeriesRows() });
