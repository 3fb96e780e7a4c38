export {
  ChartFrame,
  type ChartFrameProps,
  DEFAULT_CHART_HEIGHT,
  DEFAULT_CHART_WIDTH,
} from './ChartFrame.tsx';
export { ChartRenderer, type ChartRendererProps } from './ChartRenderer.tsx';
export { ChartTimingModal } from './ChartTimingModal.tsx';
export { type ChartFailure, chartFailureText } from './chartFailure.ts';
export { type ChartTiming, useChartTiming, useRecordChartTiming } from './chartTimings.ts';
export { toDatasourceMeta } from './datasourceMeta.ts';
export { isDrawn, useDrawnSignal } from './drawnSignal.ts';
export { type EChartsEventHandler, EChartsRenderer } from './EChartsRenderer.tsx';
export { isScreenshotRender } from './screenshotMode.ts';
export type { ChartComponentProps, ChartStatus } from './types.ts';
export {
  type AnswerTiming,
  type ChartData,
  type ChartDataFetcher,
  ChartDataFetcherContext,
  type ChartDataOptions,
  type FetchOptions,
  fetchChartData,
  firstQueryError,
  useChartData,
} from './useChartData.ts';
