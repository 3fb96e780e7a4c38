import { GRID_GUTTER_SIZE, nodeOf } from '@vitrina/common';
import type { ReactNode } from 'react';
import { useDashboardContext } from '../context.ts';
import { DropZone } from '../edit/DropZone.tsx';
import { gridWidth } from './gridWidth.ts';
import { LayoutNodeView } from './LayoutNodeView.tsx';
import { hasOwnWidth } from './nodeProps.ts';

interface NodeChildrenProps {
  parentId: string;
  childIds: readonly string[];
  available: number;
  /** A row lays its children side by side; the other containers stack them. */
  direction: 'row' | 'column';
  /** A grid or a tab ends in a roomy drop target instead of a gutter-sized one. */
  roomyEnd?: boolean;
  /** Shown inside the drop zone of an empty container in edit mode. */
  emptyHint?: ReactNode;
}

/**
 * A container's children, each as wide as its grid columns and a gutter apart. In edit mode a drop
 * zone sits in the gutter before each child, and one after the last takes the space left over (in a
 * grid or a tab, a roomy one below the last component).
 */
export function NodeChildren({
  parentId,
  childIds,
  available,
  direction,
  roomyEnd,
  emptyHint,
}: NodeChildrenProps) {
  const { session } = useDashboardContext();
  const { layout, editing } = session;
  const children = childIds.map((id) => nodeOf(layout, id)).filter((child) => child !== undefined);
  return (
    <div
      className={`dashboard-children dashboard-children-${direction}`}
      style={{
        display: 'flex',
        flexDirection: direction,
        flexWrap: 'nowrap',
        gap: GRID_GUTTER_SIZE,
        alignItems: direction === 'row' ? 'flex-start' : 'stretch',
      }}
    >
      {children.map((child, index) => (
        <div
          key={child.id}
          className="dashboard-child"
          style={{
            position: 'relative',
            width: hasOwnWidth(child) ? gridWidth(child.meta.width ?? available, available) : '100%',
            flex: 'none',
            minWidth: 0,
          }}
        >
          {editing && <DropZone parentId={parentId} index={index} direction={direction} placement="before" />}
          <LayoutNodeView node={child} parentId={parentId} index={index} available={available} />
        </div>
      ))}
      {editing && (
        <DropZone
          parentId={parentId}
          index={children.length}
          direction={direction}
          placement={children.length === 0 ? 'fill' : roomyEnd ? 'tail' : 'end'}
        >
          {children.length === 0 ? emptyHint : undefined}
        </DropZone>
      )}
    </div>
  );
}
