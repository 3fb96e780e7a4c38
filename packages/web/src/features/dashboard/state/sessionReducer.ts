import { type LayoutHistory, record, redo, undo } from '@vitrina/common';
import type { DashboardEdits, DashboardSession, DashboardSessionAction } from './types.ts';

/** The session plus the last saved dashboard (what a discard goes back to), which only the reducer reads. */
export interface DashboardSessionState extends DashboardSession {
  saved: DashboardEdits;
}

const EMPTY_EDITS: DashboardEdits = {
  layout: {},
  css: '',
  metadata: {},
  title: '',
  titleRu: '',
  properties: { slug: null, owners: [], roles: [], certifiedBy: null, certificationDetails: null },
};

export function initialSession(): DashboardSessionState {
  return fromSaved(EMPTY_EDITS, false);
}

function fromSaved(saved: DashboardEdits, editing: boolean): DashboardSessionState {
  return {
    ...saved,
    saved,
    editing,
    past: [],
    future: [],
    unsaved: false,
    historyOverflowed: false,
    saving: false,
  };
}

function currentEdits(state: DashboardSessionState): DashboardEdits {
  const { layout, css, metadata, title, titleRu, properties } = state;
  return { layout, css, metadata, title, titleRu, properties };
}

function historyOf(state: DashboardSessionState): LayoutHistory<DashboardEdits> {
  return {
    past: state.past,
    present: currentEdits(state),
    future: state.future,
    overflowed: state.historyOverflowed,
  };
}

function withHistory(
  state: DashboardSessionState,
  history: LayoutHistory<DashboardEdits>,
): DashboardSessionState {
  return {
    ...state,
    ...history.present,
    past: history.past,
    future: history.future,
    historyOverflowed: history.overflowed,
  };
}

/** A change of any edited part: a new step of the history, and the dashboard is unsaved. */
function change(state: DashboardSessionState, patch: Partial<DashboardEdits>): DashboardSessionState {
  const next = { ...currentEdits(state), ...patch };
  return { ...withHistory(state, record(historyOf(state), next)), unsaved: true };
}

/**
 * The dashboard edit session (DESIGN §3.11). Changes arrive already made (layout ones by the common
 * layout operations); each goes into the bounded undo history whole (layout, CSS, metadata, titles and
 * properties together), and any change marks the dashboard unsaved until a save, a discard, or an undo
 * back to where the history starts.
 */
export function sessionReducer(
  state: DashboardSessionState,
  action: DashboardSessionAction,
): DashboardSessionState {
  switch (action.type) {
    case 'load': {
      const { type: _type, ...saved } = action;
      return fromSaved(saved, state.editing);
    }
    case 'setEditing':
      return { ...state, editing: action.editing };
    case 'layout':
      return action.layout === state.layout ? state : change(state, { layout: action.layout });
    case 'undo': {
      if (state.past.length === 0) return state;
      const history = undo(historyOf(state));
      return { ...withHistory(state, history), unsaved: history.past.length > 0 };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      return { ...withHistory(state, redo(historyOf(state))), unsaved: true };
    }
    case 'setCss':
      return action.css === state.css ? state : change(state, { css: action.css });
    case 'setMetadata':
      return action.metadata === state.metadata ? state : change(state, { metadata: action.metadata });
    case 'setTitles':
      return change(state, { title: action.title, titleRu: action.titleRu });
    case 'setProperties': {
      const { type: _type, ...edits } = action;
      return change(state, edits);
    }
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saveFinished': {
      if (!action.saved) return { ...state, saving: false };
      // A save clears the history and becomes what a discard returns to.
      return fromSaved(currentEdits(state), state.editing);
    }
    case 'discard':
      return fromSaved(state.saved, false);
  }
}
