import { GRID_COLUMN_COUNT } from '@vitrina/common';
import { NodeChildren } from './NodeChildren.tsx';
import type { NodeViewProps } from './nodeProps.ts';

/** The grid (and the root): its rows, tabs, headers and dividers stacked, 12 columns wide. */
export function GridView({ node }: NodeViewProps) {
  return (
    <div className="dashboard-grid" data-test="dashboard-grid" data-layout-id={node.id}>
      <NodeChildren
        parentId={node.id}
        childIds={node.children}
        available={GRID_COLUMN_COUNT}
        direction="column"
      />
    </div>
  );
}
