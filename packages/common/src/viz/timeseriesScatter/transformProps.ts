import type { SeriesStyle } from '../timeseries/formData.ts';
import { transformTimeseries } from '../timeseries/transformProps.ts';
import type { ChartProps, RenderProps } from '../types.ts';

/** Points only: markers always on, no fill and no stacking. */
const FIXED: Partial<SeriesStyle> = { seriesType: 'scatter', markerEnabled: true, area: false, stack: null };

export function transformProps(props: ChartProps): RenderProps {
  return transformTimeseries(props, FIXED);
}
