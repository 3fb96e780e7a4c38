import { AREA_SERIES_TYPES } from '../timeseries/controlPanel.ts';
import { transformTimeseries } from '../timeseries/transformProps.ts';
import type { ChartProps, RenderProps } from '../types.ts';

/** Always filled; the line under the fill may be straight, smooth or stepped, never bars or dots. */
export function transformProps(props: ChartProps): RenderProps {
  const seriesType = AREA_SERIES_TYPES.has(String(props.formData.seriesType))
    ? {}
    : { seriesType: 'line' as const };
  return transformTimeseries(props, { area: true, ...seriesType });
}
