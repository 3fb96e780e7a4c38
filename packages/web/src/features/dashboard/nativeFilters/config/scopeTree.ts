import { type DashboardLayout, nodeOf, ROOT_ID } from '@vitrina/common';

export interface ScopeTreeNode {
  key: string;
  title: string;
  chartId?: number;
  children?: ScopeTreeNode[];
}

/**
 * The layout as the scope tree shows it: the dashboard, its tabs, and the charts under them (rows and
 * columns are skipped). Chart keys are `chart-<id>`.
 */
export function scopeTree(
  layout: DashboardLayout,
  rootTitle: string,
  chartName: (chartId: number) => string,
): ScopeTreeNode {
  const walk = (id: string): ScopeTreeNode[] => {
    const node = nodeOf(layout, id);
    if (!node) return [];
    if (node.type === 'CHART') {
      const chartId = node.meta.chartId;
      return typeof chartId === 'number'
        ? [{ key: `chart-${chartId}`, title: chartName(chartId), chartId }]
        : [];
    }
    const children = node.children.flatMap(walk);
    if (node.type === 'TAB') {
      return children.length > 0
        ? [{ key: node.id, title: String(node.meta.text ?? node.id), children }]
        : [];
    }
    return children;
  };
  return { key: ROOT_ID, title: rootTitle, children: walk(ROOT_ID) };
}

export function chartKey(chartId: number): string {
  return `chart-${chartId}`;
}

export function chartIdOfKey(key: string): number | null {
  const match = /^chart-(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}
