import type { SeriesStyle } from '../timeseries/formData.ts';
import { transformTimeseries } from '../timeseries/transformProps.ts';
import type { ChartProps, RenderProps } from '../types.ts';

/** A line chart draws lines, whatever seriesType saved form data carries. */
const FIXED: Partial<SeriesStyle> = { seriesType: 'line' };

export function transformProps(props: ChartProps): RenderProps {
  return transformTimeseries(props, FIXED);
}
