import { type DashboardLayout, type LayoutNode, ROOT_ID } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { checkedChartIds, checkedKeysOf, scopeTree } from './scopeTree.ts';
import { chartScopeOf, globalScopeOf, withChartScoping, withGlobalScoping } from './scopingMetadata.ts';

const node = (id: string, type: LayoutNode['type'], children: string[] = [], meta = {}): LayoutNode => ({
  id,
  type,
  children,
  meta,
});

/** ROOT → TABS with two tabs: tab A holds charts 1 and 2, tab B chart 3; tab C is empty. */
const layout: DashboardLayout = {
  [ROOT_ID]: node(ROOT_ID, 'ROOT', ['TABS-1']),
  'TABS-1': node('TABS-1', 'TABS', ['TAB-A', 'TAB-B', 'TAB-C']),
  'TAB-A': node('TAB-A', 'TAB', ['ROW-1'], { text: 'Overview' }),
  'ROW-1': node('ROW-1', 'ROW', ['CHART-1', 'CHART-2']),
  'CHART-1': node('CHART-1', 'CHART', [], { chartId: 1 }),
  'CHART-2': node('CHART-2', 'CHART', [], { chartId: 2 }),
  'TAB-B': node('TAB-B', 'TAB', ['CHART-3'], { text: '' }),
  'CHART-3': node('CHART-3', 'CHART', [], { chartId: 3 }),
  'TAB-C': node('TAB-C', 'TAB', [], { text: 'Empty' }),
};

describe('scopeTree', () => {
  it('shows tabs and charts, flattens rows, drops empty tabs and disables the emitting chart', () => {
    const tree = scopeTree(
      layout,
      (id) => `Chart ${id}`,
      (text) => text || 'Untitled',
      2,
    );
    expect(tree).toEqual([
      {
        key: 'TAB-A',
        title: 'Overview',
        children: [
          { key: 'chart:1', title: 'Chart 1', chartId: 1 },
          { key: 'chart:2', title: 'Chart 2', chartId: 2, disableCheckbox: true },
        ],
      },
      { key: 'TAB-B', title: 'Untitled', children: [{ key: 'chart:3', title: 'Chart 3', chartId: 3 }] },
    ]);
    expect(checkedChartIds(['TAB-A', 'chart:1', 'chart:3'])).toEqual([1, 3]);
    expect(checkedKeysOf(layout, { rootPath: ['TAB-A'], excluded: [2] })).toEqual(['chart:1']);
  });
});

describe('scoping metadata', () => {
  it('stores a chart scope with its charts in scope, never the chart itself', () => {
    const metadata = withChartScoping({ color_scheme: 'x' }, layout, 1, {
      rootPath: [ROOT_ID],
      excluded: [3],
    });
    expect(metadata.color_scheme).toBe('x');
    expect(metadata.chart_configuration).toEqual({
      '1': { id: 1, crossFilters: { scope: { rootPath: [ROOT_ID], excluded: [3] }, chartsInScope: [2] } },
    });
    expect(chartScopeOf(metadata, 1)).toEqual({ rootPath: [ROOT_ID], excluded: [3] });
    expect(chartScopeOf(metadata, 2)).toBe('global');
    expect(metadata.global_chart_configuration).toEqual({
      scope: { rootPath: [ROOT_ID], excluded: [] },
      chartsInScope: [1, 2, 3],
    });
  });

  it('changes the global scope and what the charts that follow it reach', () => {
    const following = withChartScoping({}, layout, 2, 'global');
    const metadata = withGlobalScoping(following, layout, { rootPath: ['TAB-A'], excluded: [] });
    expect(globalScopeOf(metadata)).toEqual({ rootPath: ['TAB-A'], excluded: [] });
    expect(metadata.global_chart_configuration).toEqual({
      scope: { rootPath: ['TAB-A'], excluded: [] },
      chartsInScope: [1, 2],
    });
    expect(metadata.chart_configuration).toEqual({
      '2': { id: 2, crossFilters: { scope: 'global', chartsInScope: [1] } },
    });
  });
});
