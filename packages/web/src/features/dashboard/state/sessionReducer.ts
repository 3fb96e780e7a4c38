import {
  type DashboardLayout,
  type DashboardMetadata,
  type LayoutHistory,
  record,
  redo,
  undo,
} from '@vitrina/common';
import type { DashboardSession, DashboardSessionAction } from './types.ts';

/** What a discard goes back to: the dashboard as last loaded or saved. */
interface SavedDashboard {
  layout: DashboardLayout;
  css: string;
  metadata: DashboardMetadata;
  title: string;
  titleRu: string;
}

/** The session plus the last saved dashboard, which only the reducer reads. */
export interface DashboardSessionState extends DashboardSession {
  saved: SavedDashboard;
}

const EMPTY_LAYOUT: DashboardLayout = {};

export function initialSession(): DashboardSessionState {
  const saved = { layout: EMPTY_LAYOUT, css: '', metadata: {}, title: '', titleRu: '' };
  return fromSaved(saved, false);
}

function fromSaved(saved: SavedDashboard, editing: boolean): DashboardSessionState {
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

function historyOf(state: DashboardSession): LayoutHistory {
  return {
    past: state.past,
    present: state.layout,
    future: state.future,
    overflowed: state.historyOverflowed,
  };
}

function withHistory(state: DashboardSessionState, history: LayoutHistory): DashboardSessionState {
  return {
    ...state,
    layout: history.present,
    past: history.past,
    future: history.future,
    historyOverflowed: history.overflowed,
  };
}

function currentDashboard(state: DashboardSessionState): SavedDashboard {
  const { layout, css, metadata, title, titleRu } = state;
  return { layout, css, metadata, title, titleRu };
}

/**
 * The dashboard edit session (DESIGN §3.11). Layout changes arrive already made by the common layout
 * operations; here they go into the bounded undo history, and any change marks the dashboard unsaved
 * until a save, a discard, or an undo back to where the history starts.
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
    case 'layout': {
      if (action.layout === state.layout) return state;
      return { ...withHistory(state, record(historyOf(state), action.layout)), unsaved: true };
    }
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
      return { ...state, css: action.css, unsaved: true };
    case 'setMetadata':
      return { ...state, metadata: action.metadata, unsaved: true };
    case 'setTitles':
      return { ...state, title: action.title, titleRu: action.titleRu, unsaved: true };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saveFinished': {
      if (!action.saved) return { ...state, saving: false };
      // A save clears the history and becomes what a discard returns to.
      return fromSaved(currentDashboard(state), state.editing);
    }
    case 'discard':
      return fromSaved(state.saved, false);
  }
}
