/** Layouts for the layout tests, written as compact node lists. */
import { withParents } from './tree.ts';
import type { DashboardLayout, LayoutNodeMeta, LayoutNodeType } from './types.ts';

export type NodeSpec = [id: string, type: LayoutNodeType, children: string[], meta?: LayoutNodeMeta];

export function buildLayout(specs: NodeSpec[]): DashboardLayout {
  const layout: DashboardLayout = { DASHBOARD_VERSION_KEY: 'v2' };
  for (const [id, type, children, meta = {}] of specs) layout[id] = { id, type, children, meta };
  return withParents(layout);
}

export const chartMeta = (chartId: number, width = 4): LayoutNodeMeta => ({
  chartId,
  width,
  height: 50,
  sliceName: `Chart ${chartId}`,
});

/** ROOT > GRID > [ROW-1 > CHART-1, CHART-2], [ROW-2 > COLUMN-1 > [ROW-3 > CHART-3], HEADER-1], DIVIDER-1. */
export function gridLayout(): DashboardLayout {
  return buildLayout([
    ['ROOT_ID', 'ROOT', ['GRID_ID']],
    ['GRID_ID', 'GRID', ['ROW-1', 'ROW-2', 'DIVIDER-1']],
    ['HEADER_ID', 'HEADER', [], { text: 'Sales' }],
    ['ROW-1', 'ROW', ['CHART-1', 'CHART-2'], { background: 'BACKGROUND_TRANSPARENT' }],
    ['CHART-1', 'CHART', [], chartMeta(1)],
    ['CHART-2', 'CHART', [], chartMeta(2)],
    ['ROW-2', 'ROW', ['COLUMN-1'], { background: 'BACKGROUND_TRANSPARENT' }],
    ['COLUMN-1', 'COLUMN', ['ROW-3', 'HEADER-1'], { width: 6 }],
    ['ROW-3', 'ROW', ['CHART-3'], {}],
    ['CHART-3', 'CHART', [], chartMeta(3)],
    ['HEADER-1', 'HEADER', [], { text: 'Notes', headerSize: 'SMALL_HEADER' }],
    ['DIVIDER-1', 'DIVIDER', []],
  ]);
}

/** ROOT > TABS-top > [TAB-a > ROW-a > CHART-1, TAB-b > TABS-in > [TAB-c > ROW-c > CHART-2, TAB-d]]. */
export function tabsLayout(): DashboardLayout {
  return buildLayout([
    ['ROOT_ID', 'ROOT', ['TABS-top']],
    ['GRID_ID', 'GRID', []],
    ['HEADER_ID', 'HEADER', [], { text: 'Sales' }],
    ['TABS-top', 'TABS', ['TAB-a', 'TAB-b']],
    ['TAB-a', 'TAB', ['ROW-a'], { text: 'A' }],
    ['ROW-a', 'ROW', ['CHART-1'], {}],
    ['CHART-1', 'CHART', [], chartMeta(1)],
    ['TAB-b', 'TAB', ['TABS-in'], { text: 'B' }],
    ['TABS-in', 'TABS', ['TAB-c', 'TAB-d']],
    ['TAB-c', 'TAB', ['ROW-c'], { text: 'C' }],
    ['ROW-c', 'ROW', ['CHART-2'], {}],
    ['CHART-2', 'CHART', [], chartMeta(2)],
    ['TAB-d', 'TAB', [], { text: 'D' }],
  ]);
}
