import type { DraggedComponent } from '@vitrina/common';

/**
 * The component being dragged. HTML5 drag events do not let drop targets read the dragged data until
 * the drop, and targets must decide on every dragover whether they accept it, so it is kept here.
 */
export interface Dragging extends DraggedComponent {
  /** A chart from the palette: its definition is fetched when it lands. */
  chartId?: number;
}

let current: Dragging | null = null;

export const DRAG_MIME = 'application/x-vitrina-layout';

export function startDragging(event: React.DragEvent, dragging: Dragging): void {
  current = dragging;
  event.dataTransfer.effectAllowed = 'move';
  // Some browsers start a drag only when it carries data.
  event.dataTransfer.setData(DRAG_MIME, JSON.stringify(dragging));
  event.dataTransfer.setData('text/plain', dragging.id ?? dragging.type);
}

export function currentDragging(): Dragging | null {
  return current;
}

export function stopDragging(): void {
  current = null;
}
