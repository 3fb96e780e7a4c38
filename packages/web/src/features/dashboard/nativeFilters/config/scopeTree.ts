import { type DashboardLayout, nodeOf, ROOT_ID } from '@vitrina/common';
import { chartsInScope, scopeFromCheckedCharts } from '@vitrina/common/filters/scope';
import type { FilterScope } from '@vitrina/common/filters/types';

export interface ScopeTreeNode {
  key: string;
  title: string;
  chartId?: number;
  /** A chart the filter does not reach (another dataset, not mapped): shown, not checkable. */
  disableCheckbox?: boolean;
  children?: ScopeTreeNode[];
}

/**
 * The layout as the scope tree shows it: the dashboard, its tabs, and the charts under them (rows and
 * columns are skipped). Chart keys are `chart-<id>`; charts that `reached` says no to cannot be checked.
 */
export function scopeTree(
  layout: DashboardLayout,
  rootTitle: string,
  chartName: (chartId: number) => string,
  reached: (chartId: number) => boolean = () => true,
): ScopeTreeNode {
  const walk = (id: string): ScopeTreeNode[] => {
    const node = nodeOf(layout, id);
    if (!node) return [];
    if (node.type === 'CHART') {
      const chartId = node.meta.chartId;
      return typeof chartId === 'number'
        ? [
            {
              key: chartKey(chartId),
              title: chartName(chartId),
              chartId,
              ...(reached(chartId) ? {} : { disableCheckbox: true }),
            },
          ]
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

/** The charts the tree shows checked: those in the scope that the filter reaches. */
export function checkedCharts(
  layout: DashboardLayout,
  scope: FilterScope,
  reached: (chartId: number) => boolean,
): number[] {
  return chartsInScope(layout, scope).filter(reached);
}

/**
 * The scope after the user checked `checked` among the charts the filter reaches. Charts it does not
 * reach keep their place in or out of the scope, so mapping their dataset later brings them back as
 * they were.
 */
export function scopeAfterCheck(
  layout: DashboardLayout,
  scope: FilterScope,
  checked: readonly number[],
  reached: (chartId: number) => boolean,
): FilterScope {
  const kept = chartsInScope(layout, scope).filter((chartId) => !reached(chartId));
  return scopeFromCheckedCharts(layout, [...checked.filter(reached), ...kept]);
}
