import { NodeChildren } from './NodeChildren.tsx';
import type { NodeViewProps } from './nodeProps.ts';

/** A tab's content: what the tabs component shows while the tab is selected. */
export function TabView({ node, available }: NodeViewProps) {
  return (
    <div className="dashboard-tab-content" data-layout-id={node.id}>
      <NodeChildren
        parentId={node.id}
        childIds={node.children}
        available={available}
        direction="column"
        roomyEnd
      />
    </div>
  );
}
