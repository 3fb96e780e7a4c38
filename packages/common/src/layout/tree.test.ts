import { describe, expect, it } from 'vitest';
import { gridLayout, tabsLayout } from './testLayouts.ts';
import {
  allNodes,
  ancestorsOf,
  chartIdsOf,
  findParentId,
  isLayoutNode,
  nodeOf,
  nodesOfType,
  subtreeIds,
  tabPathOf,
  withParents,
} from './tree.ts';

describe('layout tree', () => {
  it('tells nodes from the version key and other values', () => {
    const layout = gridLayout();
    expect(isLayoutNode(layout.GRID_ID)).toBe(true);
    expect(isLayoutNode('v2')).toBe(false);
    expect(isLayoutNode([])).toBe(false);
    expect(isLayoutNode({ id: 'x', type: 'ROW' })).toBe(false);
    expect(nodeOf(layout, 'DASHBOARD_VERSION_KEY')).toBeUndefined();
    expect(nodeOf(layout, undefined)).toBeUndefined();
    expect(nodeOf(layout, 'CHART-1')?.meta.chartId).toBe(1);
    expect(allNodes(layout)).toHaveLength(12);
  });

  it('finds parents, ancestors and subtrees', () => {
    const layout = gridLayout();
    expect(findParentId(layout, 'CHART-3')).toBe('ROW-3');
    expect(findParentId(layout, 'ROOT_ID')).toBeUndefined();
    expect(ancestorsOf(layout, 'CHART-3')).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-2', 'COLUMN-1', 'ROW-3']);
    expect(subtreeIds(layout, 'ROW-2')).toEqual(['ROW-2', 'COLUMN-1', 'ROW-3', 'CHART-3', 'HEADER-1']);
    expect(subtreeIds(layout, 'missing')).toEqual([]);
  });

  it('lists chart ids in tree order and nodes by type', () => {
    const layout = gridLayout();
    expect(chartIdsOf(layout)).toEqual([1, 2, 3]);
    expect(chartIdsOf(layout, 'ROW-2')).toEqual([3]);
    expect(nodesOfType(layout, 'ROW').map((node) => node.id)).toEqual(['ROW-1', 'ROW-2', 'ROW-3']);
  });

  it('gives the tabs to open to show a component', () => {
    const layout = tabsLayout();
    expect(tabPathOf(layout, 'CHART-2')).toEqual(['TAB-b', 'TAB-c']);
    expect(tabPathOf(layout, 'CHART-1')).toEqual(['TAB-a']);
    expect(tabPathOf(gridLayout(), 'CHART-1')).toEqual([]);
  });

  it('rebuilds parents from the children links without touching the root or unreachable nodes', () => {
    const layout = gridLayout();
    const stale = { ...layout, 'CHART-3': { ...nodeOf(layout, 'CHART-3')!, parents: ['wrong'] } };
    const rebuilt = withParents(stale);
    expect(nodeOf(rebuilt, 'CHART-3')?.parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-2', 'COLUMN-1', 'ROW-3']);
    expect(nodeOf(rebuilt, 'ROOT_ID')?.parents).toBeUndefined();
    expect(nodeOf(rebuilt, 'HEADER_ID')?.parents).toBeUndefined();
    // Nodes whose parents are right already keep their identity.
    expect(rebuilt['CHART-1']).toBe(layout['CHART-1']);
  });

  it('survives a cycle in the children links', () => {
    const layout = gridLayout();
    const cyclic = { ...layout, 'ROW-3': { ...nodeOf(layout, 'ROW-3')!, children: ['CHART-3', 'COLUMN-1'] } };
    expect(subtreeIds(cyclic, 'COLUMN-1')).toEqual(['COLUMN-1', 'ROW-3', 'CHART-3', 'HEADER-1']);
    expect(ancestorsOf(cyclic, 'CHART-3').length).toBeGreaterThan(0);
    expect(() => withParents(cyclic)).not.toThrow();
  });
});
