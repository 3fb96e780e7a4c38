/**
 * Sankey: flows from source to target values, sized by the metric. ECharts can only lay out acyclic
 * graphs, so a cycle (including a value flowing to itself) is refused with an error naming it.
 */
import { columnLabel, metricLabel, type QueryColumn } from '../../query/types.ts';
import { colorScale } from '../colors.ts';
import {
  dateFormatter,
  metricDisplayName,
  metricFormatter,
  percentFormatter,
} from '../echartsShared/format.ts';
import { cellNumber, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
import { coltypesOf, rowsOf, valueLabel } from '../echartsShared/labels.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';
import { findCycle, type Link, mergeLinks, nodeValues } from './graph.ts';
import { messages } from './messages.ts';

interface SankeyParams {
  dataType?: 'node' | 'edge';
  name?: string;
  data?: Partial<Link> & { name?: string };
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale, messages);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const endpoint = (control: string) => {
    const column = columnsOf(formData, control)[0] as QueryColumn | undefined;
    return column === undefined ? '' : columnLabel(column);
  };
  const source = endpoint('source');
  const target = endpoint('target');
  const metric = metricsOf(formData, 'metric')[0];
  const valueKey = metric ? metricLabel(metric) : '';
  const metricName = metricDisplayName(props.datasource, metric);
  const formatValue = metricFormatter(props, metric);
  const formatPercent = percentFormatter(props.locale);
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const color = colorScale(formData.color_scheme as string, props.labelColors);

  const links = mergeLinks(
    rows.map((row) => ({
      source: valueLabel(row[source], coltypes[source], formatTime),
      target: valueLabel(row[target], coltypes[target], formatTime),
      value: cellNumber(row[valueKey]) ?? 0,
    })),
  );
  const cycle = findCycle(links);
  if (cycle) throw new Error(t('viz.types.sankey.errors.cycle', { path: cycle.join(' → ') }));
  const values = nodeValues(links);
  // Nodes (and their colours) in the order the flows name them.
  const names = [...new Set(links.flatMap((link) => [link.source, link.target]))];

  const tooltip = (params: SankeyParams) => {
    if (params.dataType === 'edge' && params.data?.source !== undefined && params.data.target !== undefined) {
      const { source: from, target: to, value = 0 } = params.data;
      return tooltipHtml(
        [
          [metricName, formatValue(value)],
          [`% (${from})`, formatPercent(value / (values.get(from) || 1))],
          [`% (${to})`, formatPercent(value / (values.get(to) || 1))],
        ],
        `${from} → ${to}`,
      );
    }
    const name = params.data?.name ?? params.name ?? '';
    return tooltipHtml([[metricName, formatValue(values.get(name) ?? 0)]], name);
  };

  const option = {
    tooltip: { trigger: 'item', confine: true, formatter: tooltip },
    series: [
      {
        type: 'sankey',
        animation: false,
        left: 10,
        right: 100,
        top: 10,
        bottom: 10,
        emphasis: { focus: 'adjacency' },
        lineStyle: { color: 'source', opacity: 0.4 },
        label: { position: 'right' },
        data: names.map((name) => ({ name, itemStyle: { color: color(name) } })),
        links,
      },
    ],
  };
  return echartsRender(props, option);
}
