/**
 * New layout nodes with their type's defaults (nodeTypes/<type>.ts, Superset's newComponentFactory) and
 * `<TYPE>-<random>` ids.
 */
import { nodeTypeOf } from './nodeTypes/registry.ts';
import type { DashboardLayout, LayoutNode, LayoutNodeMeta, LayoutNodeType } from './types.ts';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ID_LENGTH = 10;

/** The Web Crypto API, present in browsers and in Node 20 as a global. */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

export { DEFAULT_HEADER_TEXT } from './nodeTypes/header.ts';
export { DEFAULT_MARKDOWN_CODE } from './nodeTypes/markdown.ts';
export { DEFAULT_TAB_TEXT } from './nodeTypes/tab.ts';

export function newNodeId(type: LayoutNodeType): string {
  const { crypto } = globalThis as unknown as { crypto: RandomSource };
  const bytes = crypto.getRandomValues(new Uint8Array(ID_LENGTH));
  let suffix = '';
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${type}-${suffix}`;
}

/** One node with the type's default meta overridden by `meta`; no children, no parents yet. */
export function newNode(type: LayoutNodeType, meta: LayoutNodeMeta = {}): LayoutNode {
  return {
    id: newNodeId(type),
    type,
    children: [],
    parents: [],
    meta: { ...nodeTypeOf(type).defaultMeta(), ...meta },
  };
}

/**
 * The nodes a new component brings: the node itself first, plus for TABS its first TAB, so a new
 * tabs component is never empty.
 */
export function newComponentNodes(type: LayoutNodeType, meta: LayoutNodeMeta = {}): LayoutNode[] {
  const node = newNode(type, meta);
  if (type !== 'TABS') return [node];
  const tab = newNode('TAB');
  return [{ ...node, children: [tab.id] }, tab];
}

export function chartNode(chartId: number, sliceName: string, meta: LayoutNodeMeta = {}): LayoutNode {
  return newNode('CHART', { chartId, sliceName, ...meta });
}

/** The layout with the given nodes added (replacing same-id entries). */
export function withNodes(layout: DashboardLayout, nodes: LayoutNode[]): DashboardLayout {
  const next: DashboardLayout = { ...layout };
  for (const node of nodes) next[node.id] = node;
  return next;
}
