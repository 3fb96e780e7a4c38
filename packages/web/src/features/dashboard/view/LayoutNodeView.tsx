import type { LayoutNodeType } from '@vitrina/common';
import type { ComponentType } from 'react';
import { ChartHolder } from './ChartHolder.tsx';
import { ColumnView } from './ColumnView.tsx';
import { DividerView } from './DividerView.tsx';
import { DynamicView } from './DynamicView.tsx';
import { GridView } from './GridView.tsx';
import { HeaderView } from './HeaderView.tsx';
import { MarkdownView } from './MarkdownView.tsx';
import type { NodeViewProps } from './nodeProps.ts';
import { RowView } from './RowView.tsx';
import { TabsView } from './TabsView.tsx';
import { TabView } from './TabView.tsx';

/** The component that draws each layout node type (one registry, so a new type cannot be forgotten). */
const NODE_VIEWS: Record<LayoutNodeType, ComponentType<NodeViewProps>> = {
  ROOT: GridView,
  GRID: GridView,
  HEADER: HeaderView,
  ROW: RowView,
  COLUMN: ColumnView,
  CHART: ChartHolder,
  MARKDOWN: MarkdownView,
  TABS: TabsView,
  TAB: TabView,
  DIVIDER: DividerView,
  DYNAMIC: DynamicView,
};

export function LayoutNodeView(props: NodeViewProps) {
  const View = NODE_VIEWS[props.node.type];
  return <View {...props} />;
}
