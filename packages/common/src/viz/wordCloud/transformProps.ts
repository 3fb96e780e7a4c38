/**
 * Word cloud: one word per row, its font size scaled linearly between size_from and size_to by the
 * metric, laid out by layout.ts and drawn as ECharts `graphic` text elements with tooltips.
 */
import { columnLabel, metricLabel, type QueryColumn } from '../../query/types.ts';
import { colorScale } from '../colors.ts';
import { dateFormatter, metricDisplayName, metricFormatter } from '../echartsShared/format.ts';
import { cellNumber, numberOf, withDefaults } from '../echartsShared/formData.ts';
import { coltypesOf, rowsOf, valueLabel } from '../echartsShared/labels.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';
import { type CloudWord, layoutWordCloud, type Rotation } from './layout.ts';

export const FONT_FAMILY = 'Helvetica, Arial, sans-serif';

/** Font sizes linear in the value between the smallest and the biggest value. */
export function fontSizes(values: readonly number[], from: number, to: number): number[] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return values.map((value) => (max > min ? from + ((value - min) / (max - min)) * (to - from) : to));
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const seriesColumn = columnsOf(formData, 'series')[0] as QueryColumn | undefined;
  const series = seriesColumn === undefined ? '' : columnLabel(seriesColumn);
  const metric = metricsOf(formData, 'metric')[0];
  const valueKey = metric ? metricLabel(metric) : '';
  const metricName = metricDisplayName(props.datasource, metric);
  const formatValue = metricFormatter(props, metric);
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const color = colorScale(formData.color_scheme as string, props.labelColors);

  const entries = rows.map((row) => ({
    text: valueLabel(row[series], coltypes[series], formatTime),
    value: cellNumber(row[valueKey]) ?? 0,
  }));
  const sizes = fontSizes(
    entries.map((entry) => entry.value),
    numberOf(formData.size_from, 10),
    numberOf(formData.size_to, 70),
  );
  const words: CloudWord[] = entries.map((entry, index) => ({ text: entry.text, size: sizes[index] ?? 0 }));
  const rotation = (['square', 'flat', 'random'] as const).includes(formData.rotation as Rotation)
    ? (formData.rotation as Rotation)
    : 'square';
  const placed = layoutWordCloud(words, { width: props.width, height: props.height, rotation });

  const option = {
    tooltip: { show: true, trigger: 'item', confine: true },
    graphic: {
      elements: placed.map((word) => {
        const html = tooltipHtml([[metricName, formatValue(entries[word.index]?.value ?? 0)]], word.text);
        return {
          type: 'text',
          // The word's row, for a dashboard's cross-filter (ECharts hands `info` to click handlers).
          info: { row: word.index },
          x: word.x,
          y: word.y,
          rotation: (word.rotate * Math.PI) / 180,
          style: {
            text: word.text,
            fontSize: word.size,
            fontFamily: FONT_FAMILY,
            fill: color(word.text),
            align: 'center',
            verticalAlign: 'middle',
          },
          tooltip: { formatter: () => html },
        };
      }),
    },
  };
  return echartsRender(props, option);
}
