import { chartsInScope, type DashboardLayout, type FilterScope, nodeOf, ROOT_ID } from '@vitrina/common';

/** A node of the scoping modal's checkbox tree: a tab with what it holds, or a chart. */
export interface ScopeTreeNode {
  key: string;
  title: string;
  chartId?: number;
  disableCheckbox?: boolean;
  children?: ScopeTreeNode[];
}

const CHART_KEY_PREFIX = 'chart:';

export function chartKey(chartId: number): string {
  return `${CHART_KEY_PREFIX}${chartId}`;
}

/** The chart ids among a tree's checked keys (tabs drop out). */
export function checkedChartIds(keys: readonly (string | number | bigint)[]): number[] {
  return keys
    .map(String)
    .filter((key) => key.startsWith(CHART_KEY_PREFIX))
    .map((key) => Number(key.slice(CHART_KEY_PREFIX.length)));
}

/**
 * The layout as the scoping tree shows it: tabs and charts in layout order; rows, columns and grids
 * are flattened away and tabs without charts left out. `disabledChartId` (the emitting chart) cannot
 * be checked.
 */
export function scopeTree(
  layout: DashboardLayout,
  chartTitle: (chartId: number) => string,
  tabTitle: (text: string | undefined) => string,
  disabledChartId?: number,
): ScopeTreeNode[] {
  const walk = (id: string, seen: Set<string>): ScopeTreeNode[] => {
    const node = nodeOf(layout, id);
    if (!node || seen.has(id)) return [];
    seen.add(id);
    if (node.type === 'CHART') {
      const chartId = node.meta.chartId;
      if (typeof chartId !== 'number') return [];
      return [
        {
          key: chartKey(chartId),
          title: chartTitle(chartId),
          chartId,
          ...(chartId === disabledChartId ? { disableCheckbox: true } : {}),
        },
      ];
    }
    const children = node.children.flatMap((child) => walk(child, seen));
    if (node.type !== 'TAB') return children;
    return children.length > 0 ? [{ key: node.id, title: tabTitle(node.meta.text), children }] : [];
  };
  return walk(ROOT_ID, new Set());
}

/** The checked keys of a scope: its charts. */
export function checkedKeysOf(layout: DashboardLayout, scope: FilterScope): string[] {
  return chartsInScope(layout, scope).map(chartKey);
}
