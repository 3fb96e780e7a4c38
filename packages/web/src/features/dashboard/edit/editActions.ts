import type { DashboardChartDto, DropDestination, LayoutMessage } from '@vitrina/common';
import { createContext, useContext } from 'react';
import type { Dragging } from './dragState.ts';

/** The editing actions layout components call; each goes through a common layout operation. */
export interface EditActions {
  drop: (dragging: Dragging, destination: DropDestination) => void;
  remove: (id: string) => void;
  resize: (id: string, size: { width?: number; height?: number }) => void;
  updateMeta: (id: string, meta: Record<string, unknown>) => void;
  /** Shows a layout message (translated) as a warning toast. */
  warn: (message: LayoutMessage) => void;
  /** A chart's definition fetched for the palette, kept for charts dropped in this session. */
  chartAdded: (chart: DashboardChartDto) => void;
}

export const EditActionsContext = createContext<EditActions | null>(null);

export function useEditActions(): EditActions {
  const value = useContext(EditActionsContext);
  if (!value) throw new Error('useEditActions outside an editing dashboard');
  return value;
}

/** The editing actions, or null in view mode. */
export function useOptionalEditActions(): EditActions | null {
  return useContext(EditActionsContext);
}
