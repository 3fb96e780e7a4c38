/**
 * A hierarchy from flat rows (treemap, sunburst): one level per column, in the order the columns are
 * given; a node's value is the sum of its leaves. Siblings keep the order of their first row, so a query
 * sorted by the metric gives the biggest first.
 */
import { cellNumber } from './formData.ts';
import type { Row } from './labels.ts';

export interface TreeNode {
  name: string;
  /** Names from the top level down to this node. */
  path: string[];
  value: number;
  secondaryValue: number;
  children: TreeNode[];
}

export interface TreeOptions {
  /** One labeller per level: the node name of a row at that level. */
  levels: ReadonlyArray<(row: Row) => string>;
  value: (row: Row) => unknown;
  secondaryValue?: (row: Row) => unknown;
}

interface Building extends TreeNode {
  index: Map<string, Building>;
  children: Building[];
}

const node = (name: string, path: string[]): Building => ({
  name,
  path,
  value: 0,
  secondaryValue: 0,
  children: [],
  index: new Map(),
});

function strip(nodes: Building[]): TreeNode[] {
  return nodes.map(({ name, path, value, secondaryValue, children }) => ({
    name,
    path,
    value,
    secondaryValue,
    children: strip(children),
  }));
}

export function buildTree(rows: readonly Row[], options: TreeOptions): TreeNode[] {
  const root = node('', []);
  for (const row of rows) {
    const value = cellNumber(options.value(row)) ?? 0;
    const secondary = options.secondaryValue ? (cellNumber(options.secondaryValue(row)) ?? 0) : 0;
    let parent = root;
    for (const level of options.levels) {
      const name = level(row);
      let child = parent.index.get(name);
      if (!child) {
        child = node(name, [...parent.path, name]);
        parent.index.set(name, child);
        parent.children.push(child);
      }
      child.value += value;
      child.secondaryValue += secondary;
      parent = child;
    }
  }
  return strip(root.children);
}

/** Every node, parents before their children. */
export function walkTree(
  nodes: readonly TreeNode[],
  visit: (node: TreeNode, depth: number) => void,
  depth = 0,
) {
  for (const current of nodes) {
    visit(current, depth);
    walkTree(current.children, visit, depth + 1);
  }
}
