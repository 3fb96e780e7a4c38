/**
 * New layout nodes with Superset's per-type defaults (newComponentFactory) and `<TYPE>-<random>` ids.
 */
import {
  type DashboardLayout,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_DEFAULT_MARKDOWN_HEIGHT,
  type LayoutNode,
  type LayoutNodeMeta,
  type LayoutNodeType,
} from './types.ts';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ID_LENGTH = 10;

/** The Web Crypto API, present in browsers and in Node 20 as a global. */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

export const DEFAULT_MARKDOWN_CODE = '# Markdown\n\nClick here to edit this text.';
export const DEFAULT_HEADER_TEXT = 'New header';
export const DEFAULT_TAB_TEXT = 'New tab';

export function newNodeId(type: LayoutNodeType): string {
  const { crypto } = globalThis as unknown as { crypto: RandomSource };
  const bytes = crypto.getRandomValues(new Uint8Array(ID_LENGTH));
  let suffix = '';
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${type}-${suffix}`;
}

function defaultMeta(type: LayoutNodeType): LayoutNodeMeta {
  switch (type) {
    case 'CHART':
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT };
    case 'MARKDOWN':
      return {
        width: GRID_DEFAULT_CHART_WIDTH,
        height: GRID_DEFAULT_MARKDOWN_HEIGHT,
        code: DEFAULT_MARKDOWN_CODE,
      };
    case 'COLUMN':
      // Superset gives a new column the default chart width, not GRID_DEFAULT_COLUMN_WIDTH.
      return { width: GRID_DEFAULT_CHART_WIDTH, background: 'BACKGROUND_TRANSPARENT' };
    case 'HEADER':
      return { text: DEFAULT_HEADER_TEXT, headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' };
    case 'ROW':
      return { background: 'BACKGROUND_TRANSPARENT' };
    case 'TAB':
      return { text: DEFAULT_TAB_TEXT, defaultText: DEFAULT_TAB_TEXT, placeholder: DEFAULT_TAB_TEXT };
    default:
      return {};
  }
}

/** One node with the type's default meta overridden by `meta`; no children, no parents yet. */
export function newNode(type: LayoutNodeType, meta: LayoutNodeMeta = {}): LayoutNode {
  return { id: newNodeId(type), type, children: [], parents: [], meta: { ...defaultMeta(type), ...meta } };
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
