import type { SeriesStyle } from '../timeseries/formData.ts';
import { transformTimeseries } from '../timeseries/transformProps.ts';
import type { ChartProps, RenderProps } from '../types.ts';

/** Lines drawn as smooth curves through the points. */
const FIXED: Partial<SeriesStyle> = { seriesType: 'smooth' };

export function transformProps(props: ChartProps): RenderProps {
  return transformTimeseries(props, FIXED);
}
