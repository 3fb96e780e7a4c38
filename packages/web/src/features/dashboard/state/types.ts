import type { DashboardLayout, DashboardMetadata, RoleRefDto, UserRefDto } from '@vitrina/common';

/** The properties-modal fields the session holds besides the titles and metadata. */
export interface DashboardProperties {
  slug: string | null;
  owners: UserRefDto[];
  roles: RoleRefDto[];
  certifiedBy: string | null;
  certificationDetails: string | null;
}

/**
 * Everything edit mode changes before a save: the layout, CSS (applied live), metadata (colour scheme,
 * refresh…), titles and the other properties. One entry of the undo history.
 */
export interface DashboardEdits {
  layout: DashboardLayout;
  css: string;
  metadata: DashboardMetadata;
  title: string;
  titleRu: string;
  properties: DashboardProperties;
}

/**
 * The dashboard edit session (DESIGN §3.11): editing state held in a reducer, separate from the
 * server state in the data client. Layout changes go only through the pure operations of
 * `@vitrina/common` layout; the reducer records every change in the bounded undo history.
 */
export interface DashboardSession extends DashboardEdits {
  editing: boolean;
  /** Earlier states, oldest first, at most UNDO_LIMIT; and the undone ones for redo. */
  past: DashboardEdits[];
  future: DashboardEdits[];
  /** Set by any layout or property change; cleared by a save, a discard, or undo back to the start. */
  unsaved: boolean;
  /** Set once the undo history has dropped its oldest entry (the spec's warning shows once). */
  historyOverflowed: boolean;
  saving: boolean;
}

/** Everything that changes the session. Layout actions carry what the common operation needs. */
export type DashboardSessionAction =
  | ({ type: 'load' } & DashboardEdits)
  | { type: 'setEditing'; editing: boolean }
  | { type: 'layout'; layout: DashboardLayout }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'setCss'; css: string }
  | { type: 'setMetadata'; metadata: DashboardMetadata }
  | { type: 'setTitles'; title: string; titleRu: string }
  /** The properties modal applied in edit mode: one step of the history. */
  | {
      type: 'setProperties';
      title: string;
      titleRu: string;
      metadata: DashboardMetadata;
      properties: DashboardProperties;
    }
  | { type: 'saveStarted' }
  | { type: 'saveFinished'; saved: boolean }
  | { type: 'discard' };
