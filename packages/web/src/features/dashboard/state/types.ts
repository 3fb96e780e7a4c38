import type { DashboardLayout, DashboardMetadata } from '@vitrina/common';

/**
 * The dashboard edit session (DESIGN §3.11): editing state held in a reducer, separate from the
 * server state in the data client. Layout changes go only through the pure operations of
 * `@vitrina/common` layout; the reducer records them in the bounded undo history.
 */
export interface DashboardSession {
  editing: boolean;
  /** The layout as shown now (the history's present). */
  layout: DashboardLayout;
  /** Earlier layouts, oldest first, at most UNDO_LIMIT; and the undone ones for redo. */
  past: DashboardLayout[];
  future: DashboardLayout[];
  /** Set by any layout or property change; cleared by a save, a discard, or undo back to the start. */
  unsaved: boolean;
  /** Set once the undo history has dropped its oldest entry (the spec's warning shows once). */
  historyOverflowed: boolean;
  /** Edited before save: CSS (applied live), metadata (colour scheme, refresh…), titles, certification. */
  css: string;
  metadata: DashboardMetadata;
  title: string;
  titleRu: string;
  saving: boolean;
}

/** Everything that changes the session. Layout actions carry what the common operation needs. */
export type DashboardSessionAction =
  | {
      type: 'load';
      layout: DashboardLayout;
      css: string;
      metadata: DashboardMetadata;
      title: string;
      titleRu: string;
    }
  | { type: 'setEditing'; editing: boolean }
  | { type: 'layout'; layout: DashboardLayout }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'setCss'; css: string }
  | { type: 'setMetadata'; metadata: DashboardMetadata }
  | { type: 'setTitles'; title: string; titleRu: string }
  | { type: 'saveStarted' }
  | { type: 'saveFinished'; saved: boolean }
  | { type: 'discard' };
