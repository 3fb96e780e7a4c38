/**
 * A dashboard's layout (Superset's position_json, reference §4.3): a flat map from component id to a
 * node with its children's ids. Pure operations on it live beside this file; the web reducer and the
 * server only call them.
 */

export const LAYOUT_NODE_TYPES = [
  'ROOT',
  'GRID',
  'HEADER',
  'ROW',
  'COLUMN',
  'CHART',
  'MARKDOWN',
  'TABS',
  'TAB',
  'DIVIDER',
  /** Superset's DYNAMIC: a component drawn by an extension (meta.componentKey); read and kept as stored. */
  'DYNAMIC',
] as const;
export type LayoutNodeType = (typeof LAYOUT_NODE_TYPES)[number];

export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
/** The layout version this code writes; older layouts are upgraded on load by migrations. */
export const DASHBOARD_LAYOUT_VERSION = 'v2';

export const HEADER_SIZES = ['SMALL_HEADER', 'MEDIUM_HEADER', 'LARGE_HEADER'] as const;
export type HeaderSize = (typeof HEADER_SIZES)[number];
export const BACKGROUNDS = ['BACKGROUND_TRANSPARENT', 'BACKGROUND_WHITE'] as const;
export type Background = (typeof BACKGROUNDS)[number];

export interface LayoutNodeMeta {
  /** Grid columns, 1–12 (charts, columns, markdown). */
  width?: number;
  /** Row units of GRID_BASE_UNIT pixels (charts, markdown). */
  height?: number;
  background?: Background;
  /** Header and tab text. */
  text?: string;
  /** Tab text shown until the author types one. */
  defaultText?: string;
  placeholder?: string;
  headerSize?: HeaderSize;
  chartId?: number;
  sliceName?: string;
  sliceNameOverride?: string;
  uuid?: string;
  /** Markdown source. */
  code?: string;
  [key: string]: unknown;
}

export interface LayoutNode {
  id: string;
  type: LayoutNodeType;
  children: string[];
  /** Ancestor ids, root first. */
  parents?: string[];
  meta: LayoutNodeMeta;
}

/** position_json parsed: node ids to nodes, plus the version key. */
export interface DashboardLayout {
  [id: string]: LayoutNode | string | undefined;
  DASHBOARD_VERSION_KEY?: string;
}

/** The grid's constants (Superset's dashboard constants and the spec's layout limits). */
export const GRID_COLUMN_COUNT = 12;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 16;
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 100;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_DEFAULT_CHART_HEIGHT = 50;
export const GRID_DEFAULT_COLUMN_WIDTH = 8;
export const GRID_DEFAULT_MARKDOWN_HEIGHT = 50;
/** Undo slots: the spec's max history (50) plus 2; a warning once they are all used. */
export const UNDO_LIMIT = 50 + 2;
