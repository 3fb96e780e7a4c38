/**
 * Sunburst: rings of a tree built from the flat rows (inner ring = first hierarchy column). Nodes take
 * the categorical scheme by name, or — with a secondary metric — a sequential colour of the ratio
 * secondary / primary.
 */
import { columnLabel, metricLabel } from '../../query/types.ts';
import { colorScale, sequentialScheme } from '../colors.ts';
import {
  dateFormatter,
  metricDisplayName,
  metricFormatter,
  percentFormatter,
} from '../echartsShared/format.ts';
import { boolOf, numberOf, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
import { coltypesOf, rowsOf, valueLabel } from '../echartsShared/labels.ts';
import { formatLabel, labelTypeOf } from '../echartsShared/labelType.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { linearColorScale } from '../echartsShared/sequential.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { buildTree, type TreeNode, walkTree } from '../echartsShared/tree.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

const PADDING = { top: 10, right: 5, bottom: 10, left: 5 };

interface SunburstParams {
  name?: string;
  value?: unknown;
  data?: { value?: number; secondaryValue?: number };
  treePathInfo?: Array<{ name: string; value: unknown }>;
}

const ratio = (node: Pick<TreeNode, 'value' | 'secondaryValue'>) =>
  node.value ? node.secondaryValue / node.value : 0;

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const hierarchy = columnsOf(formData, 'columns').map(columnLabel);
  const metric = metricsOf(formData, 'metric')[0];
  const secondary = metricsOf(formData, 'secondary_metric')[0];
  const valueKey = metric ? metricLabel(metric) : '';
  const secondaryKey = secondary ? metricLabel(secondary) : '';
  const metricName = metricDisplayName(props.datasource, metric);
  const secondaryName = metricDisplayName(props.datasource, secondary);
  const formatValue = metricFormatter(props, metric);
  const formatPercent = percentFormatter(props.locale);
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const type = labelTypeOf(formData.label_type, 'key');

  const tree = buildTree(rows, {
    levels: hierarchy.map((column) => (row) => valueLabel(row[column], coltypes[column], formatTime)),
    value: (row) => row[valueKey],
    ...(secondaryKey ? { secondaryValue: (row) => row[secondaryKey] } : {}),
  });
  const total = tree.reduce((sum, node) => sum + node.value, 0);
  const byCategory = !secondaryKey || secondaryKey === valueKey;
  const categorical = colorScale(formData.color_scheme as string, props.labelColors);
  let linear = (_: number) => '';
  if (!byCategory) {
    // Superset's domain starts from 0 and takes in every node's ratio.
    let [min, max] = [0, 0];
    walkTree(tree, (node) => {
      min = Math.min(min, ratio(node));
      max = Math.max(max, ratio(node));
    });
    linear = linearColorScale(sequentialScheme(formData.linear_color_scheme as string).colors, [min, max]);
  }

  const toItem = (node: TreeNode): Record<string, unknown> => ({
    name: node.name,
    value: node.value,
    secondaryValue: node.secondaryValue,
    itemStyle: { color: byCategory ? categorical(node.name) : linear(ratio(node)) },
    ...(node.children.length ? { children: node.children.map(toItem) } : {}),
  });

  const tooltip = (params: SunburstParams) => {
    const path = (params.treePathInfo ?? []).slice(1);
    const value = params.data?.value ?? 0;
    const lines = [[t('viz.types.echartsShared.shareOfTotal'), formatPercent(total ? value / total : 0)]];
    const parent = path[path.length - 2];
    if (parent && typeof parent.value === 'number')
      lines.push([
        t('viz.types.echartsShared.shareOfParent'),
        formatPercent(parent.value ? value / parent.value : 0),
      ]);
    lines.push([metricName, formatValue(value)]);
    if (!byCategory) {
      const secondaryValue = params.data?.secondaryValue ?? 0;
      lines.push([secondaryName, formatValue(secondaryValue)]);
      lines.push([`${metricName} / ${secondaryName}`, formatPercent(value ? secondaryValue / value : 0)]);
    }
    return tooltipHtml(lines, path.map((item) => item.name).join(' ▸ ') || params.name);
  };

  const radius = Math.max(
    0,
    Math.min(props.width - PADDING.left - PADDING.right, props.height - PADDING.top - PADDING.bottom) / 2,
  );
  const showLabels = boolOf(formData.show_labels, false);
  const option = {
    tooltip: { trigger: 'item', confine: true, formatter: tooltip },
    series: [
      {
        type: 'sunburst',
        ...PADDING,
        nodeClick: false,
        radius: [radius * 0.3, radius],
        emphasis: { focus: 'ancestor', label: { show: showLabels } },
        label: {
          show: showLabels,
          width: (radius * 0.6) / Math.max(1, hierarchy.length),
          overflow: 'breakAll',
          minAngle: numberOf(formData.show_labels_threshold, 0) * 3.6,
          formatter: (params: SunburstParams) =>
            formatLabel(
              type,
              params.name ?? '',
              formatValue(typeof params.value === 'number' ? params.value : null),
              '',
            ),
        },
        data: tree.map(toItem),
      },
    ],
    graphic: boolOf(formData.show_total, false)
      ? [
          {
            type: 'text',
            left: 'center',
            top: 'middle',
            z: 10,
            style: {
              text: t('viz.types.echartsShared.total', { value: formatValue(total) }),
              fontSize: 16,
              fontWeight: 'bold',
            },
          },
        ]
      : [],
  };
  return echartsRender(props, option);
}
