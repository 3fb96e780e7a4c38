import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, record, redo, undo, undoLimitMessage } from './history.ts';
import { UNDO_LIMIT } from './types.ts';

describe('layout history', () => {
  it('undoes and redoes recorded states', () => {
    let history = createHistory('a');
    expect(canUndo(history)).toBe(false);
    history = record(record(history, 'b'), 'c');
    expect(history.present).toBe('c');
    history = undo(history);
    expect(history.present).toBe('b');
    expect(canRedo(history)).toBe(true);
    history = undo(history);
    expect(history.present).toBe('a');
    expect(undo(history)).toBe(history);
    history = redo(redo(history));
    expect(history.present).toBe('c');
    expect(canRedo(history)).toBe(false);
    expect(redo(history)).toBe(history);
  });

  it('forgets redo states when something new is recorded, and ignores recording the present', () => {
    let history = undo(record(record(createHistory('a'), 'b'), 'c'));
    history = record(history, 'd');
    expect(history.future).toEqual([]);
    expect(history.past).toEqual(['a', 'b']);
    expect(record(history, history.present)).toBe(history);
  });

  it('keeps 52 undo slots and flags the loss of the oldest state', () => {
    expect(UNDO_LIMIT).toBe(52);
    let history = createHistory(0);
    for (let step = 1; step <= UNDO_LIMIT; step += 1) history = record(history, step);
    expect(history.past).toHaveLength(UNDO_LIMIT);
    expect(history.overflowed).toBe(false);
    expect(undoLimitMessage(history)).toBeNull();
    history = record(history, UNDO_LIMIT + 1);
    expect(history.past).toHaveLength(UNDO_LIMIT);
    expect(history.past[0]).toBe(1);
    expect(history.overflowed).toBe(true);
    expect(undoLimitMessage(history)).toEqual({
      key: 'dashboardEdit.messages.undoLimit',
      text: 'You have used all 52 undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
    });
    // The flag stays until the history is recreated (after a save).
    expect(undo(history).overflowed).toBe(true);
    expect(createHistory(history.present).overflowed).toBe(false);
  });
});
