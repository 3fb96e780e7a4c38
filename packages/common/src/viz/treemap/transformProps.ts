/**
 * Treemap: a tree built from the flat rows (one level per group-by column, outer first) under a root
 * named after the metric; top-level tiles take the scheme's colours, their children shades of them.
 */
import { columnLabel, metricLabel } from '../../query/types.ts';
import { colorScale } from '../colors.ts';
import {
  dateFormatter,
  metricDisplayName,
  metricFormatter,
  percentFormatter,
} from '../echartsShared/format.ts';
import { boolOf, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
import { coltypesOf, rowsOf, valueLabel } from '../echartsShared/labels.ts';
import { formatLabel, labelTypeOf } from '../echartsShared/labelType.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { buildTree, type TreeNode } from '../echartsShared/tree.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const COLOR_SATURATION = [0.7, 0.4];
const BORDER_COLOR = '#FFFFFF';
const LABEL_FONT_SIZE = 11;

interface TreemapParams {
  name?: string;
  value?: unknown;
  treePathInfo?: Array<{ name: string; value: unknown }>;
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const hierarchy = columnsOf(formData, 'groupby').map(columnLabel);
  const metric = metricsOf(formData, 'metric')[0];
  const valueKey = metric ? metricLabel(metric) : '';
  const metricName = metricDisplayName(props.datasource, metric);
  const formatValue = metricFormatter(props, metric);
  const formatPercent = percentFormatter(props.locale);
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const color = colorScale(formData.color_scheme as string, props.labelColors);
  const type = labelTypeOf(formData.label_type, 'key_value');

  const tree = buildTree(rows, {
    levels: hierarchy.map((column) => (row) => valueLabel(row[column], coltypes[column], formatTime)),
    value: (row) => row[valueKey],
  });
  const total = tree.reduce((sum, node) => sum + node.value, 0);

  const toItem = (node: TreeNode, depth: number): Record<string, unknown> => ({
    name: node.name,
    value: node.value,
    ...(node.children.length
      ? {
          children: node.children.map((child) => toItem(child, depth + 1)),
          colorSaturation: COLOR_SATURATION,
          itemStyle: {
            borderColor: BORDER_COLOR,
            borderWidth: 1,
            gapWidth: 1,
            ...(depth === 0 ? { color: color(node.name) } : {}),
          },
        }
      : depth === 0
        ? { itemStyle: { color: color(node.name) } }
        : {}),
  });

  const label = (params: TreemapParams) => {
    const value = typeof params.value === 'number' ? params.value : null;
    return formatLabel(type, params.name ?? '', formatValue(value), '');
  };
  const tooltip = (params: TreemapParams) => {
    const path = (params.treePathInfo ?? []).slice(1);
    const node = path[path.length - 1];
    if (!node) return tooltipHtml([[metricName, formatValue(total)]], metricName);
    const value = typeof node.value === 'number' ? node.value : 0;
    const lines = [[metricName, formatValue(value)]];
    lines.push([t('viz.types.echartsShared.shareOfTotal'), formatPercent(total ? value / total : 0)]);
    const parent = path[path.length - 2];
    if (parent && typeof parent.value === 'number')
      lines.push([
        t('viz.types.echartsShared.shareOfParent'),
        formatPercent(parent.value ? value / parent.value : 0),
      ]);
    return tooltipHtml(lines, path.map((item) => item.name).join(' ▸ '));
  };

  const option = {
    tooltip: { trigger: 'item', confine: true, formatter: tooltip },
    series: [
      {
        type: 'treemap',
        name: metricName,
        width: '100%',
        height: '100%',
        roam: false,
        breadcrumb: { show: false },
        emphasis: { label: { show: true } },
        levels: [
          { upperLabel: { show: false }, label: { show: false }, itemStyle: { borderWidth: 0, gapWidth: 2 } },
        ],
        label: {
          show: boolOf(formData.show_labels, true),
          position: 'insideTopLeft',
          formatter: label,
          fontSize: LABEL_FONT_SIZE,
        },
        upperLabel: {
          show: boolOf(formData.show_upper_labels, true),
          formatter: label,
          textBorderColor: 'transparent',
          fontSize: LABEL_FONT_SIZE,
        },
        data: [
          {
            name: metricName,
            value: total,
            colorSaturation: COLOR_SATURATION,
            upperLabel: { show: false },
            children: tree.map((node) => toItem(node, 0)),
          },
        ],
      },
    ],
  };
  return echartsRender(props, option);
}
