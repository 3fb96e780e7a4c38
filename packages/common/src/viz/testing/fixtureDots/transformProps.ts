import { columnLabel, metricLabel } from '../../../query/types.ts';
import { withDefaults } from '../../echartsShared/formData.ts';
import { columnsOf, metricsOf } from '../../shared/query.ts';
import type { ChartProps, RenderProps } from '../../types.ts';
import { controlPanel } from './controlPanel.ts';

/** One dot per row: the first dimension on the category axis, the metric as the value. */
export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const [dimension] = columnsOf(formData, 'groupby');
  const [metric] = metricsOf(formData, 'metric');
  const rows = props.queriesData[0]?.data ?? [];
  const category = dimension ? columnLabel(dimension) : '';
  const value = metric ? metricLabel(metric) : '';
  return {
    renderer: 'echarts',
    width: props.width,
    height: props.height,
    option: {
      xAxis: { type: 'category', data: rows.map((row) => row[category]) },
      yAxis: { type: 'value' },
      series: [{ type: 'scatter', symbolSize: formData.dot_size, data: rows.map((row) => row[value]) }],
    },
  };
}
