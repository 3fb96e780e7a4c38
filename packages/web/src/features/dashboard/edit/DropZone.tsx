import { GRID_GUTTER_SIZE, isValidDrop } from '@vitrina/common';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useDashboardContext } from '../context.ts';
import { currentDragging, stopDragging } from './dragState.ts';
import { useEditActions } from './editActions.ts';

interface DropZoneProps {
  parentId: string;
  index: number;
  direction: 'row' | 'column';
  /**
   * In the gutter before a child, after the last child, the whole of an empty container, or the
   * roomy target after the last child of a grid or tab.
   */
  placement: 'before' | 'end' | 'fill' | 'tail';
  /** What an empty container's zone shows (it takes no pointer events, so the zone keeps the drag). */
  children?: ReactNode;
}

const G = GRID_GUTTER_SIZE;
/** The height of the drop target after a grid's last component (Superset's empty drop area). */
export const TAIL_DROP_HEIGHT = 6 * G;

function placementStyle(direction: 'row' | 'column', placement: DropZoneProps['placement']): CSSProperties {
  if (placement === 'fill') return { minHeight: 48, flex: '1 1 auto' };
  // It starts in the gutter under the last component, so the whole space below it takes the drop.
  if (placement === 'tail') return { minHeight: TAIL_DROP_HEIGHT, marginTop: -G, flex: '1 1 auto' };
  if (placement === 'end') {
    return direction === 'row'
      ? { flex: '1 1 0', alignSelf: 'stretch', minWidth: G, marginLeft: -G, marginRight: -G, minHeight: 48 }
      : { height: G, marginTop: -G / 2 };
  }
  return direction === 'row'
    ? { position: 'absolute', top: 0, bottom: 0, left: -G, width: G }
    : { position: 'absolute', left: 0, right: 0, top: -G, height: G };
}

/** Where a dragged component can land; shows the drop indicator while a valid drag is over it. */
export function DropZone({ parentId, index, direction, placement, children }: DropZoneProps) {
  const { session } = useDashboardContext();
  const edits = useEditActions();
  const [over, setOver] = useState(false);
  const destination = { parentId, index };

  const accepts = () => {
    const dragging = currentDragging();
    return dragging !== null && isValidDrop(session.layout, dragging, destination);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target of pointer drag and drop, not a control
    <div
      className={`dashboard-drop-zone dashboard-drop-zone-${placement}${over ? ' dashboard-drop-zone-over' : ''}`}
      data-test="drop-zone"
      data-parent-id={parentId}
      data-index={index}
      style={{ ...placementStyle(direction, placement), zIndex: over ? 3 : 1 }}
      onDragOver={(event) => {
        if (!accepts()) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        const dragging = currentDragging();
        const accepted = accepts();
        stopDragging();
        if (dragging && accepted) edits.drop(dragging, destination);
      }}
    >
      {children}
    </div>
  );
}
