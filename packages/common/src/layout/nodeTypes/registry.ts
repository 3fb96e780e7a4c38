/**
 * The one registry of layout node types: a Record keyed by the LayoutNodeType union, so a type without
 * its definition fails the build. Each type's facts are in its own file beside this one.
 */
import type { LayoutNodeType } from '../types.ts';
import { chart } from './chart.ts';
import { column } from './column.ts';
import type { LayoutNodeTypeDefinition } from './definition.ts';
import { divider } from './divider.ts';
import { dynamic } from './dynamic.ts';
import { grid } from './grid.ts';
import { header } from './header.ts';
import { markdown } from './markdown.ts';
import { root } from './root.ts';
import { row } from './row.ts';
import { tab } from './tab.ts';
import { tabs } from './tabs.ts';

export const LAYOUT_NODE_TYPE_DEFINITIONS: Record<LayoutNodeType, LayoutNodeTypeDefinition> = {
  ROOT: root,
  GRID: grid,
  HEADER: header,
  ROW: row,
  COLUMN: column,
  CHART: chart,
  MARKDOWN: markdown,
  TABS: tabs,
  TAB: tab,
  DIVIDER: divider,
  DYNAMIC: dynamic,
};

export function nodeTypeOf(type: LayoutNodeType): LayoutNodeTypeDefinition {
  return LAYOUT_NODE_TYPE_DEFINITIONS[type];
}
