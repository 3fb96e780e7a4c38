/**
 * The drag-and-drop contract between explore's dataset panel (drag sources) and the control panel's
 * drop targets (columns, metrics, filters): HTML5 drag and drop with one JSON payload under one MIME type.
 */

export const EXPLORE_DND_MIME = 'application/x-vitrina-explore';

/** What is being dragged: a dataset column or a saved metric, by name. */
export interface DragPayload {
  kind: 'column' | 'metric';
  name: string;
}

/** Puts the payload on a drag start event (the source side). */
export function setDragPayload(dataTransfer: DataTransfer, payload: DragPayload): void {
  dataTransfer.setData(EXPLORE_DND_MIME, JSON.stringify(payload));
  // Plain text too, so dropping into a text field types the name.
  dataTransfer.setData('text/plain', payload.name);
  dataTransfer.effectAllowed = 'copy';
}

/** Whether a drag carries an explore payload; readable during dragover, when data itself is hidden. */
export function hasDragPayload(dataTransfer: DataTransfer | null): boolean {
  return dataTransfer ? Array.from(dataTransfer.types).includes(EXPLORE_DND_MIME) : false;
}

/** Reads the payload on drop (the target side); null when the drag is not one of explore's. */
export function readDragPayload(dataTransfer: DataTransfer | null): DragPayload | null {
  const text = dataTransfer?.getData(EXPLORE_DND_MIME);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DragPayload>;
    if ((value.kind === 'column' || value.kind === 'metric') && typeof value.name === 'string' && value.name)
      return { kind: value.kind, name: value.name };
  } catch {
    // Not ours: a payload from elsewhere under the same type.
  }
  return null;
}
