/** The render props of a chart drawn by the web app's generic ECharts renderer. */
import type { ChartProps, RenderProps } from '../types.ts';

export function echartsRender(props: Pick<ChartProps, 'width' | 'height'>, option: object): RenderProps {
  return {
    renderer: 'echarts',
    option: option as Record<string, unknown>,
    width: props.width,
    height: props.height,
  };
}
