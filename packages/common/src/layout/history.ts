/**
 * Bounded undo/redo over whole layouts. UNDO_LIMIT past states are kept; once an older one has to be
 * dropped, `overflowed` stays set (the editor shows the undo limit warning) until the history is
 * recreated after a save.
 */
import { LAYOUT_MESSAGES, type LayoutMessage } from './messages.ts';
import { type DashboardLayout, UNDO_LIMIT } from './types.ts';

export interface LayoutHistory<T = DashboardLayout> {
  past: T[];
  present: T;
  future: T[];
  overflowed: boolean;
}

export function createHistory<T = DashboardLayout>(present: T): LayoutHistory<T> {
  return { past: [], present, future: [], overflowed: false };
}

/** `next` becomes the present; redo states are gone. Recording the present itself changes nothing. */
export function record<T>(history: LayoutHistory<T>, next: T): LayoutHistory<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  const dropped = Math.max(0, past.length - UNDO_LIMIT);
  return {
    past: past.slice(dropped),
    present: next,
    future: [],
    overflowed: history.overflowed || dropped > 0,
  };
}

export function canUndo<T>(history: LayoutHistory<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: LayoutHistory<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: LayoutHistory<T>): LayoutHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: LayoutHistory<T>): LayoutHistory<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { ...history, past: [...history.past, history.present], present: next, future };
}

/** The warning to show once the history has lost its oldest state; null before that. */
export function undoLimitMessage<T>(history: LayoutHistory<T>): LayoutMessage | null {
  return history.overflowed ? LAYOUT_MESSAGES.undoLimit : null;
}
