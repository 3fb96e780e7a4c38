import type { SeriesStyle } from '../timeseries/formData.ts';
import { transformTimeseries } from '../timeseries/transformProps.ts';
import type { ChartProps, RenderProps } from '../types.ts';

/** Bars, vertical or horizontal by the orientation control. */
const FIXED: Partial<SeriesStyle> = { seriesType: 'bar', area: false };

export function transformProps(props: ChartProps): RenderProps {
  return transformTimeseries(props, FIXED);
}
