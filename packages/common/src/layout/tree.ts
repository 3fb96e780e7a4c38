/**
 * Reading a layout as a tree: node lookup, parent links, ancestry and subtree walks. Every other layout
 * module reads the map through these so the version key (a string entry) never passes for a node.
 */
import {
  DASHBOARD_VERSION_KEY,
  type DashboardLayout,
  type LayoutNode,
  type LayoutNodeType,
  ROOT_ID,
} from './types.ts';

export function isLayoutNode(value: unknown): value is LayoutNode {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const node = value as Partial<LayoutNode>;
  return typeof node.id === 'string' && typeof node.type === 'string' && Array.isArray(node.children);
}

export function nodeOf(layout: DashboardLayout, id: string | undefined): LayoutNode | undefined {
  if (id === undefined || id === DASHBOARD_VERSION_KEY) return undefined;
  const value = layout[id];
  return isLayoutNode(value) ? value : undefined;
}

export function allNodes(layout: DashboardLayout): LayoutNode[] {
  return Object.keys(layout)
    .map((id) => nodeOf(layout, id))
    .filter((node): node is LayoutNode => node !== undefined);
}

export function nodesOfType(layout: DashboardLayout, type: LayoutNodeType): LayoutNode[] {
  return allNodes(layout).filter((node) => node.type === type);
}

/** The id of the node whose children hold `childId`, found by scanning (parents lists may be stale). */
export function findParentId(layout: DashboardLayout, childId: string): string | undefined {
  return allNodes(layout).find((node) => node.children.includes(childId))?.id;
}

/** Ancestor ids, root first, following the children links from ROOT_ID. */
export function ancestorsOf(layout: DashboardLayout, id: string): string[] {
  const chain: string[] = [];
  let current = findParentId(layout, id);
  while (current !== undefined && !chain.includes(current)) {
    chain.unshift(current);
    current = findParentId(layout, current);
  }
  return chain;
}

/** The node and all its descendants, parents before children. */
export function subtreeIds(layout: DashboardLayout, id: string): string[] {
  const seen: string[] = [];
  const visit = (nodeId: string) => {
    const node = nodeOf(layout, nodeId);
    if (!node || seen.includes(nodeId)) return;
    seen.push(nodeId);
    for (const child of node.children) visit(child);
  };
  visit(id);
  return seen;
}

/** Chart ids placed in the layout (or in one subtree of it), in tree order, without repeats. */
export function chartIdsOf(layout: DashboardLayout, fromId: string = ROOT_ID): number[] {
  const ids: number[] = [];
  for (const nodeId of subtreeIds(layout, fromId)) {
    const node = nodeOf(layout, nodeId);
    const chartId = node?.meta.chartId;
    if (node?.type === 'CHART' && typeof chartId === 'number' && !ids.includes(chartId)) ids.push(chartId);
  }
  return ids;
}

/** The TAB ids from the root down to the node (the tabs that must be open to show it). */
export function tabPathOf(layout: DashboardLayout, id: string): string[] {
  return ancestorsOf(layout, id).filter((ancestor) => nodeOf(layout, ancestor)?.type === 'TAB');
}

/** The same layout with every reachable node's `parents` rebuilt from the children links. */
export function withParents(layout: DashboardLayout): DashboardLayout {
  const next: DashboardLayout = { ...layout };
  const visit = (id: string, parents: string[], seen: Set<string>) => {
    const node = nodeOf(next, id);
    if (!node || seen.has(id)) return;
    seen.add(id);
    // The root has no ancestors; like Superset, it is stored without a parents list.
    if (id !== ROOT_ID && !sameList(node.parents, parents)) next[id] = { ...node, parents };
    for (const child of node.children) visit(child, [...parents, id], seen);
  };
  visit(ROOT_ID, [], new Set());
  return next;
}

function sameList(a: string[] | undefined, b: string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((value, index) => value === b[index]);
}
