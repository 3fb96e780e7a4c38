import { GRID_COLUMN_COUNT } from '@vitrina/common';
import { useDashboardContext } from '../context.ts';
import { EmptyDashboard } from './EmptyDashboard.tsx';
import { NodeChildren } from './NodeChildren.tsx';
import type { NodeViewProps } from './nodeProps.ts';

/** The grid (and the root): its rows, tabs, headers and dividers stacked, 12 columns wide. */
export function GridView({ node }: NodeViewProps) {
  const { session } = useDashboardContext();
  const emptyGrid = node.type === 'GRID' && node.children.length === 0;
  return (
    <div className="dashboard-grid" data-test="dashboard-grid" data-layout-id={node.id}>
      {emptyGrid && !session.editing ? (
        <EmptyDashboard editing={false} />
      ) : (
        <NodeChildren
          parentId={node.id}
          childIds={node.children}
          available={GRID_COLUMN_COUNT}
          direction="column"
          roomyEnd={node.type === 'GRID'}
          emptyHint={emptyGrid ? <EmptyDashboard editing /> : undefined}
        />
      )}
    </div>
  );
}
