import type { LayoutNodeType } from '@vitrina/common';
import { Flex, Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { ChartHolder } from './ChartHolder.tsx';
import { ColumnView } from './ColumnView.tsx';
import { DividerView } from './DividerView.tsx';
import { DynamicView } from './DynamicView.tsx';
import { GridView } from './GridView.tsx';
import { HeaderView } from './HeaderView.tsx';
import { MarkdownView } from './MarkdownView.tsx';
import type { NodeViewProps } from './nodeProps.ts';
import { RowView } from './RowView.tsx';
import { TabView } from './TabView.tsx';

// antd's Tabs (about 11 KB) loads only for a dashboard that has tabs.
const LazyTabsView = lazy(() => import('./TabsView.tsx').then((module) => ({ default: module.TabsView })));

function TabsView(props: NodeViewProps) {
  // A spinner, not nothing: the drawn signal (viz/drawnSignal.ts) waits while one spins, where an empty
  // page would pass for a drawn one.
  return (
    <Suspense
      fallback={
        <Flex justify="center">
          <Spin />
        </Flex>
      }
    >
      <LazyTabsView {...props} />
    </Suspense>
  );
}

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
